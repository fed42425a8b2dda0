import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logInThroughUi, newcomer, readyMember, uniqueStamp } from './support.ts';

const ARENA_JPG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/arena.jpg');
const DEMO_PASSWORD = 'Buckle#2026';
/** A demo member with a private account, a stranger to newcomers (apps/server/src/seed/demo-profiles.ts). */
const PRIVATE_DEMO = { email: 'shelby.tate@demo.corral.app', password: DEMO_PASSWORD };

type Member = ReturnType<typeof newcomer>;

/** Interested in barrel racing and the PRCA, so the demo community's public events fill the timeline. */
const INTERESTS = { eventTypes: ['BRL'], associations: ['PRCA'] };

async function idOf(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: who });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).user.id as string;
}

async function signIn(page: Page, member: Member) {
  await logInThroughUi(page, member.email, member.password);
  await page.waitForURL('**/social_home/friend-list', { timeout: 8_000 });
}

const header = (page: Page) => page.getByRole('region', { name: 'Profile' });

test("a member opens another member's profile from a card in the feed and asks to be friends", async ({
  page,
  request,
}) => {
  const member = newcomer('visitor');
  await readyMember(request, member, INTERESTS);
  await signIn(page, member);

  // A demo event in the timeline: its author's photo leads to the author's profile.
  const card = page.getByRole('feed', { name: 'Posts' }).getByRole('article').filter({ hasText: 'Pendleton Round-Up' });
  await card.getByRole('link', { name: 'Tanner McCoy' }).first().click();
  await page.waitForURL('**/social_home/profile/**');
  await expect(header(page).getByRole('heading', { name: 'Tanner McCoy' })).toBeVisible();
  await expect(header(page).getByText('Public account')).toBeVisible();
  await expect(header(page).getByRole('definition')).toHaveCount(3);
  // His posts and events, as the feed's cards.
  await expect(
    page.getByRole('feed', { name: 'Posts and events by Tanner McCoy' }).getByText('Pendleton Round-Up'),
  ).toBeVisible();
  // Message opens or starts the conversation (messages.e2e.ts walks it).
  await expect(header(page).getByRole('button', { name: 'Message', exact: true })).toBeEnabled();

  await header(page).getByRole('button', { name: 'Add friend' }).click();
  await expect(page.getByText('Friend request sent.')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Pending' })).toBeDisabled();
  // The server has it: still pending after a reload, and it can be withdrawn.
  await page.reload();
  await expect(header(page).getByRole('button', { name: 'Pending' })).toBeDisabled();
  await header(page).getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText('Friend request cancelled.')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Add friend' })).toBeEnabled();
  await header(page).getByRole('button', { name: 'Add friend' }).click();
  await expect(header(page).getByRole('button', { name: 'Pending' })).toBeDisabled();
});

test('a private profile shows a stranger only who it is, behind a locked notice @phone', async ({ page, request }) => {
  const member = newcomer('stranger');
  await readyMember(request, member, INTERESTS);
  const privateId = await idOf(request, PRIVATE_DEMO);
  await signIn(page, member);

  // Someone else's id under /myprofile goes to their profile.
  await page.goto(`/social_home/myprofile/${privateId}`);
  await page.waitForURL(`**/social_home/profile/${privateId}`);
  await expect(header(page).getByRole('heading', { name: 'Shelby Tate' })).toBeVisible();
  await expect(header(page).getByRole('img', { name: 'Shelby Tate' })).toBeVisible();
  await expect(header(page).getByText('Private account')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This account is private' })).toBeVisible();
  await expect(page.getByText('Add Shelby as a friend to see their posts and events.')).toBeVisible();
  await expect(header(page).getByRole('definition')).toHaveCount(0);
  await expect(page.getByRole('feed')).toHaveCount(0);
  await expect(header(page).getByRole('button', { name: 'Add friend' })).toBeEnabled();

  await page.goto('/social_home/profile/no-such-member');
  await expect(page.getByText('User not found.')).toBeVisible();
});

test('a member sees their own profile, renames themselves, changes the photo and makes the account private', async ({
  page,
  request,
}) => {
  const member = newcomer('owner');
  const { id, token } = await readyMember(request, member, INTERESTS);
  const stamp = uniqueStamp();
  const text = `First ride of the season ${stamp}`;
  const posted = await request.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title: text },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await signIn(page, member);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.waitForURL(`**/social_home/myprofile/${id}`);
  await expect(header(page).getByRole('heading', { name: `${member.firstName} ${member.lastName}` })).toBeVisible();
  await expect(header(page).getByText('Public account')).toBeVisible();
  await expect(header(page).getByRole('definition')).toHaveText(['0', '0', '0']);
  await expect(header(page).getByRole('button', { name: 'Delete account' })).toBeVisible();
  await expect(page.getByRole('feed', { name: 'Your posts and events' }).getByRole('article')).toContainText(text);

  // Edit the name: the header, the sidebar and the account menu follow.
  const newLast = `Roper ${stamp}`;
  const pencil = header(page).getByRole('button', { name: 'Edit name' });
  // By keyboard: the first field takes the focus, and Escape gives it back to the pencil.
  await pencil.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit name' });
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(pencil).toBeFocused();
  await pencil.click();
  await dialog.getByLabel('First name').fill('  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('First name').fill(member.firstName);
  await dialog.getByLabel('Last name').fill(newLast);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your name has been updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const newName = `${member.firstName} ${newLast}`;
  await expect(header(page).getByRole('heading', { name: newName })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Social sections' }).getByText(newName)).toBeVisible();
  await expect(page.getByRole('feed', { name: 'Your posts and events' }).getByRole('article')).toContainText(newName);

  // A new photo, cropped square, uploaded through the image pipeline.
  await page.getByTestId('avatar-input').setInputFiles(ARENA_JPG);
  const photo = page.getByRole('dialog', { name: 'Profile photo' });
  await expect(photo.getByRole('button', { name: 'Square' })).toHaveCount(0);
  await photo.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(page.getByText('Your profile photo has been updated.')).toBeVisible();
  const avatar = header(page).getByRole('img', { name: newName });
  await expect(avatar).toHaveAttribute('src', /^\/media\/i\/[0-9a-f]{32}\/\d+\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute(
    'src',
    (await avatar.getAttribute('src')) ?? '',
  );

  // Account privacy: the dropdown's badge and the header follow the server.
  await page.getByRole('button', { name: 'Account menu' }).click();
  const privacy = page.getByRole('menuitemcheckbox', { name: /Account privacy/ });
  await expect(privacy).toContainText('Public');
  await expect(privacy).toHaveAttribute('aria-checked', 'false');
  await privacy.click();
  await expect(privacy).toContainText('Private');
  await expect(privacy).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(header(page).getByText('Private account')).toBeVisible();
  await page.reload();
  await expect(header(page).getByText('Private account')).toBeVisible();

  // Strangers now see only who the member is.
  const demo = await request.post('/api/login', { data: { email: 'demo@corral.app', password: DEMO_PASSWORD } });
  const seen = await request.get(`/api/users/${id}`, {
    headers: { authorization: `Bearer ${(await demo.json()).user.api_token}` },
  });
  expect(await seen.json()).toMatchObject({ name: newName, is_private: true, counts: null });
});
