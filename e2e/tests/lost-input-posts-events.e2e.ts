import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { logInThroughUi, newcomer, readyMember, recordDialogs, uniqueStamp } from './support.ts';

const ARENA_JPG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/arena.jpg');

type Member = ReturnType<typeof newcomer>;

async function signIn(page: Page, member: Member) {
  await logInThroughUi(page, member.email, member.password);
  await page.waitForURL('**/social_home/friend-list', { timeout: 8_000 });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/sign-in', { timeout: 8_000 });
}

async function openComposer(page: Page) {
  await page.getByRole('button', { name: "What's on your mind?" }).click();
  const composer = page.getByRole('dialog', { name: 'Create Post' });
  await expect(composer).toBeVisible();
  return composer;
}

// Measured at both ends of the range the product supports: a wide desktop and a small phone.
for (const width of [1440, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('Create Post keeps text and photos through a reload mid-upload, warns before leaving, and keeps each member their own draft', async ({
      page,
      request,
    }) => {
      const [author, other] = [newcomer('drafter'), newcomer('neighbour')];
      await Promise.all([readyMember(request, author), readyMember(request, other)]);
      await signIn(page, author);
      const dialogs = recordDialogs(page);

      const text = `Slack round at dawn ${uniqueStamp()}`;
      let composer = await openComposer(page);
      await composer.getByRole('textbox', { name: 'Post text' }).fill(text);
      await page.getByTestId('post-photo-input').setInputFiles([ARENA_JPG, ARENA_JPG]);
      await composer.getByRole('button', { name: 'Confirm Crop' }).click();
      await expect(composer.getByText('Photo 2 of 2')).toBeVisible();
      await composer.getByRole('button', { name: 'Confirm Crop' }).click();
      await expect(composer.getByRole('button', { name: 'Change Image 2' })).toBeVisible();

      // The upload hangs (a slow connection); leaving the page now asks first, and the draft outlives it.
      await page.route('**/api/posts', (route) => (route.request().method() === 'POST' ? undefined : route.fallback()));
      await composer.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(composer.getByRole('progressbar', { name: 'Uploading photos' })).toBeVisible();
      await page.reload();
      expect(dialogs).toEqual(['beforeunload']);
      await page.unroute('**/api/posts');

      composer = await openComposer(page);
      await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue(text);
      await expect(composer.getByRole('list', { name: 'Photos in this post' }).getByRole('listitem')).toHaveCount(2);
      await expect(composer.getByText('Your unsent post was kept.')).toBeVisible();

      // Posted, the draft is gone: the composer opens empty, after a reload too.
      const created = page.waitForResponse((r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST');
      await composer.getByRole('button', { name: 'Post', exact: true }).click();
      expect(((await (await created).json()).data as { media: unknown[] }).media).toHaveLength(2);
      await expect(composer).toBeHidden();
      await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toContainText(text);
      composer = await openComposer(page);
      await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue('');
      await page.reload();
      composer = await openComposer(page);
      await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue('');
      await expect(composer.getByRole('list', { name: 'Photos in this post' })).toHaveCount(0);

      // A draft is the member's own: another member on this browser never sees it, and Logout takes it off the
      // browser (ADR 023).
      const mine = `Only for me ${uniqueStamp()}`;
      await composer.getByRole('textbox', { name: 'Post text' }).fill(mine);
      await page.getByTestId('post-photo-input').setInputFiles(ARENA_JPG);
      await composer.getByRole('button', { name: 'Confirm Crop' }).click();
      await expect(composer.getByRole('button', { name: 'Change Image 1' })).toBeVisible();
      await page.keyboard.press('Escape');
      await logOut(page);
      await signIn(page, other);
      composer = await openComposer(page);
      await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue('');
      await expect(composer.getByRole('list', { name: 'Photos in this post' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await logOut(page);
      await signIn(page, author);
      composer = await openComposer(page);
      await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue('');
      await expect(composer.getByRole('list', { name: 'Photos in this post' })).toHaveCount(0);
      await composer.getByRole('textbox', { name: 'Post text' }).fill(mine);
      await page.getByTestId('post-photo-input').setInputFiles(ARENA_JPG);
      await composer.getByRole('button', { name: 'Confirm Crop' }).click();
      await expect(composer.getByRole('button', { name: 'Change Image 1' })).toBeVisible();

      // Discarded, it is gone for good.
      await composer.getByRole('button', { name: 'Discard draft' }).click();
      await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue('');
      await expect(composer.getByRole('list', { name: 'Photos in this post' })).toHaveCount(0);
      await page.reload();
      composer = await openComposer(page);
      await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue('');
      await expect(composer.getByRole('list', { name: 'Photos in this post' })).toHaveCount(0);
      // Only the one reload during the upload asked before leaving.
      expect(dialogs).toEqual(['beforeunload']);
    });

    test('Create Event keeps its photo through a reload, sends one still in the crop step as framed, stops on one that cannot be framed; no added money, no line', async ({
      page,
      request,
    }) => {
      const host = newcomer('cropper');
      await readyMember(request, host);
      await signIn(page, host);

      await page.getByRole('button', { name: 'Create event' }).click();
      const modal = page.getByRole('dialog', { name: 'Create Event' });
      const title = `Crop Step Classic ${uniqueStamp()}`;
      await modal.getByLabel('Event title').fill(title);
      await modal.getByLabel('Start date').fill('2027-05-01');
      await modal.getByLabel('Start time').fill('09:00');
      await modal.getByLabel('End date').fill('2027-05-02');
      await modal.getByLabel('End time').fill('18:00');
      await modal.getByLabel('Event location').fill('Salinas Sports Complex');
      await modal.getByLabel('Event address').fill('1034 N Main St, Salinas, CA');
      await modal.getByRole('radio', { name: 'Rodeo' }).check();
      await modal.getByLabel('Performance 1 name').fill('Team Roping');
      await modal.getByLabel('Date', { exact: true }).first().fill('2027-05-01');
      await modal.getByLabel('Time', { exact: true }).first().fill('10:00');
      await modal.getByRole('button', { name: 'Remove performance 2' }).click();
      await modal.getByLabel('Association type').selectOption({ index: 1 });
      await modal.getByLabel('Circuits').selectOption({ index: 1 });
      await modal.getByRole('radio', { name: 'No' }).check();

      // A photo the browser cannot open stops the submit, saying so over the crop step.
      const eventPosts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/events')) eventPosts.push(r.url());
      });
      await page
        .getByTestId('event-image-input')
        .setInputFiles({ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
      await modal.getByRole('button', { name: 'Create Event' }).click();
      await expect(
        modal.getByText(
          'This photo could not be opened, so it was not used. Press Cancel, then choose another photo or go on without one.',
          { exact: true },
        ),
      ).toBeInViewport();
      await expect(page.getByText('Your event is live.')).toHaveCount(0);
      expect(eventPosts).toEqual([]);
      await modal.getByRole('region', { name: 'Crop photo' }).getByRole('button', { name: 'Cancel' }).click();

      // A cropped photo is kept with the draft across a reload.
      await page.getByTestId('event-image-input').setInputFiles(ARENA_JPG);
      await modal.getByRole('button', { name: 'Confirm Crop' }).click();
      await expect(modal.getByRole('img', { name: "Preview of the event's cover" })).toBeVisible();
      await page.reload();
      await page.getByRole('button', { name: 'Create event' }).click();
      await expect(modal.getByLabel('Event title')).toHaveValue(title);
      await expect(modal.getByRole('img', { name: "Preview of the event's cover" })).toBeVisible();

      // Changed, the new photo waits in the crop step, framed as a square, when Create Event is pressed.
      const chooser = page.waitForEvent('filechooser');
      await modal.getByRole('button', { name: 'Change image' }).click();
      await (await chooser).setFiles(ARENA_JPG);
      await modal.getByRole('button', { name: 'Square' }).click();
      await expect(modal.getByRole('button', { name: 'Confirm Crop' })).toBeEnabled();
      const created = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.request().method() === 'POST');
      await modal.getByRole('button', { name: 'Create Event' }).click();
      const item = (await (await created).json()).data as { media: { width: number; height: number }[] };
      expect(item.media).toHaveLength(1);
      expect(item.media[0]?.width).toBe(item.media[0]?.height);
      await expect(page.getByText('Your event is live.')).toBeVisible();
      await expect(modal).toBeHidden();

      // Its card shows the photo, and says nothing of added money it does not have.
      const card = page.getByRole('feed', { name: 'Posts' }).getByRole('article').filter({ hasText: title });
      await expect(card.locator('img[srcset]').first()).toBeVisible();
      await expect(card.getByText('Starts')).toBeVisible();
      await expect(card.getByText('Added money')).toHaveCount(0);
      await expect(card.getByText('$0')).toHaveCount(0);
      // Nor does its detail.
      await card.getByRole('link', { name: title }).click();
      const detail = page.getByRole('dialog', { name: title });
      await expect(detail.getByText('Confirmation status')).toBeVisible();
      await expect(detail.getByText('Added money')).toHaveCount(0);
      await expect(detail.getByRole('img', { name: title })).toBeVisible();
    });
  });
}
