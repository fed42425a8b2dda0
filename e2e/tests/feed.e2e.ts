import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { uniqueStamp } from './support.ts';

const ARENA_JPG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/arena.jpg');
const DEMO = { email: 'demo@corral.app', password: 'Buckle#2026' };
/** A friend of the demo member in the demo community (same password). */
const FRIEND = { email: 'cody.braddock@demo.corral.app', password: DEMO.password };

async function logInByApi(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: who });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).user as { id: string; api_token: string; first_name: string };
}

/** Signs in through the screen and lands on the feed. */
async function openFeedAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/social_home/friend-list', { timeout: 8_000 });
}

const posts = (page: Page) => page.getByRole('feed', { name: 'Posts' }).getByRole('article');

test('a member posts a cropped photo, likes, comments, shares, reports, browses a gallery and opens a copied link', async ({
  page,
  request,
  context,
}) => {
  const stamp = uniqueStamp();
  // A friend posts something the demo member will report (new each run, so a retry reports afresh).
  const friend = await logInByApi(request, FRIEND);
  const friendText = `Loose cattle on the highway ${stamp}`;
  const friendPost = await request.post('/api/posts', {
    headers: { authorization: `Bearer ${friend.api_token}` },
    multipart: { title: friendText },
  });
  expect(friendPost.status(), await friendPost.text()).toBe(200);

  await openFeedAs(page, DEMO);

  // Add Friend on a suggestion sends a real friend request.
  const people = page.getByRole('region', { name: 'People you may know' });
  const add = people.getByRole('button', { name: /^Add .+ as a friend$/ }).first();
  const someone = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add (.+) as a friend$/, '$1');
  await add.click();
  await expect(page.getByText('Friend request sent.')).toBeVisible();
  await expect(people.getByRole('button', { name: `Request sent to ${someone}` })).toBeDisabled();

  // Create a post with a photo cropped to a square.
  const text = `Short round tonight ${stamp}`;
  await page.getByRole('button', { name: "What's on your mind?" }).click();
  const composer = page.getByRole('dialog', { name: 'Create Post' });
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await composer.getByRole('textbox', { name: 'Post text' }).fill(text);
  await page.getByTestId('post-photo-input').setInputFiles(ARENA_JPG);
  await composer.getByRole('button', { name: 'Square' }).click();
  await composer.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(composer.getByRole('button', { name: 'Change Image 1' })).toBeVisible();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/posts') && r.request().method() === 'POST');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const createdItem = (await (await created).json()).data as { id: number; media: { width: number; height: number }[] };
  // The crop reached the server: one square photo, at most 1024 px.
  expect(createdItem.media).toHaveLength(1);
  expect(createdItem.media[0]?.width).toBe(createdItem.media[0]?.height);
  expect(createdItem.media[0]?.width).toBeLessThanOrEqual(1024);
  await expect(composer).toBeHidden();

  const mine = posts(page).first();
  await expect(mine).toContainText(text);
  await expect(mine.locator('img[srcset]')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Open photo 1 of 1' })).toBeVisible();

  // Like it: counted at once, kept after a reload.
  await mine.getByRole('button', { name: '0 Likes' }).click();
  await expect(mine.getByRole('button', { name: '1 Likes' })).toHaveAttribute('aria-pressed', 'true');

  // Comment on it.
  await mine.getByRole('button', { name: '0 Comments' }).click();
  const comments = page.getByRole('dialog', { name: "Dakota's Post" });
  await expect(comments.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  const commentBox = comments.getByPlaceholder('Write a comment...');
  await expect(comments.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await commentBox.fill('Go get em!');
  await comments.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(comments.getByText('Go get em!')).toBeVisible();
  await expect(commentBox).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(mine.getByRole('button', { name: '1 Comments' })).toBeVisible();

  // Share it to the feed with a comment: the share comes first, carrying the post.
  await mine.getByRole('button', { name: /Shares/ }).click();
  await page.getByRole('menuitem', { name: 'Share to Feed (with comment)' }).click();
  const shareDialog = page.getByRole('dialog', { name: /Share to Feed/ });
  await shareDialog.getByRole('textbox').fill(`Proud of this one ${stamp}`);
  await shareDialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(shareDialog).toBeHidden();
  await expect(posts(page).first()).toContainText(`Proud of this one ${stamp}`);
  await expect(posts(page).first()).toContainText(text);

  // Report the friend's post: 'Other' needs a reason.
  await page.reload();
  const theirs = posts(page).filter({ hasText: friendText }).first();
  await theirs.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report This Post' });
  await expect(report.getByText('Why is this inappropriate?')).toBeVisible();
  await expect(report.getByRole('radio', { name: 'Spam or Misleading' })).toBeChecked();
  await report.getByRole('radio', { name: 'Other' }).click();
  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.message());
      await dialog.accept();
    }),
  );
  await report.getByRole('button', { name: 'Submit' }).click();
  expect(await alerted).toBe('Please specify your reason in the text box.');
  await report.getByRole('textbox').fill('Not about rodeo at all');
  await report.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Report submitted with reason: "Other"')).toBeVisible();
  await expect(report).toBeHidden();

  // A demo post with several photos opens the gallery; move through it.
  const album = posts(page)
    .filter({ has: page.getByRole('button', { name: /^Open photo 1 of [3-9]/ }) })
    .first();
  await album.getByRole('button', { name: /^Open photo 1 of/ }).click();
  const gallery = page.getByRole('dialog', { name: /Photos/ });
  await expect(gallery.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(gallery.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Go to slide 3' }).click();
  await expect(gallery.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(gallery.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Close' }).click();
  await expect(gallery).toBeHidden();

  // Copy the link of my post and open it on its own route, with its comment.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const myPost = posts(page).filter({ hasText: text }).filter({ hasNotText: 'Proud of this one' }).first();
  await myPost.getByRole('button', { name: /Shares/ }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/social_home/post/${createdItem.id}$`));
  await page.goto(link);
  await expect(page.getByRole('article').first()).toContainText(text);
  await expect(page.getByText('Go get em!')).toBeVisible();
});

test('the feed works on a phone: post from the composer and see it first @phone', async ({ page }) => {
  await openFeedAs(page, DEMO);
  const text = `From the trailer ${uniqueStamp()}`;
  await page.getByRole('button', { name: "What's on your mind?" }).click();
  const composer = page.getByRole('dialog', { name: 'Create Post' });
  await composer.getByRole('textbox', { name: 'Post text' }).fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(composer).toBeHidden();
  await expect(posts(page).first()).toContainText(text);
  await expect(page.getByRole('button', { name: 'Show More' })).toBeVisible();
});
