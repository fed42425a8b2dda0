import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newcomer, readyMember, storeSession } from './support.ts';

/**
 * A set-up member signed in on this page as the app keeps a session: the token under `token`, the user and the
 * logged-in flag under `session` (lib/session-store.ts). Answers the token.
 */
async function signedIn(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const { token } = await readyMember(request, newcomer(prefix));
  const verify = await request.get('/api/verify', { headers: { authorization: `Bearer ${token}` } });
  const { user } = (await verify.json()) as { user: unknown };
  await storeSession(page, token, user);
  await page.goto('/social_home/friend-list');
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  return token;
}

/** Every API call the page makes, in order, with the moment each answer arrived. */
function recordApi(page: Page) {
  const events: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) events.push(`request ${url.pathname}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    events.push(`answer ${url.pathname}`);
    if (response.status() === 401) refused.push(url.pathname);
  });
  return { events, refused };
}

test('a stale token is checked first: one 401 on the wire, then sign-in @phone', async ({ page, request }) => {
  const token = await signedIn(page, request, 'stale');
  // The member area is left first: its own requests (the live stream's, refetches) must not race the count.
  await page.goto('about:blank');
  // The session ends elsewhere (logged out on another device); this tab keeps the stored token.
  const loggedOut = await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(loggedOut.status(), await loggedOut.text()).toBeLessThan(300);
  expect((await request.get('/api/verify', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

  const api = recordApi(page);
  await page.goto('/social_home/friend-list');
  await page.waitForURL('**/sign-in');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // Let anything the member area had started reach the wire before counting.
  await page.waitForLoadState('networkidle');
  // One 401: the session check's, or on a phone the feed's first screen's, which checks the session first (ADR 018).
  expect(api.refused).toEqual([(page.viewportSize()?.width ?? 0) >= 1024 ? '/api/verify' : '/api/first-screen']);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test("a live token is checked before the member area's queries start", async ({ page, request }) => {
  // A large screen: no first screen (on a phone, the first screen's one call is both check and queries).
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, request, 'fresh');
  // Leave the member area first: its open page may still refetch (the stream's first 'ready' refreshes the friend
  // lists), and those calls are not the ones this test counts.
  await page.goto('about:blank');

  const api = recordApi(page);
  // Not networkidle: the member's live notification stream stays open.
  const timelineAnswered = page.waitForResponse((response) => response.url().includes('/api/home/timeline'));
  await page.goto('/social_home/friend-list');
  await timelineAnswered;
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  const verified = api.events.indexOf('answer /api/verify');
  const timeline = api.events.findIndex((event) => event.startsWith('request /api/home/timeline'));
  expect(verified, api.events.join('\n')).toBeGreaterThanOrEqual(0);
  expect(timeline, api.events.join('\n')).toBeGreaterThan(verified);
  // Nothing that needs the member's token went out before the answer (the public setup lists may).
  const before = api.events.slice(0, verified).filter((event) => event.startsWith('request '));
  expect(
    before.filter((event) => !event.includes('/api/setup/')),
    api.events.join('\n'),
  ).toEqual(['request /api/verify']);
  expect(api.refused).toEqual([]);
});
