import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newcomer, readyMember } from './support.ts';

type Member = ReturnType<typeof newcomer>;

/** A page of its own (own storage, own session) signed in through the login screen, on the timeline. */
async function signedInPage(
  browser: Browser,
  member: Member,
  viewport = { width: 1280, height: 900 },
  prepare?: (context: BrowserContext) => Promise<unknown>,
) {
  const context = await browser.newContext({ viewport });
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/social_home/friend-list', { timeout: 8_000 });
  return page;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');

test('notifications arrive live, the bell pages and marks them read, and Accept makes friends on both screens', async ({
  browser,
  request,
}, testInfo) => {
  const a = newcomer('liker');
  const b = newcomer('poster');
  const [memberA, memberB] = [await readyMember(request, a), await readyMember(request, b)];
  const nameA = `${a.firstName} ${a.lastName}`;
  const nameB = `${b.firstName} ${b.lastName}`;

  // B has three posts for A to like and comment on: 3 likes, 3 comments and a request make 7, two pages.
  const postIds: number[] = [];
  for (const title of ['Barrel race warm-up', 'New saddle day', 'Sunrise at the arena']) {
    const post = await request.post('/api/posts', { headers: memberB.headers, multipart: { title } });
    expect(post.status(), await post.text()).toBe(200);
    postIds.push((await post.json()).data.id as number);
  }

  const pageB = await signedInPage(browser, b);
  const pageA = await signedInPage(browser, a);
  await expect(bell(pageB)).toHaveAccessibleName('Notifications');
  await expect(badge(pageB)).toBeHidden();

  // A acts; B's badge counts it without a reload.
  for (const id of postIds) {
    const like = await request.post(`/api/posts/${id}/like`, { headers: memberA.headers });
    expect(like.status(), await like.text()).toBe(200);
  }
  await expect(badge(pageB)).toHaveText('3');
  await expect(bell(pageB)).toHaveAccessibleName('Notifications, 3 unread');
  for (const id of postIds) {
    const comment = await request.post(`/api/posts/${id}/comments`, {
      headers: memberA.headers,
      data: { text: `Looking sharp ${id}` },
    });
    expect(comment.status(), await comment.text()).toBe(200);
  }
  const asked = await request.post('/api/friends/requests', {
    headers: memberA.headers,
    data: { user_id: memberB.id },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await expect(badge(pageB)).toHaveText('7');
  await expect(bell(pageB)).toHaveAccessibleName('Notifications, 7 unread');
  // The request reached B's sidebar live too.
  await expect(pageB.getByRole('article', { name: `Friend request from ${nameA}` })).toBeVisible();

  // Opening the bell marks what it shows read: the five on page 1 (the badge drops at once).
  await bell(pageB).click();
  const panel = pageB.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Page 1 of 2')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(5);
  await expect(badge(pageB)).toHaveText('2');
  const request1 = panel.getByRole('listitem').filter({ hasText: `${nameA} sent you a friend request.` });
  await expect(request1.getByRole('button', { name: 'Accept' })).toBeVisible();
  await pageB.screenshot({ path: testInfo.outputPath('bell-desktop.png') });

  // Next: the last two, read as they show; the badge reaches 0 and hides.
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText('Page 2 of 2')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(badge(pageB)).toBeHidden();
  await expect(bell(pageB)).toHaveAccessibleName('Notifications');
  await expect(panel.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await panel.getByRole('button', { name: 'Previous' }).click();
  await expect(panel.getByText('Page 1 of 2')).toBeVisible();

  // The Unread tab starts on page 1 and has nothing left.
  await panel.getByRole('tab', { name: 'Unread' }).click();
  await expect(panel.getByText('No notifications here.')).toBeVisible();
  await panel.screenshot({ path: testInfo.outputPath('bell-unread-empty.png') });
  await panel.getByRole('tab', { name: 'All' }).click();
  await expect(panel.getByText('Page 1 of 2')).toBeVisible();

  // Accept: the item says so in place of its Accept button; A's Contacts shows B without a reload.
  const contactsA = pageA.getByRole('complementary', { name: 'Friends and events' });
  await expect(contactsA.getByRole('link', { name: nameB })).toBeHidden();
  await request1.getByRole('button', { name: 'Accept' }).focus();
  await pageB.keyboard.press('Enter');
  await expect(request1.getByText('You have accepted this invitation.')).toBeVisible();
  await expect(request1.getByRole('button', { name: 'Accept' })).toBeHidden();
  await expect(request1.getByRole('button', { name: /^Remove/ })).toBeFocused();
  await pageB.screenshot({ path: testInfo.outputPath('bell-accepted.png') });
  await expect(contactsA.getByRole('link', { name: nameB })).toBeVisible();
  // B's sidebar lost the request it answered from the bell.
  await expect(pageB.getByRole('article', { name: `Friend request from ${nameA}` })).toBeHidden();

  // Remove: the item goes, page 1 refills from page 2 and focus moves to the item that took its place.
  await request1.getByRole('button', { name: /^Remove/ }).focus();
  await pageB.keyboard.press('Enter');
  await expect(panel.getByText(`${nameA} sent you a friend request.`)).toBeHidden();
  await expect(panel.getByRole('listitem')).toHaveCount(5);
  await expect(panel.getByText('Page 1 of 2')).toBeVisible();
  await expect(panel.getByRole('listitem').first().getByRole('link')).toBeFocused();

  // Escape closes the bell and focus returns to it.
  await pageB.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(pageB)).toBeFocused();

  // An item leads to its post.
  await bell(pageB).click();
  const commented = panel
    .getByRole('listitem')
    .filter({ hasText: `${nameA} commented on your post.` })
    .first();
  await commented.getByRole('link').click();
  await pageB.waitForURL(/\/social_home\/post\/\d+$/);
  await expect(panel).toBeHidden();

  await pageA.context().close();
  await pageB.context().close();
});

test('the bell fits a phone screen', async ({ browser, request }, testInfo) => {
  const a = newcomer('phone-liker');
  const b = newcomer('phone-poster');
  const [memberA, memberB] = [await readyMember(request, a), await readyMember(request, b)];
  const post = await request.post('/api/posts', {
    headers: memberB.headers,
    multipart: { title: 'A long title about the county fair, the rodeo and the parade that follows it downtown' },
  });
  const postId = (await post.json()).data.id as number;
  await request.post(`/api/posts/${postId}/like`, { headers: memberA.headers });
  await request.post(`/api/posts/${postId}/comments`, {
    headers: memberA.headers,
    data: { text: 'What a day that was. The parade went on for hours and the horses never missed a step.' },
  });
  await request.post('/api/friends/requests', { headers: memberA.headers, data: { user_id: memberB.id } });

  const page = await signedInPage(browser, b, { width: 390, height: 844 });
  await expect(badge(page)).toHaveText('3');
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Page 1 of 1')).toBeVisible();
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('bell-phone.png') });
  // An outside click closes it.
  await page.mouse.click(4, 830);
  await expect(panel).toBeHidden();
  await page.context().close();
});

test('the live stream connects again, by itself, when a connection fails', async ({ browser, request }) => {
  const a = newcomer('net-liker');
  const b = newcomer('net-poster');
  const [memberA, memberB] = [await readyMember(request, a), await readyMember(request, b)];
  const post = await request.post('/api/posts', { headers: memberB.headers, multipart: { title: 'Dusty trail' } });
  const postId = (await post.json()).data.id as number;

  // The first connection is cut before it answers; the next ones reach the server.
  let attempts = 0;
  const page = await signedInPage(browser, b, undefined, (context) =>
    context.route('**/api/stream', (route) => (++attempts === 1 ? route.abort('connectionreset') : route.fallback())),
  );
  await expect.poll(() => attempts).toBe(2);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const like = await request.post(`/api/posts/${postId}/like`, { headers: memberA.headers });
  expect(like.status(), await like.text()).toBe(200);
  await expect(badge(page)).toHaveText('1');
  expect(attempts).toBe(2);
  await page.context().close();
});
