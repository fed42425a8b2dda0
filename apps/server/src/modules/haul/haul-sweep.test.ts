import { HAUL_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  act,
  booked,
  bookingAs,
  eventInDenver,
  HOUR,
  insertOffer,
  insertPlaces,
  stallsFree,
} from '../../../test/fixtures/bookings.fixtures.ts';
import { call, type Member, setUpMembers } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';
import { purgeDeletedAccounts } from '../auth/account-purge.ts';
import { bookingsOfMember } from './bookings.service.ts';
import { sweepHauls } from './haul-sweep.ts';

/** The minute sweep (expiry, completion, the papers reminder), the purge's step, and the lists' statements. */

let t: TestApp;
const statements: string[] = [];
const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));
let driver: Member;
let rider: Member;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp({ clock, statements, env: { SEED_PLACES: 'true' } });
  [driver, rider] = await setUpMembers(t.app, 2);
  await insertPlaces(t.app);
  eventId = await eventInDenver(t.app, driver);
}, 60_000);
afterAll(() => t?.close());

const kindsOf = async (who: Member) =>
  (await call(t.app, who, 'GET', '/api/notifications?page=1'))
    .json()
    .data.map((n: { kind: string; title: string }) => n);

describe('the sweep', () => {
  it('reminds both sides of the papers once, 48 h before departure, even with two sweeps at once', async () => {
    const offerId = await insertOffer(t.app, driver, eventId, { departInHours: 72 });
    const booking = await booked(t.app, rider, offerId, { stalls: 1 });
    expect((await sweepHauls(t.ctx)).reminded).toBe(0);
    clock.advance(25 * HOUR);
    try {
      const [a, b] = await Promise.all([sweepHauls(t.ctx), sweepHauls(t.ctx)]);
      expect(a.reminded + b.reminded).toBe(1);
      expect((await sweepHauls(t.ctx)).reminded).toBe(0);
      const riderNotices = await kindsOf(rider);
      expect(riderNotices.filter((n: { kind: string }) => n.kind === 'haul_reminder')).toHaveLength(1);
      expect((await kindsOf(driver)).some((n: { kind: string }) => n.kind === 'haul_reminder')).toBe(true);
      const [row] = await selectRows<{ reminded: boolean }>(
        t.ctx.db,
        sql`select reminded_at is not null as reminded from haul_bookings where id = ${booking.id}`,
      );
      expect(row?.reminded).toBe(true);
    } finally {
      clock.advance(-25 * HOUR);
    }
  });

  it('completes confirmed bookings of an ended event once, and tells both sides', async () => {
    const [d, r] = await setUpMembers(t.app, 2);
    const event = await eventInDenver(t.app, d);
    const offerId = await insertOffer(t.app, d, event);
    const confirmed = await booked(t.app, r, offerId, { stalls: 1 });
    const [r2] = await setUpMembers(t.app, 1);
    const cancelled = await booked(t.app, r2, offerId, { stalls: 1 });
    await act(t.app, r2, cancelled.id, 'cancel', { reason: 'Changed plans' });
    await t.ctx.db.execute(
      sql`update event_details set to_date = ${new Date(clock.now() - HOUR)} where post_id = ${event}`,
    );
    const [a, b] = await Promise.all([sweepHauls(t.ctx), sweepHauls(t.ctx)]);
    expect(a.completed + b.completed).toBe(1);
    expect((await bookingAs(t.app, r, confirmed.id)).data?.status).toBe('completed');
    expect((await bookingAs(t.app, r2, cancelled.id)).data?.status).toBe('cancelled');
    const notice = (await kindsOf(r)).find((n: { kind: string }) => n.kind === 'haul_booking');
    expect(notice.title).toMatch(/complete/);
    expect((await kindsOf(d)).some((n: { title: string }) => /complete/.test(n.title))).toBe(true);
  });
});

describe('an event cancelled', () => {
  it('closes its offers and requests and cancels their live bookings (nobody’s doing, never late), once; none completes', async () => {
    const [d, r1, r2] = await setUpMembers(t.app, 3);
    const event = await eventInDenver(t.app, d);
    const instant = await insertOffer(t.app, d, event, { mode: 'instant', stalls: 3 });
    const requested = await insertOffer(t.app, d, event, { mode: 'request', stalls: 2 });
    const confirmed = await booked(t.app, r1, instant, { stalls: 1 });
    const waiting = await booked(t.app, r2, requested, { stalls: 1 });
    const cancel = await call(t.app, d, 'POST', `/api/events/${event}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Before the sweep: nothing more is confirmed on it.
    const accept = await act(t.app, d, waiting.id, 'accept');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(HAUL_MESSAGES.eventCancelled);

    const [a, b] = await Promise.all([sweepHauls(t.ctx), sweepHauls(t.ctx)]);
    expect(a.eventCancelled + b.eventCancelled).toBe(2);
    expect((await sweepHauls(t.ctx)).eventCancelled).toBe(0);
    for (const [who, id] of [
      [r1, confirmed.id],
      [r2, waiting.id],
    ] as const) {
      const { data } = await bookingAs(t.app, who as Member, id);
      expect(data).toMatchObject({
        status: 'cancelled',
        cancel_reason: HAUL_MESSAGES.eventCancelledReason,
        late: false,
      });
      expect(data?.cancelled_by_me).toBeNull();
    }
    for (const who of [d, r1]) {
      const titles = (await kindsOf(who as Member)).map((n: { title: string }) => n.title);
      expect(titles.some((title: string) => /event was cancelled/.test(title))).toBe(true);
    }
    const offers = await selectRows<{ closed: boolean }>(
      t.ctx.db,
      sql`select closed_at is not null as closed from haul_offers where event_id = ${event}`,
    );
    expect(offers.map((o) => o.closed)).toEqual([true, true]);
    // Its end passes: nothing completes, so no hauling record counts it.
    await t.ctx.db.execute(
      sql`update event_details set to_date = ${new Date(clock.now() - HOUR)} where post_id = ${event}`,
    );
    expect((await sweepHauls(t.ctx)).completed).toBe(0);
  });
});

describe('lists', () => {
  it("a member's bookings and driving cost the same statements for 1 as for 6", async () => {
    const [d] = await setUpMembers(t.app, 1);
    const offerId = await insertOffer(t.app, d, eventId, { stalls: 8 });
    const riders = await setUpMembers(t.app, 6);
    await booked(t.app, riders[0] as Member, offerId, { stalls: 1 });
    statements.length = 0;
    const one = await bookingsOfMember(t.ctx, d.user.id);
    const forOne = statements.length;
    for (const r of riders.slice(1)) await booked(t.app, r, offerId, { stalls: 1 });
    statements.length = 0;
    const six = await bookingsOfMember(t.ctx, d.user.id);
    expect(one.driving).toHaveLength(1);
    expect(six.driving).toHaveLength(6);
    expect(six.bookings).toHaveLength(0);
    expect(statements.length).toBe(forOne);
    expect(forOne).toBeLessThanOrEqual(3);
    const ofRider = await bookingsOfMember(t.ctx, (riders[0] as Member).user.id);
    expect(ofRider.bookings).toHaveLength(1);
    expect(ofRider.driving).toHaveLength(0);
  });
});

describe('the purge of a deleted member', () => {
  it('gives their held stalls back and takes their bookings with them', async () => {
    const [leaving] = await setUpMembers(t.app, 1);
    const offerId = await insertOffer(t.app, driver, eventId, { stalls: 3 });
    const booking = await booked(t.app, leaving, offerId, { stalls: 2 });
    expect(await stallsFree(t.app, offerId)).toBe(1);
    await t.ctx.db.execute(
      sql`update users set deleted_at = ${new Date(clock.now() - 40 * 24 * HOUR)} where id = ${leaving.user.id}`,
    );
    expect(await purgeDeletedAccounts(t.ctx, new Date(clock.now()))).toBeGreaterThanOrEqual(1);
    expect(await stallsFree(t.app, offerId)).toBe(3);
    const rows = await selectRows(t.ctx.db, sql`select id from haul_bookings where id = ${booking.id}`);
    expect(rows).toEqual([]);
  });
});
