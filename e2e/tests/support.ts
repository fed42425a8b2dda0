import { randomInt, randomUUID } from 'node:crypto';
import type { OutboxMessage } from '@corral/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export type { OutboxMessage };

/** A short random mark that makes a name, a title or an address unique to one run (never read from a clock). */
export function uniqueStamp(): string {
  return randomUUID().replaceAll('-', '').slice(0, 10);
}

// Phone numbers are taken in turn from a random start: a number can be verified by one account only, and 9,000
// numbers drawn at random would collide within a run (a retry's new worker starts elsewhere in the range).
let nextPhone = randomInt(9000);

/** A new member's details, unique per run. */
export function newcomer(prefix = 'rider') {
  const stamp = uniqueStamp();
  nextPhone = (nextPhone + 1) % 9000;
  return {
    firstName: 'Jordan',
    lastName: `Wrangler ${stamp}`,
    email: `${prefix}-${stamp}@example.com`,
    password: 'Lariat#2026',
    phone: `(415) 555-${1000 + nextPhone}`,
  };
}

/** Polls the dev outbox until a message for `to` on `channel` arrives, and returns the newest. */
export async function waitForMessage(
  request: APIRequestContext,
  channel: 'email' | 'sms',
  to: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        const messages = (await response.json()) as OutboxMessage[];
        found = messages.find((message) => message.channel === channel && message.to === to);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** Signs up through the API (fast set-up for journeys that are about something else). */
export async function signUpByApi(request: APIRequestContext, member: ReturnType<typeof newcomer>) {
  const response = await request.post('/api/signup', {
    data: { first_name: member.firstName, last_name: member.lastName, email: member.email, password: member.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Logs in through the login screen and waits for the 3 second redirect. */
export async function logInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('User Successfully Logedin')).toBeVisible();
}

/**
 * A new member who has signed up and onboarded through the API (the phone is next); answers their id, token
 * and auth header. Interests are the first event type and association unless named by abbreviation (BRL, PRCA).
 */
export async function onboardedMember(
  request: APIRequestContext,
  member: ReturnType<typeof newcomer>,
  interests: { eventTypes?: string[]; associations?: string[] } = {},
) {
  await signUpByApi(request, member);
  const { id, api_token: token } = await logInByApi(request, member);
  const headers = { authorization: `Bearer ${token}` };
  await onboardByApi(request, token, interests);
  return { id, token, headers };
}

/** Onboarding for the member behind `token`, through the API (the first event type and association, or these). */
export async function onboardByApi(
  request: APIRequestContext,
  token: string,
  interests: { eventTypes?: string[]; associations?: string[] } = {},
) {
  const headers = { authorization: `Bearer ${token}` };
  const [eventTypes, associations] = (await Promise.all([
    request.get('/api/setup/event-types').then((r) => r.json()),
    request.get('/api/setup/associations').then((r) => r.json()),
  ])) as { id: number; abr: string }[][];
  const pick = (list: { id: number; abr: string }[] = [], abrs?: string[]) =>
    abrs ? list.filter((item) => abrs.includes(item.abr)).map((item) => item.id) : [list[0]?.id];
  const onboard = await request.post('/api/on-board', {
    headers,
    data: {
      age: '1994-04-04',
      gender: 'female',
      transport_id: 1,
      event_type_ids: pick(eventTypes, interests.eventTypes),
      association_ids: pick(associations, interests.associations),
    },
  });
  expect(onboard.status(), await onboard.text()).toBe(200);
}

/** A new member who has onboarded and verified a phone, all through the API; answers their id and token. */
export async function readyMember(
  request: APIRequestContext,
  member: ReturnType<typeof newcomer>,
  interests: { eventTypes?: string[]; associations?: string[] } = {},
) {
  const { id, token, headers } = await onboardedMember(request, member, interests);
  await verifyPhoneByApi(request, token, member.phone);
  return { id, token, headers };
}

/** The phone step for the member behind `token`: the code from the SMS outbox, through the API. */
export async function verifyPhoneByApi(request: APIRequestContext, token: string, phone: string) {
  const headers = { authorization: `Bearer ${token}` };
  const sent = await request.post('/api/contacts/send-verification-code', {
    headers,
    data: { original_phone: phone },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const digits = phone.replace(/\D/g, '');
  const sms = await waitForMessage(request, 'sms', `+1${digits}`);
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  const validated = await request.post('/api/contacts/validate-verification-code', {
    headers,
    data: { original_phone: phone, code },
  });
  expect(validated.status(), await validated.text()).toBe(200);
}

/** Signs this browser in as the member behind `token`, as the web app keeps a session. */
export async function signInBrowser(page: Page, request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const { user } = (await (await request.get('/api/verify', { headers })).json()) as { user: unknown };
  await storeSession(page, token, user);
}

/** Every page a signed-out visitor can open, with a reset link's fragment and a page that does not exist. */
export const SIGNED_OUT_PAGES = [
  '/',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/reset-password#token=not-a-real-token',
  '/confirm-email#token=not-a-real-token',
  '/undo-email-change#token=not-a-real-token',
  '/auth/callback#error=cancelled',
  '/privacy-policy',
  '/terms-and-conditions',
  '/deletion-policy',
  '/about-us',
  '/privacy_policy',
  '/terms_and_conditions',
  '/deletion_policy',
  '/about_us',
  '/no-such-page',
] as const;

/**
 * Signs the browser in without the sign-in screen: the session is stored the way the web app keeps it
 * (token, and the persisted store's user and flag), from a public page of the app's origin.
 */
export async function storeSession(page: Page, token: string, user: unknown) {
  await page.goto('/privacy-policy');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token as string);
      localStorage.setItem('session', JSON.stringify({ state: { currentUser: user, isLoggedIn: true }, version: 0 }));
    },
    [token, user],
  );
}

/** The demo member of the seeded community, and one of their friends (same password). */
export const DEMO = { email: 'demo@corral.app', password: 'Buckle#2026' };
export const DEMO_FRIEND = { email: 'cody.braddock@demo.corral.app', password: DEMO.password };

/** Logs in through the API: the member's id and token. */
export async function logInByApi(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: who });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).user as { id: string; api_token: string };
}

/**
 * Every screen of the social area as the demo member sees it, with real ids from the seeded community: a
 * post with several photos, an upcoming event, a friend's profile, their own profile, search and help, the
 * messages (inbox, requests, a conversation) and the message setting, My hauls, the horses and a booking (if any).
 */
export async function demoMemberPages(request: APIRequestContext): Promise<string[]> {
  const demo = await logInByApi(request, DEMO);
  const friend = await logInByApi(request, DEMO_FRIEND);
  const headers = { authorization: `Bearer ${demo.api_token}` };
  const timeline = (await (await request.get('/api/home/timeline', { headers })).json()).data as {
    id: number;
    media: unknown[];
  }[];
  const post = timeline.find((item) => item.media.length > 1) ?? timeline[0];
  const events = (await (await request.get('/api/events?scope=upcoming', { headers })).json()).data as {
    id: number;
  }[];
  const conversations = (await (await request.get('/api/conversations', { headers })).json()).data as {
    id: number;
  }[];
  // The hauling board: a booking of the demo member's when the community has one (as rider or driver).
  const hauls = (await (await request.get('/api/me/hauls', { headers })).json()) as {
    bookings?: { id: number }[];
    driving?: { id: number }[];
  };
  const booking = hauls.bookings?.[0] ?? hauls.driving?.[0];
  expect(post).toBeDefined();
  expect(events.length).toBeGreaterThan(0);
  expect(conversations.length).toBeGreaterThan(0);
  return [
    '/social_home/friend-list',
    `/social_home/post/${post?.id}`,
    `/social_home/event/${events[0]?.id}`,
    // The event's Hauling tab, with the demo's offers and requests on it.
    `/social_home/event/${events[0]?.id}?tab=hauling`,
    '/social_home/event-types',
    '/social_home/association-types',
    '/social_home/my-events',
    '/social_home/event-history',
    `/social_home/profile/${friend.id}`,
    `/social_home/myprofile/${demo.id}`,
    '/social_home/search?q=cody',
    '/social_home/help?topic=help',
    '/social_home/messages',
    '/social_home/messages?box=requests',
    `/social_home/messages/${conversations[0]?.id}`,
    '/social_home/settings/messages',
    '/social_home/settings/account',
    '/social_home/hauling',
    '/social_home/hauling/horses',
    ...(booking ? [`/social_home/hauling/bookings/${booking.id}`] : []),
  ];
}

/**
 * Waits until the element's own animations and transitions, and its descendants', have run to their end (a
 * toast sliding in, a modal rising): what a measurement of where it sits needs. Endless ones (a spinner) are
 * left out; one cancelled meanwhile counts as over.
 */
export async function animationsDone(locator: Locator) {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** A toast that has arrived and finished sliding in (Sonner marks it mounted, then moves it into place). */
export async function settledToast(page: Page, text?: string | RegExp) {
  const toasts = page.locator('[data-sonner-toast]');
  const toast = text === undefined ? toasts.first() : toasts.filter({ hasText: text }).first();
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await animationsDone(toast);
  return toast;
}

/**
 * Sends a marker request from the page and waits until Playwright has seen it go. Requests reach the network
 * in the order the page makes them, so any request an earlier press or keystroke made has been seen by then:
 * a count of requests read afterwards is final, without waiting an arbitrary while.
 */
export async function requestsSettled(page: Page) {
  const marker = `/api/health?marker=${Math.random().toString(36).slice(2)}`;
  await Promise.all([
    page.waitForRequest((request) => request.url().endsWith(marker)),
    page.evaluate((url) => fetch(url).then(() => undefined), marker),
  ]);
}

/** Every dialog the page opens (alerts, beforeunload), by type, each accepted. */
export function recordDialogs(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.type());
    void dialog.accept();
  });
  return seen;
}
