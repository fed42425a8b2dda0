import { expect, type Page, test } from '@playwright/test';
import { DEMO, logInByApi, requestsSettled, storeSession } from './support.ts';

/**
 * The feed's first load (issue 20): the app shell starts the session check and the page's first calls with the
 * HTML (apps/web/src/app/first-load-plan.ts), the app takes their answers over, and nothing is asked for twice:
 * not by the app after the shell, and not by the live stream's first `ready`, which once fetched the friends,
 * the requests and the chat icon's inbox a second time.
 */

/** Every request the page makes, by method and address (the favicon, which the browser asks for, aside). */
function recordRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/logo-mark.svg') && request.resourceType() === 'other') return;
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return requests;
}

/** The browser's time zone, which the first screen's call names (Playwright's default is the machine's). */
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

const twice = (requests: string[]) => requests.filter((request, index) => requests.indexOf(request) !== index);
const apiCalls = (requests: string[]) => requests.filter((request) => request.startsWith('GET /api/')).sort();

/** Opens the feed as the demo member, whose session is in storage as the app keeps it, and waits for it to settle. */
async function openFeed(page: Page, request: Parameters<typeof logInByApi>[0]) {
  const { api_token: token } = await logInByApi(request, DEMO);
  const { user } = (await (
    await request.get('/api/verify', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    user: unknown;
  };
  await storeSession(page, token, user);
  const requests = recordRequests(page);
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/stream'));
  await page.goto('/social_home/friend-list');
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await stream;
  // The stream's `ready` comes after its head; what it would fetch again starts as soon as it is read. There is
  // no sign on the page that it has been, so the page gets a moment before the requests are counted.
  await page.waitForTimeout(1_500);
  await requestsSettled(page);
  requests.pop(); // requestsSettled's own marker
  return requests;
}

test('the feed’s first load asks for each address once, its calls started by the app shell', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const requests = await openFeed(page, request);
  expect(twice(requests), requests.join('\n')).toEqual([]);
  expect(apiCalls(requests)).toEqual(
    [
      'GET /api/verify',
      'GET /api/notifications?filter=all&page=1',
      'GET /api/conversations?box=inbox',
      'GET /api/home/timeline',
      'GET /api/home/upcoming-events-home',
      'GET /api/friends/requests',
      'GET /api/home/upcoming-events',
      'GET /api/friends',
      'GET /api/stream',
    ].sort(),
  );
  // Every answer the shell asked for was taken over by the app (an address the app spells otherwise stays here).
  const left = await page.evaluate(() =>
    Object.keys((window as unknown as { __corralFirstLoad?: { answers: object } }).__corralFirstLoad?.answers ?? {}),
  );
  expect(left).toEqual([]);
  const early = await page.evaluate(() => Boolean((window as { __corralFirstLoad?: unknown }).__corralFirstLoad));
  expect(early, 'the app shell started the first calls').toBe(true);
});

test('on a phone the feed leaves out the hidden sidebar’s lists, and asks for each address once @phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const requests = await openFeed(page, request);
  expect(twice(requests), requests.join('\n')).toEqual([]);
  // On a phone the feed has a first screen: one call brings the session check and the page's first answers.
  expect(apiCalls(requests)).toEqual(
    [`GET /api/first-screen?path=%2Fsocial_home%2Ffriend-list&tz=${encodeURIComponent(TZ)}`, 'GET /api/stream'].sort(),
  );
  // The sidebar's lists are in the Menu panel, fetched when it opens.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('heading', { name: 'Contacts' })).toBeVisible();
});
