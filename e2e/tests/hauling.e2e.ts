import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newcomer, readyMember, signInBrowser } from './support.ts';

/**
 * The hauling board (issue 19, docs/decisions/030-hauling-board.md) as a rider lives it: from an upcoming demo
 * event's Hauling tab, an instant offer booked (a stall, a horse, a message), "Booked", and the conversation the
 * booking opened with the driver; at a desktop's width and at a phone's. The driver and the offer are made
 * through the API; what the rider does, in the browser.
 */

const PHONE = { width: 360, height: 760 };
const DESKTOP = { width: 1280, height: 800 };

type Member = Awaited<ReturnType<typeof readyMember>> & { name: string };

async function member(request: APIRequestContext, prefix: string): Promise<Member> {
  const who = newcomer(prefix);
  const ready = await readyMember(request, who);
  return { ...ready, name: `${who.firstName} ${who.lastName}` };
}

interface Performance {
  id: number;
  starts_at: string;
}

/** An upcoming demo event with a performance far enough ahead to leave for it, and that performance. */
async function demoEvent(request: APIRequestContext, who: Member) {
  const listed = await request.get('/api/events?scope=upcoming', { headers: who.headers });
  expect(listed.status(), await listed.text()).toBe(200);
  const soonest = Date.now() + 12 * 3_600_000;
  for (const { id } of (await listed.json()).data as { id: number }[]) {
    const detail = (await (await request.get(`/api/events/${id}`, { headers: who.headers })).json()).data as {
      id: number;
      title: string;
      is_cancelled: boolean;
      performances: Performance[];
    };
    const performance = detail.performances.find((one) => Date.parse(one.starts_at) > soonest);
    if (performance && !detail.is_cancelled) return { ...detail, performance };
  }
  throw new Error('No upcoming demo event with a performance ahead');
}

/** The driver's instant offer of three stalls from Cody, WY, leaving hours before the performance. */
async function instantOffer(request: APIRequestContext, driver: Member, eventId: number, performance: Performance) {
  const places = await request.get('/api/places?q=Cody, WY', { headers: driver.headers });
  expect(places.status(), await places.text()).toBe(200);
  const origin = ((await places.json()).data as { id: number; name: string }[])[0];
  expect(origin?.name).toBe('Cody');
  const arriveBy = Date.parse(performance.starts_at);
  const response = await request.post('/api/haul/offers', {
    headers: driver.headers,
    data: {
      event_id: eventId,
      arrive_performance_id: performance.id,
      origin_place_id: origin?.id,
      depart_from: new Date(arriveBy - 8 * 3_600_000).toISOString(),
      depart_until: new Date(arriveBy - 6 * 3_600_000).toISOString(),
      stalls: 3,
      stall_kind: 'slant',
      seats: 1,
      tack_room: true,
      rate_type: 'fill',
      price: 80,
      price_unit: 'horse',
      cap_per_horse: 100,
      booking_mode: 'instant',
      visibility: 'everyone',
      detour_km: 80,
      notes: 'Hay nets in every stall.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()).data as { id: number }[])[0]?.id ?? 0;
}

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function openAs(browser: Browser, request: APIRequestContext, who: Member, viewport: typeof PHONE, url: string) {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await signInBrowser(page, request, who.token);
  await page.goto(url);
  return page;
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** No serious or critical axe finding (WCAG 2.2 AA) on what the page shows, once its animations are over. */
async function expectAccessible(page: Page, where: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${where}: ${violation.id} on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking).toEqual([]);
}

for (const [width, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a rider books a stall on an instant haul from an event's Hauling tab and talks to the driver (${width})`, async ({
    browser,
    request,
  }) => {
    const driver = await member(request, `haul-driver-${width}`);
    const rider = await member(request, `haul-rider-${width}`);
    const event = await demoEvent(request, driver);
    const offerId = await instantOffer(request, driver, event.id, event.performance);
    const horse = await request.post('/api/me/horses', { headers: rider.headers, data: { name: 'Dually' } });
    expect(horse.status(), await horse.text()).toBe(201);

    // The event opens on its About tab; Hauling is the next tab, and the address follows the tab.
    const page = await openAs(browser, request, rider, viewport, `/social_home/event/${event.id}`);
    const dialog = page.getByRole('dialog', { name: event.title });
    const about = dialog.getByRole('tab', { name: 'About' });
    await expect(about).toHaveAttribute('aria-selected', 'true');
    await about.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Hauling' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/social_home/event/${event.id}\\?tab=hauling$`));

    const card = dialog.getByRole('article', { name: `Haul from Cody, WY by ${driver.name}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('3 of 3 free · Slant load');
    await expect(card).toContainText('$80 per horse · cap $100 per horse');
    await expect(card).toContainText('Instant booking');
    await expectNoSidewaysScroll(page, `The Hauling tab at ${viewport.width} px`);
    await expectAccessible(page, `The Hauling tab at ${viewport.width} px`);

    // Offering a haul: refused as empty, each field says why and the first one refused has the focus.
    await dialog.getByRole('button', { name: 'Offer a haul' }).click();
    const offerForm = page.getByRole('dialog', { name: 'Offer a haul' });
    await offerForm.getByRole('button', { name: 'Offer haul' }).click();
    await expect(offerForm.getByRole('combobox', { name: 'Leaving from' })).toBeFocused();
    await expect(offerForm.getByText('Pick a place from the list.')).toBeVisible();
    await expectNoSidewaysScroll(page, `The offer form at ${viewport.width} px`);
    await expectAccessible(page, `The offer form at ${viewport.width} px`);
    await offerForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(offerForm).toHaveCount(0);

    await card.getByRole('button', { name: 'Book' }).click();
    const booking = page.getByRole('dialog', { name: 'Book stalls' });
    await booking.getByRole('checkbox', { name: 'Dually' }).check();
    await booking.getByLabel('Message to the driver').fill('One gelding, loads easy. Thanks!');
    await expectAccessible(page, `The booking dialog at ${viewport.width} px`);
    await booking.getByRole('button', { name: 'Book now' }).click();

    const booked = page.getByRole('dialog', { name: 'Booked' });
    await expect(booked.getByRole('status')).toContainText(`Your stall is booked with ${driver.name}.`);
    await expectNoSidewaysScroll(page, `Booked at ${viewport.width} px`);
    // The server took the stall: the driver's offer has two left, and the rider's booking is confirmed.
    const offer = await request.get(`/api/haul/offers/${offerId}`, { headers: driver.headers });
    expect(((await offer.json()).data as { stalls_free: number }).stalls_free).toBe(2);

    const bookingLink = booked.getByRole('link', { name: 'See the booking' });
    await expect(bookingLink).toHaveAttribute('href', /\/social_home\/hauling\/bookings\/\d+$/);
    await booked.getByRole('link', { name: 'Message the driver' }).click();
    await page.waitForURL(/\/social_home\/messages\/\d+$/);
    const log = page.getByRole('log');
    await expect(log).toHaveAccessibleName(`Messages with ${driver.name}`);
    await expect(log).toContainText('One gelding, loads easy. Thanks!');
    await expectNoSidewaysScroll(page, `The conversation at ${viewport.width} px`);
  });
}
