import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONVERSATION_MESSAGES } from '@corral/contract';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { newcomer, readyMember, settledToast, signInBrowser } from './support.ts';

/**
 * Direct messages (issue 18, docs/decisions/029-direct-messages.md) as two members live them, each in a browser
 * of their own: a conversation between friends on a desktop and a phone, a stranger's request accepted or
 * answered with a block, photos, a send that failed and is retried, and the draft kept per conversation.
 * Members are made through the API; what they do with messages, in the browser. The server lets members minutes
 * old write to strangers (MESSAGE_STRANGER_MIN_AGE_HOURS=0 in playwright.config.ts).
 */

const PHONE = { width: 360, height: 760 };
const DESKTOP = { width: 1280, height: 800 };
const ARENA_JPG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/arena.jpg');

type Member = Awaited<ReturnType<typeof readyMember>> & { name: string };

async function member(request: APIRequestContext, prefix: string): Promise<Member> {
  const who = newcomer(prefix);
  const ready = await readyMember(request, who);
  return { ...ready, name: `${who.firstName} ${who.lastName}` };
}

/** `a` asks, `b` accepts: friends. */
async function befriend(request: APIRequestContext, a: Member, b: Member) {
  const sent = await request.post('/api/friends/requests', { headers: a.headers, data: { user_id: b.id } });
  expect(sent.status(), await sent.text()).toBe(200);
  const requests = (await (await request.get('/api/friends/requests', { headers: b.headers })).json()) as {
    data: { id: number; user: { id: string } }[];
  };
  const pending = requests.data.find((one) => one.user.id === a.id);
  expect(pending).toBeDefined();
  const accepted = await request.post(`/api/friends/requests/${pending?.id}/accept`, { headers: b.headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** The first message from `from` to `to` through the API: the conversation's id. */
async function startByApi(request: APIRequestContext, from: Member, to: Member, body: string) {
  const response = await request.post('/api/conversations', {
    headers: from.headers,
    data: { recipient_id: to.id, body, client_id: randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { conversation: { id: number } }).conversation.id;
}

async function setPolicyByApi(request: APIRequestContext, who: Member, policy: string) {
  const response = await request.patch('/api/me', { headers: who.headers, data: { message_policy: policy } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The conversation's messages as `who` reads them through the API (newest page). */
async function messagesByApi(request: APIRequestContext, who: Member, conversationId: number) {
  const response = await request.get(`/api/conversations/${conversationId}/messages`, { headers: who.headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    data: { id: number; body: string; state: string }[];
    conversation: { other_last_read_id: number | null; can_send: boolean; box: string; status: string };
  };
}

// Every journey's browsers, closed after it whatever happened.
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/**
 * A browser of the member's own at `viewport`, signed in, on `where` with its live stream answered (so that
 * what happens next arrives through the stream, not through the page's first requests).
 */
async function openAs(
  browser: Browser,
  request: APIRequestContext,
  who: Member,
  viewport: typeof PHONE,
  where: string,
) {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await signInBrowser(page, request, who.token);
  const streamed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/stream');
  await page.goto(where);
  await streamed;
  return page;
}

const chatIcon = (page: Page) => page.getByTestId('messages-button');
const chatBadge = (page: Page) => page.getByTestId('messages-badge');
const messageLog = (page: Page) => page.getByRole('log');
const composer = (page: Page, to: Member) => page.getByRole('textbox', { name: `Message to ${to.name}` });
/** A message's own text (the bubble), by its words. */
const bubble = (log: Locator, words: string) => log.locator('p', { hasText: words });
const seen = (log: Locator) => log.getByText(CONVERSATION_MESSAGES.seen, { exact: true });
const conversationUrl = /\/social_home\/messages\/(\d+)(\?box=\w+)?$/;

function conversationIdOf(page: Page) {
  return Number(conversationUrl.exec(page.url())?.[1]);
}

/** How far the page scrolls sideways (0 when nothing overflows), once requests and images have settled. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.querySelector('[data-testid=loading-bar]')?.getAttribute('data-busy')))
    .not.toBe('true');
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  const culprits = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
  });
  expect(overflow, `${where} scrolls sideways by ${overflow}px: ${culprits.join(' | ')}`).toBeLessThanOrEqual(0);
}

test('two friends write live, one on a desktop and one on a phone: the badge, Seen, a reply and a deletion', async ({
  browser,
  request,
}) => {
  const a = await member(request, 'dm-desk');
  const b = await member(request, 'dm-phone');
  await befriend(request, a, b);

  const pageB = await openAs(browser, request, b, PHONE, '/social_home/friend-list');
  await expect(chatIcon(pageB)).toHaveAccessibleName('Messages');
  await expect(chatBadge(pageB)).toHaveCount(0);

  // A writes from B's profile: Shift+Enter starts a new line, Enter sends.
  const pageA = await openAs(browser, request, a, DESKTOP, `/social_home/profile/${b.id}`);
  await pageA.getByRole('button', { name: 'Message', exact: true }).click();
  await pageA.waitForURL(`**/social_home/messages/new/${b.id}`);
  const boxA = composer(pageA, b);
  await expect(boxA).toBeFocused();
  await boxA.pressSequentially('Saddle up at six');
  await boxA.press('Shift+Enter');
  await boxA.pressSequentially('Bring the blue rope');
  await expect(boxA).toHaveValue('Saddle up at six\nBring the blue rope');
  await boxA.press('Enter');
  await expect(boxA).toHaveValue('');
  // Its first message started the conversation: the address is the conversation's.
  await pageA.waitForURL(conversationUrl);
  const logA = messageLog(pageA);
  await expect(logA).toHaveAccessibleName(`Messages with ${b.name}`);
  await expect(bubble(logA, 'Saddle up at six')).toHaveJSProperty(
    'textContent',
    'Saddle up at six\nBring the blue rope',
  );
  await expect(logA.getByText('Sending…')).toHaveCount(0);
  await expect(seen(logA)).toHaveCount(0);

  // B's chat icon counts it without a reload; on a phone the icon opens the messages page.
  await expect(chatBadge(pageB)).toHaveText('1');
  await expect(chatIcon(pageB)).toHaveAccessibleName('Messages, 1 unread conversation');
  await chatIcon(pageB).click();
  await pageB.waitForURL('**/social_home/messages');
  const messagesPage = pageB.getByTestId('messages-page');
  await expect(messagesPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const row = messagesPage.getByRole('list', { name: 'Conversations' }).getByTestId('conversation-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-conversation-id', String(conversationIdOf(pageA)));
  await expect(row.getByTestId('conversation-excerpt')).toContainText('Saddle up at six');
  await expect(row.getByTestId('conversation-unread')).toBeVisible();
  await expectNoSidewaysScroll(pageB, 'The messages page at 360 px');

  // B reads it: the badge goes, and A sees "Seen" under the message, live.
  await row.getByRole('link').click();
  await pageB.waitForURL(conversationUrl);
  const logB = messageLog(pageB);
  await expect(bubble(logB, 'Saddle up at six')).toHaveJSProperty(
    'textContent',
    'Saddle up at six\nBring the blue rope',
  );
  await expect(chatBadge(pageB)).toHaveCount(0);
  await expect(chatIcon(pageB)).toHaveAccessibleName('Messages');
  await expectNoSidewaysScroll(pageB, 'A conversation at 360 px');
  await expect(seen(logA)).toBeVisible();

  // B replies; it arrives in A's log (a live region, announced), and A reading it shows "Seen" to B.
  const boxB = composer(pageB, a);
  await expect(boxB).toBeFocused();
  await boxB.fill('On my way');
  await boxB.press('Enter');
  await expect(logA).toHaveAttribute('aria-live', 'polite');
  await expect(bubble(logA, 'On my way')).toBeVisible();
  await expect(seen(logB)).toBeVisible();
  await expect(chatBadge(pageA)).toHaveCount(0);

  // A deletes their message, after a confirmation: it keeps its place, emptied, for both.
  await logA
    .getByRole('listitem')
    .filter({ hasText: 'Saddle up at six' })
    .getByRole('button', { name: 'Message options' })
    .click();
  await pageA.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = pageA.getByRole('alertdialog', { name: CONVERSATION_MESSAGES.deleteTitle });
  await expect(confirm).toContainText(CONVERSATION_MESSAGES.deleteText);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  for (const log of [logA, logB]) {
    await expect(log.getByText(CONVERSATION_MESSAGES.deletedMessage)).toBeVisible();
    await expect(log.getByText('Saddle up at six')).toHaveCount(0);
    await expect(bubble(log, 'On my way')).toBeVisible();
  }
});

test("a stranger's request: two messages at most, under Requests until accepted, and Seen only then", async ({
  browser,
  request,
}) => {
  const b = await member(request, 'req-to');
  const c = await member(request, 'req-from');

  // B lets anyone write, from the account menu's "Who can message you".
  const pageB = await openAs(browser, request, b, DESKTOP, '/social_home/friend-list');
  await pageB.getByRole('button', { name: 'Account menu' }).click();
  await pageB.getByRole('menuitem', { name: 'Who can message you' }).click();
  await pageB.waitForURL('**/social_home/settings/messages');
  const choices = pageB.getByRole('group', { name: 'Who may start a conversation with you' });
  await expect(choices.getByRole('radio', { name: /^Friends of friends/ })).toBeChecked();
  await choices.getByRole('radio', { name: /^Everyone/ }).check();
  await expect(await settledToast(pageB, 'Who can message you: Everyone.')).toBeVisible();
  await expect(choices.getByRole('radio', { name: /^Everyone/ })).toBeChecked();

  // C, no friend of B's, writes from B's profile: a first message, and one more.
  const pageC = await openAs(browser, request, c, DESKTOP, `/social_home/profile/${b.id}`);
  await pageC.getByRole('button', { name: 'Message', exact: true }).click();
  await pageC.waitForURL(`**/social_home/messages/new/${b.id}`);
  await composer(pageC, b).fill('Is the bay mare still for sale?');
  await composer(pageC, b).press('Enter');
  await pageC.waitForURL(conversationUrl);
  const conversationId = conversationIdOf(pageC);
  const logC = messageLog(pageC);
  await expect(bubble(logC, 'Is the bay mare still for sale?')).toBeVisible();
  await expect(pageC.getByText(CONVERSATION_MESSAGES.requestWaiting)).toHaveCount(1);
  await expect(composer(pageC, b)).toBeFocused();
  await composer(pageC, b).fill('I can pay cash.');
  await composer(pageC, b).press('Enter');
  await expect(bubble(logC, 'I can pay cash.')).toBeVisible();
  // A third is not possible: the composer gives way to why, and the server refuses one all the same.
  await expect(composer(pageC, b)).toHaveCount(0);
  await expect(pageC.getByText(CONVERSATION_MESSAGES.requestWaiting)).toHaveCount(2);
  const third = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: c.headers,
    data: { body: 'Hello?', client_id: randomUUID() },
  });
  expect(third.status()).toBe(403);
  expect(await third.text()).toContain(CONVERSATION_MESSAGES.requestWaiting);

  // B's panel opens on Requests (the inbox has nothing unread), and the inbox is empty.
  await expect(chatBadge(pageB)).toHaveText('1');
  await chatIcon(pageB).click();
  const panel = pageB.getByRole('dialog', { name: 'Messages' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('tab', { name: /^Requests/ })).toHaveAttribute('aria-selected', 'true');
  const requestRow = panel.getByRole('list', { name: 'Message requests' }).getByTestId('conversation-row');
  await expect(requestRow).toHaveAttribute('data-conversation-id', String(conversationId));
  await expect(requestRow.getByTestId('conversation-excerpt')).toContainText('I can pay cash.');
  await panel.getByRole('tab', { name: /^Inbox/ }).click();
  await expect(panel.getByTestId('conversations-empty')).toHaveText(CONVERSATION_MESSAGES.empty);
  await panel.getByRole('tab', { name: /^Requests/ }).click();
  await requestRow.getByRole('link').click();
  await expect(panel).toBeHidden();
  await pageB.waitForURL(`**/social_home/messages/${conversationId}?box=requests`);
  const logB = messageLog(pageB);
  await expect(bubble(logB, 'Is the bay mare still for sale?')).toBeVisible();
  await expect(bubble(logB, 'I can pay cash.')).toBeVisible();
  const answers = pageB.getByRole('region', { name: `Message request from ${c.name}` });
  await expect(answers).toBeVisible();

  // B has read it (the badge is gone), yet C is not told while the request waits.
  await expect(chatBadge(pageB)).toHaveCount(0);
  expect((await messagesByApi(request, c, conversationId)).conversation.other_last_read_id).toBeNull();
  await expect(seen(logC)).toHaveCount(0);

  // Accept: it moves to B's inbox, C sees "Seen" and may write again, live.
  await answers.getByRole('button', { name: 'Accept' }).click();
  await expect(await settledToast(pageB, CONVERSATION_MESSAGES.accepted)).toBeVisible();
  await pageB.waitForURL(`**/social_home/messages/${conversationId}`);
  await expect(answers).toHaveCount(0);
  await expect(pageB.getByRole('tab', { name: /^Inbox/ })).toHaveAttribute('aria-selected', 'true');
  await expect(pageB.getByRole('list', { name: 'Conversations' }).getByTestId('conversation-row')).toHaveAttribute(
    'data-conversation-id',
    String(conversationId),
  );
  await pageB.getByRole('tab', { name: /^Requests/ }).click();
  await expect(pageB.getByTestId('conversations-empty')).toHaveText(CONVERSATION_MESSAGES.emptyRequests);

  await expect(seen(logC)).toBeVisible();
  await expect(pageC.getByText(CONVERSATION_MESSAGES.requestWaiting)).toHaveCount(0);
  await expect(composer(pageC, b)).toBeVisible();
});

test('blocking from a request: the sender is read-only at once, and keeps what they wrote', async ({
  browser,
  request,
}) => {
  const b = await member(request, 'block-to');
  const c = await member(request, 'block-from');
  await setPolicyByApi(request, b, 'everyone');
  const conversationId = await startByApi(request, c, b, 'Want to ride Saturday?');

  const pageC = await openAs(browser, request, c, DESKTOP, `/social_home/messages/${conversationId}`);
  const logC = messageLog(pageC);
  await expect(bubble(logC, 'Want to ride Saturday?')).toBeVisible();
  await expect(composer(pageC, b)).toBeVisible();

  // B, on a phone, opens Requests from the address the panel's "See all" leads to.
  const pageB = await openAs(browser, request, b, PHONE, '/social_home/messages?box=requests');
  await expect(pageB.getByRole('tab', { name: /^Requests/ })).toHaveAttribute('aria-selected', 'true');
  await expectNoSidewaysScroll(pageB, 'Requests at 360 px');
  await pageB.getByRole('list', { name: 'Message requests' }).getByRole('link').click();
  await pageB.waitForURL(`**/social_home/messages/${conversationId}?box=requests`);
  await expect(bubble(messageLog(pageB), 'Want to ride Saturday?')).toBeVisible();
  await expectNoSidewaysScroll(pageB, 'A request at 360 px');

  const answers = pageB.getByRole('region', { name: `Message request from ${c.name}` });
  await answers.getByRole('button', { name: 'Block' }).click();
  const confirm = pageB.getByRole('alertdialog', { name: `Block ${c.name}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(await settledToast(pageB, `${c.name} is blocked.`)).toBeVisible();
  // The request is gone from B's boxes; B is back on Requests.
  await pageB.waitForURL('**/social_home/messages?box=requests');
  await expect(pageB.getByTestId('conversations-empty')).toHaveText(CONVERSATION_MESSAGES.emptyRequests);

  // C's view turns read-only without a reload, their message still there.
  await expect(composer(pageC, b)).toHaveCount(0);
  await expect(pageC.getByText(CONVERSATION_MESSAGES.blocked)).toBeVisible();
  await expect(bubble(logC, 'Want to ride Saturday?')).toBeVisible();
  const refused = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: c.headers,
    data: { body: 'Hello?', client_id: randomUUID() },
  });
  expect(refused.status()).toBe(403);
  // Reloaded, the same.
  await pageC.reload();
  await expect(bubble(messageLog(pageC), 'Want to ride Saturday?')).toBeVisible();
  await expect(pageC.getByText(CONVERSATION_MESSAGES.blocked)).toBeVisible();
  await expect(composer(pageC, b)).toHaveCount(0);
});

test('a photo goes with a message: its upload shows, then both see it, described', async ({ browser, request }) => {
  const a = await member(request, 'photo-from');
  const b = await member(request, 'photo-to');
  await befriend(request, a, b);
  const conversationId = await startByApi(request, b, a, 'Show me the new arena');

  const pageB = await openAs(browser, request, b, PHONE, `/social_home/messages/${conversationId}`);
  const pageA = await openAs(browser, request, a, DESKTOP, `/social_home/messages/${conversationId}`);
  const logA = messageLog(pageA);
  const logB = messageLog(pageB);
  await expect(bubble(logA, 'Show me the new arena')).toBeVisible();

  await pageA.getByTestId('message-photo-input').setInputFiles(ARENA_JPG);
  const chosen = pageA.getByRole('list', { name: 'Photos to send' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();

  // The send is held at the network until its upload has shown.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await pageA.route(`**/api/conversations/${conversationId}/messages`, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.fallback();
  });
  await composer(pageA, b).fill('Here it is');
  await composer(pageA, b).press('Enter');
  await expect(chosen).toHaveCount(0);
  await expect(logA.getByRole('progressbar', { name: 'Sending photos' })).toBeVisible();
  await expect(logA.getByRole('img', { name: 'From you (1 of 1)' })).toBeVisible();
  release();
  await expect(logA.getByRole('progressbar', { name: 'Sending photos' })).toHaveCount(0);
  await pageA.unroute(`**/api/conversations/${conversationId}/messages`);

  // Sent: the served photo, for both, described by who sent it.
  const mine = logA.getByRole('button', { name: 'Open photo 1 of 1' }).getByRole('img', { name: 'From you (1 of 1)' });
  const theirs = logB
    .getByRole('button', { name: 'Open photo 1 of 1' })
    .getByRole('img', { name: `From ${a.name} (1 of 1)` });
  for (const image of [mine, theirs]) {
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /\/media\//);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
      .toBeGreaterThan(0);
  }
  await expect(bubble(logB, 'Here it is')).toBeVisible();
  await expectNoSidewaysScroll(pageB, 'A conversation with a photo at 360 px');

  // B opens it in the gallery; Escape brings the focus back to the photo.
  await logB.getByRole('button', { name: 'Open photo 1 of 1' }).click();
  const gallery = pageB.getByRole('dialog');
  await expect(gallery).toBeVisible();
  await pageB.keyboard.press('Escape');
  await expect(gallery).toBeHidden();
  await expect(logB.getByRole('button', { name: 'Open photo 1 of 1' })).toBeFocused();
});

test('a send that failed offline says so, and Retry sends it once', async ({ browser, request }) => {
  const a = await member(request, 'retry-from');
  const b = await member(request, 'retry-to');
  await befriend(request, a, b);
  const conversationId = await startByApi(request, b, a, 'Trailer hitched?');

  const pageB = await openAs(browser, request, b, DESKTOP, `/social_home/messages/${conversationId}`);
  const pageA = await openAs(browser, request, a, DESKTOP, `/social_home/messages/${conversationId}`);
  const logA = messageLog(pageA);
  const logB = messageLog(pageB);
  await expect(bubble(logA, 'Trailer hitched?')).toBeVisible();

  await pageA.context().setOffline(true);
  await composer(pageA, b).fill('Hitched and loaded');
  await composer(pageA, b).press('Enter');
  const failed = logA.getByRole('listitem').filter({ hasText: 'Hitched and loaded' });
  await expect(failed.getByText(CONVERSATION_MESSAGES.sendFailed)).toBeVisible();
  const retry = failed.getByRole('button', { name: CONVERSATION_MESSAGES.retry });
  await expect(retry).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Discard' })).toBeVisible();
  expect((await messagesByApi(request, b, conversationId)).data.map((one) => one.body)).not.toContain(
    'Hitched and loaded',
  );

  await pageA.context().setOffline(false);
  await retry.click();
  await expect(logA.getByText(CONVERSATION_MESSAGES.sendFailed)).toHaveCount(0);
  await expect(bubble(logA, 'Hitched and loaded')).toHaveCount(1);
  await expect(logA.getByText('Sending…')).toHaveCount(0);
  await expect(bubble(logB, 'Hitched and loaded')).toHaveCount(1);
  // The server has it once; so does B's page, read again.
  const bodies = (await messagesByApi(request, b, conversationId)).data.map((one) => one.body);
  expect(bodies.filter((body) => body === 'Hitched and loaded')).toHaveLength(1);
  await pageB.reload();
  await expect(bubble(messageLog(pageB), 'Trailer hitched?')).toBeVisible();
  await expect(bubble(messageLog(pageB), 'Hitched and loaded')).toHaveCount(1);
});

test('the panel opens and closes by keyboard, and each conversation keeps its own draft', async ({
  browser,
  request,
}) => {
  const a = await member(request, 'draft-me');
  const b = await member(request, 'draft-b');
  const d = await member(request, 'draft-d');
  await befriend(request, a, b);
  await befriend(request, a, d);
  const withB = await startByApi(request, b, a, 'Rodeo at noon');
  const withD = await startByApi(request, d, a, 'Got spare spurs?');

  const page = await openAs(browser, request, a, DESKTOP, '/social_home/friend-list');
  await expect(chatBadge(page)).toHaveText('2');
  await expect(chatIcon(page)).toHaveAccessibleName('Messages, 2 unread conversations');

  // The keyboard opens the panel; Escape closes it and gives the focus back to the icon.
  await chatIcon(page).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Messages' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('tab', { name: /^Inbox/ })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByTestId('conversation-row')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(chatIcon(page)).toBeFocused();
  // Close messages does the same.
  await page.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'Close messages' }).click();
  await expect(panel).toBeHidden();
  await expect(chatIcon(page)).toBeFocused();

  // See all: the messages page, the conversations beside.
  await page.keyboard.press('Enter');
  await panel.getByRole('link', { name: 'See all' }).click();
  await page.waitForURL('**/social_home/messages');
  const list = page.getByRole('list', { name: 'Conversations' });
  const rowOf = (id: number) => list.locator(`[data-conversation-id="${id}"]`).getByRole('link');

  // A half-written message to B stays B's, through another conversation, a reload and another page.
  await rowOf(withB).click();
  await page.waitForURL(`**/social_home/messages/${withB}`);
  await composer(page, b).fill('Half a thought');
  await rowOf(withD).click();
  await page.waitForURL(`**/social_home/messages/${withD}`);
  await expect(composer(page, d)).toHaveValue('');
  await composer(page, d).fill('For D only');
  await rowOf(withB).click();
  await expect(composer(page, b)).toHaveValue('Half a thought');
  await page.reload();
  await expect(composer(page, b)).toHaveValue('Half a thought');
  await page.goto('/social_home/friend-list');
  await page.goBack();
  await expect(composer(page, b)).toHaveValue('Half a thought');
  await rowOf(withD).click();
  await expect(composer(page, d)).toHaveValue('For D only');
  // Nothing was sent.
  expect((await messagesByApi(request, a, withB)).data).toHaveLength(1);
  expect((await messagesByApi(request, a, withD)).data).toHaveLength(1);
});
