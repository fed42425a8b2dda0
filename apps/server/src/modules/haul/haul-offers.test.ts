import { HAUL_MESSAGES, type HaulingResponse } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, setUpMember } from '../../../test/factories.ts';
import {
  addDays,
  denverAt,
  draftFields,
  eventDay,
  multipart,
  type References,
  references,
  START_DATE,
} from '../../../test/fixtures/events.fixtures.ts';
import {
  DEPART_FROM,
  DEPART_UNTIL,
  DEPARTURE_DATE,
  haulCount,
  offerBody,
  performancesOf,
  placedEvent,
  placeId,
  postOffer,
} from '../../../test/fixtures/haul.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sweepHauls } from './haul-sweep.ts';
import { LEG_ORIGIN_UNKNOWN, LEG_OUT_OF_ORDER, LEG_SAME_EVENT } from './offers.service.ts';

/** Offers of the hauling board and an event's Hauling tab, through the API on a real database and gazetteer. */
const statements: string[] = [];
let t: TestApp;
let refs: References;
let denver: number;
let cheyenne: number;
let greeley: number;
let pueblo: number;
beforeAll(async () => {
  t = await createTestApp({ statements, env: { SEED_PLACES: 'true' } });
  refs = await references(t.app);
  denver = await placeId(t.app, 'Denver', 'CO');
  cheyenne = await placeId(t.app, 'Cheyenne', 'WY');
  greeley = await placeId(t.app, 'Greeley', 'CO');
  pueblo = await placeId(t.app, 'Pueblo', 'CO');
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const tab = async (eventId: number, token: string, query = '') => {
  const response = await get(`/api/events/${eventId}/hauling${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HaulingResponse;
};

describe('the Hauling tab', () => {
  it('finds an offer for a rider about 25 km off its route (Greeley), not for one about 300 km off (Pueblo)', async () => {
    const organiser = await setUpMember(t.app);
    const driver = await setUpMember(t.app);
    const rider = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const created = await postOffer(t.app, driver.token, offerBody(event.id, event.performances[0] ?? 0, denver));
    expect(created.statusCode, created.body).toBe(201);
    const [offer] = created.json().data;
    expect(offer.distance_km).toBeGreaterThan(130);
    expect(offer.distance_km).toBeLessThan(160);

    const near = await tab(event.id, rider.token, `?near=${greeley}`);
    expect(near.near?.name).toBe('Greeley');
    expect(near.offers.map((o) => o.id)).toEqual([offer.id]);
    expect(near.offers[0]?.fit?.fits).toBe(true);
    // Greeley is some 25 km east of the Denver–Cheyenne line, half way: a few km of detour.
    expect(near.offers[0]?.fit?.detour_km).toBeGreaterThan(1);
    expect(near.offers[0]?.fit?.detour_km).toBeLessThan(50);

    const far = await tab(event.id, rider.token, `?near=${pueblo}`);
    expect(far.offers).toEqual([]);
    // Without `near`: every open offer, by departure.
    const all = await tab(event.id, rider.token);
    expect(all.offers.map((o) => o.id)).toEqual([offer.id]);
    expect(all.offers[0]?.fit).toBeNull();
    // Filters: more horses than stalls free, another rate type, another day.
    expect((await tab(event.id, rider.token, '?horses=4')).offers).toEqual([]);
    expect((await tab(event.id, rider.token, '?rate=professional')).offers).toEqual([]);
    expect((await tab(event.id, rider.token, `?date=${DEPARTURE_DATE}`)).offers).toHaveLength(1);
    expect((await tab(event.id, rider.token, `?date=${addDays(DEPARTURE_DATE, -3)}`)).offers).toEqual([]);
    expect((await get(`/api/events/${event.id}/hauling?date=0000-01-01`, rider.token)).statusCode).toBe(422);
  }, 60_000);

  it('costs at most 3 statements, authentication included, with near and requests', async () => {
    const organiser = await setUpMember(t.app);
    const rider = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    for (let i = 0; i < 4; i += 1) {
      const driver = await setUpMember(t.app);
      const response = await postOffer(t.app, driver.token, offerBody(event.id, event.performances[0] ?? 0, denver));
      expect(response.statusCode, response.body).toBe(201);
      const request = await t.app.inject({
        method: 'POST',
        url: '/api/haul/requests',
        headers: bearer(driver.token),
        payload: {
          event_id: event.id,
          origin_place_id: greeley,
          depart_from: DEPART_FROM,
          depart_until: DEPART_UNTIL,
          horses: 2,
        },
      });
      expect(request.statusCode, request.body).toBe(201);
    }
    for (const query of ['', `?near=${greeley}`]) {
      statements.length = 0;
      const body = await tab(event.id, rider.token, query);
      expect(body.offers).toHaveLength(4);
      expect(body.requests).toHaveLength(4);
      expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(3);
    }
  }, 60_000);

  it('answers 404 for an event the viewer cannot see, and 422 for an unknown near place', async () => {
    const viewer = await setUpMember(t.app);
    expect((await get('/api/events/999999999/hauling', viewer.token)).statusCode).toBe(404);
    const organiser = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    expect((await get(`/api/events/${event.id}/hauling?near=2147483000`, viewer.token)).statusCode).toBe(422);
    expect((await get(`/api/events/${event.id}/hauling?near=abc`, viewer.token)).statusCode).toBe(422);
  }, 60_000);
});

describe('offer rules', () => {
  let event: { id: number; performances: number[] };
  let driver: Awaited<ReturnType<typeof setUpMember>>;
  beforeAll(async () => {
    const organiser = await setUpMember(t.app);
    driver = await setUpMember(t.app);
    event = await placedEvent(t.app, organiser.token, refs, cheyenne);
  }, 60_000);
  const body = (overrides: Parameters<typeof offerBody>[3] = {}) =>
    offerBody(event.id, event.performances[0] ?? 0, denver, overrides);
  // Insurance valid half a year past the departure day, and insurance that ends the day before it.
  const insured = addDays(DEPARTURE_DATE, 182);
  const lapsed = addDays(DEPARTURE_DATE, -1);

  it('refuses a professional offer without its number or without insurance, and stores nothing', async () => {
    const before = await haulCount(t.app);
    const noNumber = await postOffer(
      t.app,
      driver.token,
      body({ rate_type: 'professional', cap_per_horse: null, insurance_expires_on: insured }),
    );
    expect(noNumber.statusCode).toBe(422);
    expect(noNumber.json().message).toBe(HAUL_MESSAGES.professionalNeedsNumber);
    const noInsurance = await postOffer(
      t.app,
      driver.token,
      body({ rate_type: 'professional', usdot_number: '1234567' }),
    );
    expect(noInsurance.statusCode).toBe(422);
    expect(noInsurance.json().message).toBe(HAUL_MESSAGES.professionalNeedsInsurance);
    const expired = await postOffer(
      t.app,
      driver.token,
      body({ rate_type: 'professional', usdot_number: '1234567', insurance_expires_on: lapsed }),
    );
    expect(expired.json().message).toBe(HAUL_MESSAGES.insuranceExpired);
    expect(await haulCount(t.app)).toEqual(before);
    const ok = await postOffer(
      t.app,
      driver.token,
      body({ rate_type: 'professional', mc_number: 'MC-123456', insurance_expires_on: insured, price: 900 }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data[0].professional).toEqual({
      usdot_number: null,
      mc_number: 'MC-123456',
      insurance_expires_on: insured,
    });
  });

  it('refuses a fill offer without its cap, or priced above it', async () => {
    const before = await haulCount(t.app);
    const noCap = await postOffer(t.app, driver.token, body({ cap_per_horse: null }));
    expect(noCap.statusCode).toBe(422);
    expect(noCap.json().message).toBe(HAUL_MESSAGES.fillNeedsCap);
    const above = await postOffer(t.app, driver.token, body({ price: 150, cap_per_horse: 100 }));
    expect(above.json().message).toBe(HAUL_MESSAGES.priceAboveCap);
    expect(await haulCount(t.app)).toEqual(before);
  });

  it('answers hostile input with 4xx and stores nothing', async () => {
    const organiser = await setUpMember(t.app);
    const other = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const before = await haulCount(t.app);
    const cases: Array<[string, unknown]> = [
      ['wrong types', { ...body(), stalls: 'many', tack_room: 'yes' }],
      // Not numbers, though z.coerce once took them as 1, 2 and 2.
      ['true for a number', { ...body(), stalls: true }],
      ['a list for a number', { ...body(), stalls: [2] }],
      ['hex digits', { ...body(), seats: '0x2' }],
      ['null for a number', { ...body(), detour_km: null }],
      ['huge numbers', body({ stalls: 1e9 })],
      ['huge price', body({ price: Number.MAX_SAFE_INTEGER * 10 })],
      ['huge detour', body({ detour_km: 100000 })],
      ['huge event id', { ...body(), event_id: 1e30 }],
      ['past departure', body({ depart_from: '2020-01-01T10:00:00Z', depart_until: '2020-01-01T12:00:00Z' })],
      ['window backwards', body({ depart_from: DEPART_UNTIL, depart_until: DEPART_FROM })],
      [
        'after arrival',
        body({ depart_from: DEPART_UNTIL, depart_until: denverAt(eventDay(3), '08:00').toISOString() }),
      ],
      ["another event's performance", body({ arrive_performance_id: other.performances[0] ?? 0 })],
      ['unknown place', body({ origin_place_id: 2147483000 })],
      ['unknown event', { ...body(), event_id: 999999999 }],
      ['not a date', { ...body(), depart_from: 'tomorrow' }],
      ['too many legs', body({ next_legs: Array.from({ length: 9 }, () => body()) })],
      ['an array', [body()]],
    ];
    for (const [name, payload] of cases) {
      const response = await postOffer(t.app, driver.token, payload);
      expect(response.statusCode, `${name}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
    }
    expect(await haulCount(t.app)).toEqual(before);
  });

  it('makes a run of events in one transaction; a leg cannot leave from an event without a place', async () => {
    const organiser = await setUpMember(t.app);
    // The second event is four days after the first (its finals at 19:00); its legs leave the day before, 08:00–11:00.
    const denverIso = (days: number, time: string) => denverAt(eventDay(days), time).toISOString();
    const second = await placedEvent(t.app, organiser.token, refs, greeley, {
      startDate: eventDay(4),
      endDate: eventDay(5),
      performances: JSON.stringify([{ name: 'Finals', date: eventDay(4), time: '19:00' }]),
    });
    const unplaced = await placedEvent(t.app, organiser.token, refs, null, {
      startDate: eventDay(4),
      endDate: eventDay(5),
      performances: JSON.stringify([{ name: 'Finals', date: eventDay(4), time: '19:00' }]),
    });
    const leg = (e: { id: number; performances: number[] }) => ({
      event_id: e.id,
      arrive_performance_id: e.performances[0] ?? 0,
      depart_from: denverIso(3, '08:00'),
      depart_until: denverIso(3, '11:00'),
    });
    const run = await postOffer(t.app, driver.token, body({ next_legs: [leg(second)] }));
    expect(run.statusCode, run.body).toBe(201);
    const legs = run.json().data;
    expect(legs).toHaveLength(2);
    expect(legs[0].run_id).toBe(legs[0].id);
    expect(legs[1].run_id).toBe(legs[0].id);
    expect(legs[1].origin.name).toBe('Cheyenne');

    // The unplaced event as the last leg is fine; as a middle leg it cannot be the next one's origin.
    const before = await haulCount(t.app);
    const middle = await postOffer(
      t.app,
      driver.token,
      offerBody(unplaced.id, unplaced.performances[0] ?? 0, denver, {
        depart_from: denverIso(3, '08:00'),
        depart_until: denverIso(3, '11:00'),
        next_legs: [{ ...leg(second), depart_from: denverIso(4, '01:00'), depart_until: denverIso(4, '03:00') }],
      }),
    );
    expect(middle.statusCode, middle.body).toBe(422);
    expect(middle.json().message).toBe(LEG_ORIGIN_UNKNOWN);
    // Each leg leaves once the one before has arrived (the first arrives START_DATE, 19:00 Denver), for another event.
    const early = await postOffer(
      t.app,
      driver.token,
      body({
        next_legs: [{ ...leg(second), depart_from: denverIso(-1, '13:00'), depart_until: denverIso(0, '03:00') }],
      }),
    );
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json()).toMatchObject({
      message: LEG_OUT_OF_ORDER,
      errors: { 'next_legs.0.depart_from': [LEG_OUT_OF_ORDER] },
    });
    const twice = await postOffer(t.app, driver.token, body({ next_legs: [leg(second), leg(second)] }));
    expect(twice.statusCode, twice.body).toBe(422);
    expect(twice.json().message).toBe(LEG_SAME_EVENT);
    expect(await haulCount(t.app)).toEqual(before);
  }, 60_000);

  it('lets only its driver edit it, never below the stalls booked, and closes it on delete', async () => {
    const stranger = await setUpMember(t.app);
    const created = await postOffer(t.app, driver.token, body({ stalls: 4 }));
    const id = created.json().data[0].id as number;
    const patch = (token: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/haul/offers/${id}`, headers: bearer(token), payload });
    expect((await patch(stranger.token, { stalls: 2 })).statusCode).toBe(404);
    // Two stalls booked (as a confirmed booking leaves them).
    await t.ctx.db.execute(sql`update haul_offers set stalls_free = 2 where id = ${id}`);
    const below = await patch(driver.token, { stalls: 1 });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe(HAUL_MESSAGES.stallsBelowBooked);
    const more = await patch(driver.token, { stalls: 6, notes: 'Room for tack' });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().data).toMatchObject({ stalls_total: 6, stalls_free: 4, notes: 'Room for tack' });
    const fewer = await patch(driver.token, { stalls: 2 });
    // What was not sent stays as it was (the create's defaults are not the edit's).
    expect(fewer.json().data).toMatchObject({
      stalls_total: 2,
      stalls_free: 0,
      notes: 'Room for tack',
      seats: 1,
      tack_room: true,
      detour_km: 50,
    });
    expect((await patch(driver.token, {})).json().data).toMatchObject({ detour_km: 50, notes: 'Room for tack' });
    for (const wrong of [{ seats: null }, { detour_km: false }, { stalls: true }])
      expect((await patch(driver.token, wrong)).statusCode, JSON.stringify(wrong)).toBe(422);
    expect((await patch(driver.token, { stalls: 2, extra: 1 })).statusCode).toBe(422);

    const remove = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/haul/offers/${id}`, headers: bearer(token) });
    expect((await remove(stranger.token)).statusCode).toBe(404);
    expect((await remove(driver.token)).statusCode).toBe(200);
    const closed = await get(`/api/haul/offers/${id}`, driver.token);
    expect(closed.json().data.closed).toBe(true);
  });
});

describe('an offer and its event’s edits', () => {
  it('keeps its arrive-by performance through an edit of the event, and follows it when it moves', async () => {
    const organiser = await setUpMember(t.app);
    const driver = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const created = await postOffer(t.app, driver.token, offerBody(event.id, event.performances[0] ?? 0, denver));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data[0].id as number;
    const arrival = async () => (await get(`/api/haul/offers/${id}`, driver.token)).json().data;
    const before = await arrival();
    expect(before.arrive_performance).toMatchObject({ id: event.performances[0], name: 'Team Roping' });

    const edit = (overrides: Partial<Record<string, string>>) =>
      multipart(t.app, 'PATCH', `/api/events/${event.id}`, organiser.token, draftFields(refs, overrides));
    expect((await edit({ eventTitle: 'Renamed' })).statusCode).toBe(200);
    expect((await arrival()).arrive_performance).toMatchObject({ id: event.performances[0], name: 'Team Roping' });

    // The first performance an hour later, renamed; the second one dropped.
    const moved = await edit({
      performances: JSON.stringify([{ name: 'Slack', date: START_DATE, time: '20:00' }]),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sweepHauls(t.ctx);
    const after = await arrival();
    expect(after.arrive_performance).toMatchObject({ id: event.performances[0], name: 'Slack' });
    expect(Date.parse(after.arrive_by) - Date.parse(before.arrive_by)).toBe(60 * 60 * 1000);
    expect(await performancesOf(t.app, event.id)).toEqual([event.performances[0]]);
  }, 60_000);
});

describe('closing an offer', () => {
  it('cancels its live bookings (the bookings module), and my hauls show both sides', async () => {
    const organiser = await setUpMember(t.app);
    const driver = await setUpMember(t.app);
    const rider = await setUpMember(t.app);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const created = await postOffer(
      t.app,
      driver.token,
      offerBody(event.id, event.performances[0] ?? 0, denver, { booking_mode: 'instant' }),
    );
    const id = created.json().data[0].id as number;
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/haul/offers/${id}/bookings`,
      headers: bearer(rider.token),
      payload: { stalls: 1 },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.status).toBe('confirmed');
    const driving = (await get('/api/me/hauls', driver.token)).json();
    expect(driving.driving.map((b: { id: number }) => b.id)).toEqual([booked.json().data.id]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/haul/offers/${id}`, headers: bearer(driver.token) }))
        .statusCode,
    ).toBe(200);
    const mine = (await get('/api/me/hauls', rider.token)).json();
    expect(mine.bookings.map((b: { status: string }) => b.status)).toEqual(['cancelled']);
    expect((await tab(event.id, rider.token)).offers).toEqual([]);
  }, 60_000);
});

describe('who sees an offer', () => {
  it('hides a friends-only offer from strangers and from a blocked friend', async () => {
    const organiser = await setUpMember(t.app);
    const driver = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const blockedFriend = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    await befriend(t.app, driver.user.id, friend.user.id);
    await befriend(t.app, driver.user.id, blockedFriend.user.id);
    const event = await placedEvent(t.app, organiser.token, refs, cheyenne);
    const created = await postOffer(
      t.app,
      driver.token,
      offerBody(event.id, event.performances[0] ?? 0, denver, { visibility: 'friends' }),
    );
    const id = created.json().data[0].id as number;
    await t.ctx.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${blockedFriend.user.id}, ${driver.user.id})`,
    );
    expect((await tab(event.id, friend.token)).offers.map((o) => o.id)).toEqual([id]);
    expect((await get(`/api/haul/offers/${id}`, friend.token)).statusCode).toBe(200);
    for (const viewer of [stranger, blockedFriend]) {
      expect((await tab(event.id, viewer.token)).offers).toEqual([]);
      expect((await get(`/api/haul/offers/${id}`, viewer.token)).statusCode).toBe(404);
    }
    // Friends of friends: the friend's friend sees a friends-of-friends offer, a stranger does not.
    const friendOfFriend = await setUpMember(t.app);
    await befriend(t.app, friend.user.id, friendOfFriend.user.id);
    const fof = await postOffer(
      t.app,
      driver.token,
      offerBody(event.id, event.performances[0] ?? 0, denver, { visibility: 'friends_of_friends' }),
    );
    const fofId = fof.json().data[0].id as number;
    expect((await get(`/api/haul/offers/${fofId}`, friendOfFriend.token)).statusCode).toBe(200);
    expect((await get(`/api/haul/offers/${fofId}`, stranger.token)).statusCode).toBe(404);
    // The driver's friend follows the event: one friend going, on the tab and on each offer.
    expect((await tab(event.id, driver.token)).friends_going).toBe(0);
    await t.ctx.db.execute(sql`insert into event_follows (post_id, user_id) values (${event.id}, ${friend.user.id})`);
    const driverTab = await tab(event.id, driver.token);
    expect(driverTab.friends_going).toBe(1);
    expect(driverTab.offers.every((o) => o.friends_going === 1 && o.is_mine)).toBe(true);
  }, 60_000);
});
