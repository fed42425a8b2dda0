import { expect, type Page, test } from '@playwright/test';
import { DEMO, logInByApi, requestsSettled, storeSession } from './support.ts';

/**
 * The feed's first screen (issue 20, ADR 018): on a phone, the app shell asks the server for the page's first
 * screen with the stored token, and paints the server's HTML of the feed before the app's code has run; the app
 * then takes the page over from the same answers, asking for none of them again, with no hydration error.
 */

const FEED = '/social_home/friend-list';
/** The browser's time zone, which the first screen's call names (Playwright's default is the machine's). */
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

async function signIn(page: Page, request: Parameters<typeof logInByApi>[0]) {
  const { api_token: token } = await logInByApi(request, DEMO);
  const verify = await request.get('/api/verify', { headers: { authorization: `Bearer ${token}` } });
  const { user } = (await verify.json()) as { user: unknown };
  await storeSession(page, token, user);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
});

test('the feed is painted from the server’s HTML before the app’s code has run @phone', async ({ page, request }) => {
  await signIn(page, request);
  // The app's entry never arrives: whatever shows was drawn by the server.
  await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort());
  const screen = page.waitForResponse((response) => response.url().includes('/api/first-screen?'));
  await page.goto(FEED);
  expect((await screen).status()).toBe(200);
  await expect(page.locator('#root[data-first-screen]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'People you may know' })).toBeVisible();
  const card = page.getByRole('region', { name: 'People you may know' }).locator('img').first();
  await expect(card).toBeVisible();
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('first-screen-without-app.png') });
});

test('the app takes the first screen over: nothing asked twice, no hydration error @phone', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const requests: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${sent.method()} ${url.pathname}${url.search}`);
  });
  // Whether the server's HTML was put in #root, and then replaced by the app's own render (React empties #root
  // at its first commit).
  await page.addInitScript(() => {
    const seen = { put: false, replaced: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id !== 'root') continue;
        if (record.removedNodes.length > 0 && seen.put) seen.replaced = true;
        if (record.addedNodes.length > 0 && (record.target as Element).hasAttribute('data-first-screen'))
          seen.put = true;
      }
    }).observe(document, { subtree: true, childList: true, attributes: false });
    // Layout shifts not caused by input (the cumulative layout shift's parts).
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/stream'));
  await page.goto(FEED);
  await stream;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __seen: object }).__seen))
    .toEqual({ put: true, replaced: true });
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').nth(2)).toBeVisible();
  // The stream's first `ready` refreshes nothing the first screen brought.
  await page.waitForTimeout(1_500);
  await requestsSettled(page);
  requests.pop();
  expect(requests, requests.join('\n')).toEqual([
    `GET /api/first-screen?path=${encodeURIComponent(FEED)}&tz=${encodeURIComponent(TZ)}`,
    'GET /api/stream',
  ]);
  const left = await page.evaluate(() =>
    Object.keys((window as unknown as { __corralFirstLoad?: { answers: object } }).__corralFirstLoad?.answers ?? {}),
  );
  expect(left, 'every answer the first screen brought was taken over').toEqual([]);
  expect(problems).toEqual([]);
  // The app's render over the server's moved nothing on screen.
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
  // The member is signed in and the page works: the composer opens.
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
});

test('without a first screen (the route fails), the shell checks the session, then asks the calls @phone', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.route(/\/api\/first-screen\?/, (route) =>
    route.fulfill({ status: 404, body: '{"message":"Not found."}' }),
  );
  const requests: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${sent.method()} ${url.pathname}${url.search}`);
  });
  await page.goto(FEED);
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await requestsSettled(page);
  requests.pop();
  const calls = requests.filter((call) => call !== 'GET /api/stream');
  expect(calls.slice(0, 2), requests.join('\n')).toEqual([
    `GET /api/first-screen?path=${encodeURIComponent(FEED)}&tz=${encodeURIComponent(TZ)}`,
    'GET /api/verify',
  ]);
  expect(new Set(calls).size, requests.join('\n')).toBe(calls.length);
});
