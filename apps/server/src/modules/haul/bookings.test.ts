import { HAUL_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  act,
  book,
  booked,
  bookingAs,
  bookingCount,
  eventInDenver,
  HOUR,
  insertHorse,
  insertOffer,
  insertPlaces,
  PLACES,
  stallsFree,
} from '../../../test/fixtures/bookings.fixtures.ts';
import { call, type Member, setUpMembers } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';
import { sweepHauls } from './haul-sweep.ts';

const M = HAUL_MESSAGES;
let t: TestApp;
const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));
let driver: Member;
let rider: Member;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SEED_PLACES: 'true' } });
  [driver, rider] = await setUpMembers(t.app, 2);
  await insertPlaces(t.app);
  eventId = await eventInDenver(t.app, driver);
}, 60_000);
afterAll(() => t?.close());

describe('booking the last stall', () => {
  it('goes once among 50 at the same time: one 201 confirmed, 49 × 409, no stall left', async () => {
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 1, mode: 'instant' });
    const riders = await setUpMembers(t.app, 50);
    const answers = await Promise.all(riders.map((who) => book(t.app, who, offerId, { stalls: 1 })));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(1);
    expect(created[0]?.json().data.status).toBe('confirmed');
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((a) => a.json().message))).toEqual(new Set([M.notEnoughStalls]));
    expect(await stallsFree(t.app, offerId)).toBe(0);
    const [row] = await selectRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from haul_bookings where offer_id = ${offerId}`,
    );
    expect(row?.n).toBe(1);
  }, 120_000);
});

describe('a request', () => {
  it('waits without phones, then the driver accepts: confirmed, stalls taken, phones and address shown', async () => {
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 3, mode: 'request' });
    const horse = await insertHorse(t.app, rider, 'Dusty', '2026-03-01', '2026-11-20');
    const requested = await booked(t.app, rider, offerId, {
      stalls: 2,
      horse_ids: [horse],
      message: 'Two mares, easy loaders.',
      pickup_place_id: PLACES.fortCollins.id,
      pickup_address: '12 Elm St',
    });
    expect(requested.status).toBe('requested');
    expect(requested.phones).toBeNull();
    expect(requested.pickup_address).toBeNull();
    expect(requested.expires_at).toBe(new Date(clock.now() + 24 * HOUR).toISOString().replace('.000', ''));
    expect(requested.checklist).toEqual([
      { horse_id: horse, horse_name: 'Dusty', coggins: 'ok', health_certificate: 'ok' },
    ]);
    expect(await stallsFree(t.app, offerId)).toBe(3);
    expect(requested.conversation_id).not.toBeNull();

    // The driver sees it in the pair's conversation, and in the bell.
    const messages = await call(t.app, driver, 'GET', `/api/conversations/${requested.conversation_id}/messages`);
    expect(messages.statusCode).toBe(200);
    expect(messages.json().data[0].body).toBe('Two mares, easy loaders.');
    const bell = await call(t.app, driver, 'GET', '/api/notifications');
    const notice = bell.json().data.find((n: { kind: string }) => n.kind === 'haul_booking');
    expect(notice.haul_booking_id).toBe(requested.id);

    expect((await act(t.app, rider, requested.id, 'accept')).statusCode).toBe(403);
    const accepted = await act(t.app, driver, requested.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const data = accepted.json().data;
    expect(data.status).toBe('confirmed');
    expect(data.phones.rider).toMatch(/^\+1555/);
    expect(data.phones.driver).toMatch(/^\+1555/);
    expect(data.pickup_address).toBe('12 Elm St');
    expect(await stallsFree(t.app, offerId)).toBe(1);
    expect((await bookingAs(t.app, rider, requested.id)).data?.phones?.driver).toBe(data.phones.driver);
    expect((await act(t.app, driver, requested.id, 'accept')).statusCode).toBe(409);
  });

  it('declined by the driver holds nothing', async () => {
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 2, mode: 'request' });
    const requested = await booked(t.app, rider, offerId, { stalls: 2 });
    const declined = await act(t.app, driver, requested.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.status).toBe('declined');
    expect(await stallsFree(t.app, offerId)).toBe(2);
    // Declined is not live: the rider may ask again.
    expect((await book(t.app, rider, offerId, { stalls: 1 })).statusCode).toBe(201);
  });

  it('expires by the sweep once the clock passes its expiry, and can no longer be accepted', async () => {
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 2, mode: 'request' });
    const requested = await booked(t.app, rider, offerId, { stalls: 1 });
    await sweepHauls(t.ctx);
    expect((await bookingAs(t.app, rider, requested.id)).data?.status).toBe('requested');
    clock.advance(25 * HOUR);
    try {
      const swept = await sweepHauls(t.ctx);
      expect(swept.expired).toBeGreaterThanOrEqual(1);
      expect((await bookingAs(t.app, rider, requested.id)).data?.status).toBe('expired');
      expect((await sweepHauls(t.ctx)).expired).toBe(0);
      const late = await act(t.app, driver, requested.id, 'accept');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(M.notRequested);
      expect(await stallsFree(t.app, offerId)).toBe(2);
    } finally {
      clock.advance(-25 * HOUR);
    }
  });
});

describe('a request made once the departure window has opened', () => {
  it('waits to the end of the window (it expired at its start, before it was made), and the driver can accept it', async () => {
    // The window opened an hour ago and closes in three.
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 2, mode: 'request', departInHours: -1 });
    const requested = await booked(t.app, rider, offerId, { stalls: 1 });
    expect(Date.parse(requested.expires_at ?? '')).toBe(clock.now() - HOUR + 4 * HOUR);
    await sweepHauls(t.ctx);
    const accepted = await act(t.app, driver, requested.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('confirmed');
  });
});

describe('cancelling', () => {
  it('early gives the stalls back and is not late; late (within 48 h) counts on the profile', async () => {
    const [r] = await setUpMembers(t.app, 1);
    const early = await insertOffer(t.app, driver, eventId, { stalls: 2 });
    const b1 = await booked(t.app, r, early, { stalls: 2 });
    expect(await stallsFree(t.app, early)).toBe(0);
    // A reason is asked: the other side reads it.
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const refused = await act(t.app, r, b1.id, 'cancel', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(M.cancelReasonRequired);
    }
    const cancelled = await act(t.app, r, b1.id, 'cancel', { reason: 'Horse went lame' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', late: false, cancelled_by_me: true });
    expect(await stallsFree(t.app, early)).toBe(2);
    expect((await bookingAs(t.app, driver, b1.id)).data?.cancelled_by_me).toBe(false);
    expect((await act(t.app, r, b1.id, 'cancel', { reason: 'Again' })).statusCode).toBe(409);

    const soon = await insertOffer(t.app, driver, eventId, { stalls: 2, departInHours: 20 });
    const b2 = await booked(t.app, r, soon, { stalls: 1 });
    const lateCancel = await act(t.app, r, b2.id, 'cancel', { reason: 'Trailer broke down' });
    expect(lateCancel.json().data).toMatchObject({ status: 'cancelled', late: true });
    const profile = await call(t.app, driver, 'GET', `/api/users/${r.user.id}`);
    expect(profile.json().hauling).toMatchObject({ late_cancellations: 1 });
  });
});

describe('refusals', () => {
  it('a blocked member cannot book (404) and nothing changes', async () => {
    const [blocked] = await setUpMembers(t.app, 1);
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 2 });
    await t.ctx.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${driver.user.id}, ${blocked.user.id})`,
    );
    const before = await bookingCount(t.app);
    const refused = await book(t.app, blocked, offerId, { stalls: 1 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(M.notFound);
    expect(await bookingCount(t.app)).toBe(before);
    expect(await stallsFree(t.app, offerId)).toBe(2);
  });

  it('a block ends the pair’s live bookings at once, cancelled by the blocker and not late: no address or phone after', async () => {
    const [r1, r2] = await setUpMembers(t.app, 2);
    // Leaves within the 48 hours that make a cancellation late.
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 3, departInHours: 10 });
    const confirmed = await booked(t.app, r1, offerId, { stalls: 2, pickup_address: '12 Ranch Rd' });
    const other = await booked(t.app, r2, offerId, { stalls: 1 });
    expect((await bookingAs(t.app, r1, confirmed.id)).data?.phones).not.toBeNull();
    expect((await call(t.app, r1, 'POST', `/api/users/${driver.user.id}/block`)).statusCode).toBe(200);
    for (const who of [r1, driver]) {
      const { data } = await bookingAs(t.app, who, confirmed.id);
      expect(data).toMatchObject({ status: 'cancelled', late: false, phones: null, pickup_address: null });
    }
    expect((await bookingAs(t.app, r1, confirmed.id)).data?.cancelled_by_me).toBe(true);
    // Nobody else's booking is touched, and the stalls came back.
    expect((await bookingAs(t.app, r2, other.id)).data?.status).toBe('confirmed');
    expect(await stallsFree(t.app, offerId)).toBe(2);
    const [profile] = await selectRows<{ late: number }>(
      t.ctx.db,
      sql`select count(*)::int as late from haul_bookings where cancelled_by = ${r1.user.id} and late`,
    );
    expect(profile?.late).toBe(0);
  });

  it('hostile input answers 4xx with its message and changes nothing', async () => {
    const [other] = await setUpMembers(t.app, 1);
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 2 });
    const notMine = await insertHorse(t.app, other, 'Not yours');
    const mine = await insertHorse(t.app, rider, 'Pepper');
    const mine2 = await insertHorse(t.app, rider, 'Salt');
    const before = await bookingCount(t.app);
    const cases: Array<[object, number, string | null, string | number]> = [
      [{ stalls: 0 }, 400, null, offerId],
      [{ stalls: 13 }, 400, null, offerId],
      [{ stalls: 'two' }, 400, null, offerId],
      [{ stalls: 3 }, 409, M.notEnoughStalls, offerId],
      [{ stalls: 1, horse_ids: [notMine] }, 400, M.notYourHorse, offerId],
      [{ stalls: 1, horse_ids: [mine, mine2] }, 400, M.horsesMoreThanStalls, offerId],
      [{ stalls: 1, pickup_place_id: PLACES.casper.id }, 400, M.pickupTooFar, offerId],
      [{ stalls: 1, pickup_place_id: 1_999_999_999 }, 400, M.placeNotFound, offerId],
      [{ stalls: 1, message: 'x'.repeat(5000) }, 400, null, offerId],
      [{ stalls: 1 }, 404, M.notFound, 987_654_321],
      [{ stalls: 1 }, 400, null, 'abc'],
    ];
    for (const [body, status, message, id] of cases) {
      const answer = await book(t.app, rider, id, body);
      expect([answer.statusCode, body]).toEqual([expect.any(Number), body]);
      expect(answer.statusCode >= 400 && answer.statusCode < 500, `${JSON.stringify(body)} ${answer.body}`).toBe(true);
      if (status === 409 || status === 404 || message) expect(answer.statusCode).toBe(status);
      if (message) expect(answer.json().message).toBe(message);
    }
    expect((await book(t.app, driver, offerId, { stalls: 1 })).json().message).toBe(M.ownOffer);
    expect(await bookingCount(t.app)).toBe(before);
    expect(await stallsFree(t.app, offerId)).toBe(2);
    // Another member's booking is not there for a third.
    const mineBooked = await booked(t.app, rider, offerId, { stalls: 1 });
    expect((await book(t.app, rider, offerId, { stalls: 1 })).json().message).toBe(M.alreadyBooked);
    expect((await bookingAs(t.app, other, mineBooked.id)).status).toBe(404);
    expect((await act(t.app, other, mineBooked.id, 'cancel', { reason: 'Not mine' })).statusCode).toBe(404);
    expect((await bookingAs(t.app, rider, mineBooked.id)).data?.status).toBe('confirmed');
  });
});
