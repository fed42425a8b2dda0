import { type Browser, expect, type Page, test } from '@playwright/test';
import { logInThroughUi, newcomer, readyMember, uniqueStamp } from './support.ts';

/**
 * Two people side by side, each in a browser context of their own: A on a phone, B at a desk. A finds B by
 * the first letters of B's name, sees B's private profile locked, asks to be friends; B's bell and sidebar
 * show it without a reload; B confirms; A hears of it live and now sees B's posts. B deletes the account, and
 * A no longer finds B anywhere.
 */

type Member = ReturnType<typeof newcomer>;

async function signedIn(browser: Browser, member: Member, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  await logInThroughUi(page, member.email, member.password);
  await page.waitForURL('**/social_home/friend-list', { timeout: 8_000 });
  return page;
}

/** The top bar's search box; on a phone its button opens it first. */
async function searchBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search Corral' });
  if (!(await box.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(box).toBeVisible();
  return box;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('two members become friends live, and a deleted account vanishes', async ({ browser, request }, testInfo) => {
  const stamp = uniqueStamp();
  const a = { ...newcomer('phone-a'), firstName: 'Dakota', lastName: `Reyes${stamp}` };
  const b = { ...newcomer('desk-b'), firstName: 'Marisol', lastName: `Quintána${stamp}` };
  const memberA = await readyMember(request, a);
  const memberB = await readyMember(request, b);
  const nameA = `${a.firstName} ${a.lastName}`;
  const nameB = `${b.firstName} ${b.lastName}`;
  // B is private and has posted.
  expect((await request.patch('/api/me', { headers: memberB.headers, data: { is_private: true } })).status()).toBe(200);
  const secret = `Morning ride at the arena ${stamp}`;
  const posted = await request.post('/api/posts', { headers: memberB.headers, multipart: { title: secret } });
  expect(posted.status(), await posted.text()).toBe(200);

  const pageA = await signedIn(browser, a, { width: 390, height: 844 });
  const pageB = await signedIn(browser, b, { width: 1280, height: 900 });

  // A finds B by the first letters of B's name, accents and case aside.
  const box = await searchBox(pageA);
  await box.pressSequentially(`MARISOL QUINTANA${stamp}`.slice(0, 14));
  const option = pageA.getByRole('option', { name: nameB });
  await expect(option).toBeVisible();
  await option.click();
  await pageA.waitForURL(`**/social_home/profile/${memberB.id}`);

  // Private and not a friend: name, avatar and the locked notice; nothing B posted.
  await expect(pageA.getByRole('heading', { name: nameB })).toBeVisible();
  await expect(pageA.getByText('This account is private')).toBeVisible();
  await expect(pageA.getByText(secret)).toBeHidden();
  await pageA.screenshot({ path: testInfo.outputPath('a-locked-profile-phone.png') });

  // A asks; the button turns to Pending.
  await pageA.getByRole('button', { name: 'Add friend' }).click();
  await expect(pageA.getByRole('button', { name: 'Pending', exact: true })).toBeDisabled();

  // B's bell and sidebar show it, without a reload.
  await expect(bell(pageB)).toHaveAccessibleName('Notifications, 1 unread');
  const card = pageB.getByRole('article', { name: `Friend request from ${nameA}` });
  await expect(card).toBeVisible();
  await pageB.screenshot({ path: testInfo.outputPath('b-request-live-desktop.png') });

  // B confirms; the card says so and leaves; B's own bell item turns to the accepted text.
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Request accepted.')).toBeVisible();
  await expect(card).toBeHidden({ timeout: 5_000 });
  await expect(bell(pageB)).toHaveAccessibleName('Notifications');

  // A is notified live, and B's profile opens up on A's screen: Friends, and the post.
  await expect(bell(pageA)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(pageA.getByRole('button', { name: 'Friends', exact: true })).toBeDisabled();
  await expect(pageA.getByText('This account is private')).toBeHidden();
  await expect(pageA.getByText(secret)).toBeVisible();
  await bell(pageA).click();
  const panel = pageA.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText(`${nameB} accepted your friend request.`)).toBeVisible();
  await pageA.screenshot({ path: testInfo.outputPath('a-accepted-phone.png') });
  await pageA.keyboard.press('Escape');

  // B deletes the account.
  const deleted = await request.delete('/api/account-delete', { headers: memberB.headers });
  expect(deleted.status()).toBe(200);

  // A no longer finds B anywhere: search, the profile, the bell.
  await pageA.goto(`/social_home/profile/${memberB.id}`);
  await expect(pageA.getByText('User not found.')).toBeVisible();
  const again = await searchBox(pageA);
  await again.fill('marisol');
  await expect(pageA.getByRole('status').filter({ hasText: 'No results for "marisol"' })).toBeAttached();
  await expect(pageA.getByRole('option', { name: nameB })).toBeHidden();
  await pageA.goto('/social_home/friend-list');
  await expect(bell(pageA)).toHaveAccessibleName('Notifications');
  await bell(pageA).click();
  await expect(pageA.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications here.')).toBeVisible();
  // Nor through the API: Contacts, the profile, B's posts.
  const headersA = { authorization: `Bearer ${memberA.token}` };
  const friends = await (await request.get('/api/friends', { headers: headersA })).json();
  expect(friends.data.map((f: { id: string }) => f.id)).not.toContain(memberB.id);
  expect((await request.get(`/api/users/${memberB.id}`, { headers: headersA })).status()).toBe(404);
  expect((await request.get(`/api/user/posts-and-events/${memberB.id}`, { headers: headersA })).status()).toBe(404);
  const timeline = await (await request.get('/api/home/timeline', { headers: headersA })).json();
  expect(JSON.stringify(timeline)).not.toContain(secret);
});
