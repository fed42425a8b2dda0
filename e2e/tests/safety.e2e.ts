import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logInByApi, newcomer, readyMember, settledToast, signInBrowser, uniqueStamp } from './support.ts';

/**
 * The member's side of trust and safety (issue 17): block, unblock, mute and report from a profile and the
 * Blocked and muted page, as a member sees them, at desktop and at 360 px.
 */

type Member = ReturnType<typeof newcomer>;
type Ready = Awaited<ReturnType<typeof readyMember>>;

const PHONE = { width: 360, height: 760 };
const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

/** Two ready members who are friends (so each one's posts are in the other's timeline); the second posts. */
async function friendsWithAPost(request: APIRequestContext, prefix: string) {
  const stamp = uniqueStamp();
  const viewer = newcomer(`${prefix}-viewer`);
  // A last name of one word, so that the search finds them by it.
  const other = { ...newcomer(`${prefix}-other`), lastName: `Rider${stamp}` };
  const viewerReady = await readyMember(request, viewer);
  const otherReady = await readyMember(request, other);
  const sent = await request.post('/api/friends/requests', {
    headers: otherReady.headers,
    data: { user_id: viewerReady.id },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const requests = (await (await request.get('/api/friends/requests', { headers: viewerReady.headers })).json()) as {
    data: { id: number; user: { id: string } }[];
  };
  const pending = requests.data.find((one) => one.user.id === otherReady.id);
  expect(pending).toBeDefined();
  const accepted = await request.post(`/api/friends/requests/${pending?.id}/accept`, { headers: viewerReady.headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const text = `Slack rope practice ${stamp}`;
  const posted = await request.post('/api/posts', { headers: otherReady.headers, multipart: { title: text } });
  expect(posted.status(), await posted.text()).toBe(200);
  return { viewer, viewerReady, other, otherReady, text, stamp };
}

const feed = (page: Page) => page.getByRole('feed', { name: 'Posts' });
const header = (page: Page) => page.getByRole('region', { name: 'Profile' });

async function openActions(page: Page, member: Member) {
  await header(page)
    .getByRole('button', { name: `More actions for ${fullName(member)}` })
    .click();
  return page.getByRole('menu');
}

async function block(page: Page, other: Member, otherReady: Ready) {
  await page.goto(`/social_home/profile/${otherReady.id}`);
  await expect(header(page).getByRole('heading', { name: fullName(other) })).toBeVisible();
  await (await openActions(page, other)).getByRole('menuitem', { name: 'Block' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Block ${fullName(other)}?` });
  await expect(confirm).toContainText('Neither of you will see the other on Corral');
  await expect(confirm).toContainText('your friendship and any friend requests between you end');
  // Cancel has the focus: Enter by mistake blocks nobody.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(await settledToast(page, `${fullName(other)} is blocked.`)).toBeVisible();
  // Their profile is gone for the blocker too: the member is taken to the timeline.
  await page.waitForURL('**/social_home/friend-list');
}

async function expectGone(page: Page, other: Member, otherReady: Ready, text: string, stamp: string) {
  await expect(feed(page)).toBeVisible();
  await expect(feed(page).getByText(text)).toHaveCount(0);
  await page.goto(`/social_home/search?q=rider${stamp}`);
  await expect(page.getByText(`No results for "rider${stamp}"`)).toBeVisible();
  await page.goto(`/social_home/profile/${otherReady.id}`);
  await expect(page.getByRole('heading', { name: 'User not found.' })).toBeVisible();
  await expect(page.getByText(fullName(other))).toHaveCount(0);
}

for (const size of ['desktop', '360 px'] as const) {
  test(`a member blocks a friend from their profile: the friend leaves the feed, search and their profile (${size})`, async ({
    page,
    request,
  }) => {
    if (size === '360 px') await page.setViewportSize(PHONE);
    const { viewerReady, other, otherReady, text, stamp } = await friendsWithAPost(request, 'block');
    await signInBrowser(page, request, viewerReady.token);
    await page.goto('/social_home/friend-list');
    await expect(feed(page).getByText(text)).toBeVisible();
    await page.goto(`/social_home/search?q=rider${stamp}`);
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: fullName(other) })
        .first(),
    ).toBeVisible();

    await block(page, other, otherReady);
    await expectGone(page, other, otherReady, text, stamp);

    // Either way: the blocked member no longer finds the blocker either, nor can ask to be friends.
    const theirView = await request.get(`/api/users/${viewerReady.id}`, { headers: otherReady.headers });
    expect(theirView.status()).toBe(404);
    const asked = await request.post('/api/friends/requests', {
      headers: otherReady.headers,
      data: { user_id: viewerReady.id },
    });
    expect(asked.status()).toBe(404);
  });

  test(`a member unblocks from Blocked and muted, in the account menu, and may undo it (${size})`, async ({
    page,
    request,
  }) => {
    if (size === '360 px') await page.setViewportSize(PHONE);
    const { viewerReady, other, otherReady } = await friendsWithAPost(request, 'unblock');
    const blocked = await request.post(`/api/users/${otherReady.id}/block`, { headers: viewerReady.headers });
    expect(blocked.status(), await blocked.text()).toBe(200);
    await signInBrowser(page, request, viewerReady.token);
    await page.goto('/social_home/friend-list');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Blocked and muted' }).click();
    await page.waitForURL('**/social_home/settings/blocked');
    await expect(page.getByRole('heading', { name: 'Blocked and muted', level: 1 })).toBeVisible();
    const blockedList = page.getByRole('region', { name: 'Blocked' });
    await expect(page.getByRole('region', { name: 'Muted' })).toContainText('You have not muted anyone.');
    // Nothing sideways at 360 px: the page fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );

    // Unblock, then Undo: blocked again; then Unblock for good.
    await blockedList.getByRole('button', { name: `Unblock ${fullName(other)}` }).click();
    const toast = await settledToast(page, `${fullName(other)} is unblocked.`);
    await expect(blockedList).toContainText('You have not blocked anyone.');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(await settledToast(page, `${fullName(other)} is blocked.`)).toBeVisible();
    await expect(blockedList.getByText(fullName(other))).toBeVisible();
    await blockedList.getByRole('button', { name: `Unblock ${fullName(other)}` }).click();
    await expect(blockedList).toContainText('You have not blocked anyone.');

    // Their profile is back (the friendship the block ended is not).
    await page.goto(`/social_home/profile/${otherReady.id}`);
    await expect(header(page).getByRole('heading', { name: fullName(other) })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Add friend' })).toBeVisible();
    // Reloaded, the server agrees.
    await page.goto('/social_home/settings/blocked');
    await expect(page.getByRole('region', { name: 'Blocked' })).toContainText('You have not blocked anyone.');
  });
}

test('a member mutes a friend: their posts leave the timeline, silently, and Unmute brings them back @phone', async ({
  page,
  request,
}) => {
  const { viewerReady, other, otherReady, text } = await friendsWithAPost(request, 'mute');
  await signInBrowser(page, request, viewerReady.token);
  await page.goto('/social_home/friend-list');
  await expect(feed(page).getByText(text)).toBeVisible();

  await page.goto(`/social_home/profile/${otherReady.id}`);
  await (await openActions(page, other)).getByRole('menuitem', { name: 'Mute' }).click();
  await expect(await settledToast(page, `${fullName(other)} is muted.`)).toBeVisible();
  // Still friends, still on their profile with their posts: a mute changes only the muter's timeline.
  await expect(header(page).getByRole('button', { name: 'Friends' })).toBeVisible();
  await expect(page.getByRole('feed', { name: `Posts and events by ${fullName(other)}` })).toContainText(text);
  await expect((await openActions(page, other)).getByRole('menuitem', { name: 'Unmute' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/social_home/friend-list');
  await expect(feed(page)).toBeVisible();
  await expect(feed(page).getByText(text)).toHaveCount(0);
  // Nothing tells the muted member.
  const theirs = (await (await request.get('/api/notifications', { headers: otherReady.headers })).json()) as {
    data: { title: string }[];
  };
  expect(theirs.data.map((one) => one.title).join(' ')).not.toMatch(/mute/i);

  await page.goto('/social_home/settings/blocked');
  const muted = page.getByRole('region', { name: 'Muted' });
  await muted.getByRole('button', { name: `Unmute ${fullName(other)}` }).click();
  await expect(await settledToast(page, `${fullName(other)} is unmuted.`)).toBeVisible();
  await expect(muted).toContainText('You have not muted anyone.');
  await page.goto('/social_home/friend-list');
  await expect(feed(page).getByText(text)).toBeVisible();
});

test('a member reports another member from their profile @phone', async ({ page, request }) => {
  const viewer = newcomer('reporter');
  const other = newcomer('reported');
  const viewerReady = await readyMember(request, viewer);
  const otherReady = await readyMember(request, other);
  await signInBrowser(page, request, viewerReady.token);
  await page.goto(`/social_home/profile/${otherReady.id}`);

  await (await openActions(page, other)).getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report This Member' });
  await dialog.getByRole('radio', { name: 'Harassment or Hateful Content' }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    await settledToast(page, 'Thanks. Your report was received; our moderators will review it.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // Once only.
  await (await openActions(page, other)).getByRole('menuitem', { name: 'Report' }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(await settledToast(page, 'You have already reported this.')).toBeVisible();
});

/** The demo community's moderator (apps/server/src/seed/demo-community.ts). */
const MODERATOR = { email: 'moderator@corral.app', password: 'Buckle#2026' };

/**
 * A member reported by another (a member report opens a case) and the case decided by the demo moderator,
 * through the API: the member's side is what the journeys look at.
 */
async function reportedAndDecided(
  request: APIRequestContext,
  prefix: string,
  decision: { action: 'warn' | 'suspend'; reason: string; note?: string; until?: string },
) {
  const subject = newcomer(`${prefix}-subject`);
  const reporter = newcomer(`${prefix}-reporter`);
  const subjectReady = await readyMember(request, subject);
  const reporterReady = await readyMember(request, reporter);
  const reported = await request.post('/api/reports', {
    headers: reporterReady.headers,
    data: { target_type: 'user', target_id: subjectReady.id, reason: 'Harassment or Hateful Content' },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const moderator = await logInByApi(request, MODERATOR);
  const headers = { authorization: `Bearer ${moderator.api_token}` };
  const queue = (await (await request.get('/api/moderation/reports?status=open', { headers })).json()) as {
    data: { id: number; item: { target_type: string; target_id: string } }[];
  };
  const found = queue.data.find((one) => one.item.target_type === 'user' && one.item.target_id === subjectReady.id);
  expect(found, 'the case is in the queue').toBeDefined();
  const decided = await request.post(`/api/moderation/reports/${found?.id}/actions`, { headers, data: decision });
  expect(decided.status(), await decided.text()).toBe(200);
  return { subject, subjectReady, reporterReady };
}

test('a warned member is told why, reads the details on their account standing and appeals once @phone', async ({
  page,
  request,
}) => {
  const { subjectReady, reporterReady } = await reportedAndDecided(request, 'warned', {
    action: 'warn',
    reason: 'Harassment',
    note: 'Keep it civil in the comments.',
  });
  // The reporter is told that it was acted on, not by whom nor how.
  const told = (await (await request.get('/api/notifications', { headers: reporterReady.headers })).json()) as {
    data: { kind: string; title: string; info: string }[];
  };
  expect(told.data.find((one) => one.kind === 'report_update')).toMatchObject({
    title: 'A report you made was reviewed, and we took action. Thank you for helping keep Corral safe.',
    info: '',
  });

  await signInBrowser(page, request, subjectReady.token);
  await page.goto('/social_home/friend-list');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  const notice = bell.getByRole('listitem').filter({ hasText: 'You received a warning from Corral moderators.' });
  await expect(notice).toContainText('Harassment — Keep it civil in the comments.');
  // Corral's own word: a neutral mark, no member's photo.
  await expect(notice.locator('img')).toHaveCount(0);
  await notice.getByRole('link', { name: /^Appeal:/ }).click();

  await page.waitForURL('**/social_home/settings/standing**');
  const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
  await expect(dialog).toContainText('Warning: Harassment');
  await dialog
    .getByRole('textbox', { name: 'Why should this decision change?' })
    .fill('It was a joke between friends.');
  await dialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(await settledToast(page, 'Your appeal was received. A moderator will review it.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'You received a warning from Corral moderators.' });
  await expect(card).toContainText('Harassment');
  await expect(card).toContainText('Keep it civil in the comments.');
  await expect(card).toContainText('Appeal under review');
  await expect(card.getByRole('button', { name: /^Appeal/ })).toHaveCount(0);
  // The account menu leads here now.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: /Account standing/ })).toBeVisible();
});

test('a suspended member who signs in is told why and until when, with what they typed kept', async ({
  page,
  request,
}) => {
  const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const { subject } = await reportedAndDecided(request, 'suspended', {
    action: 'suspend',
    reason: 'Repeated harassment after a warning',
    until,
  });
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(subject.email);
  await page.getByLabel('Password', { exact: true }).fill(subject.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'Your account is suspended' });
  await expect(panel.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
  await expect(panel).toContainText('Reason: Repeated harassment after a warning');
  const day = new Date(until).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(panel).toContainText(`Your account is suspended until ${day}`);
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue(subject.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(subject.password);
  await expect(page).toHaveURL(/\/sign-in/);
});
