import { HAUL_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  act,
  booked,
  bookingAs,
  DAY,
  eventInDenver,
  HOUR,
  insertOffer,
  insertPlaces,
} from '../../../test/fixtures/bookings.fixtures.ts';
import { call, setUpMembers } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';
import { sweepHauls } from './haul-sweep.ts';

/** Two-way reviews of a completed haul (ADR 030, "Reviews"). */

const M = HAUL_MESSAGES;
let t: TestApp;
const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SEED_PLACES: 'true' } });
  await insertPlaces(t.app);
}, 60_000);
afterAll(() => t?.close());

describe('reviews', () => {
  it('stay hidden until both review, or 14 days after completion with one', async () => {
    const [a, b] = await setUpMembers(t.app, 2);
    const event = await eventInDenver(t.app, a);
    const offer = await insertOffer(t.app, a, event, { stalls: 4 });
    const both = await booked(t.app, b, offer, { stalls: 1 });
    const [c] = await setUpMembers(t.app, 1);
    const one = await booked(t.app, c, offer, { stalls: 1 });
    expect((await act(t.app, b, both.id, 'review', { rating: 5 })).json().message).toBe(M.notReviewable);

    // The event ended (moved in the data: sessions do not outlive a week of the clock).
    await t.ctx.db.execute(
      sql`update event_details set to_date = ${new Date(clock.now() - HOUR)} where post_id = ${event}`,
    );
    expect((await sweepHauls(t.ctx)).completed).toBeGreaterThanOrEqual(2);
    expect((await bookingAs(t.app, b, both.id)).data).toMatchObject({ status: 'completed', can_review: true });
    expect((await act(t.app, b, both.id, 'review', { rating: 5, comment: 'Smooth ride' })).statusCode).toBe(200);
    expect((await act(t.app, b, both.id, 'review', { rating: 4 })).json().message).toBe(M.alreadyReviewed);
    const driverView = (await bookingAs(t.app, a, both.id)).data;
    expect(driverView?.their_review).toBeNull();
    expect(driverView?.can_review).toBe(true);
    await act(t.app, a, both.id, 'review', { rating: 4, comment: 'On time' });
    expect((await bookingAs(t.app, a, both.id)).data?.their_review).toMatchObject({
      rating: 5,
      comment: 'Smooth ride',
    });
    expect((await bookingAs(t.app, b, both.id)).data?.their_review).toMatchObject({ rating: 4 });
    const profile = await call(t.app, c, 'GET', `/api/users/${a.user.id}`);
    expect(profile.json().hauling).toMatchObject({ completed_hauls: 2, reviews_count: 1, rating: 5 });

    await act(t.app, c, one.id, 'review', { rating: 3 });
    expect((await bookingAs(t.app, a, one.id)).data?.their_review).toBeNull();
    const completedDaysAgo = (days: number) =>
      t.ctx.db.execute(
        sql`update haul_bookings set completed_at = ${new Date(clock.now() - days * DAY + 60_000)} where id = ${one.id}`,
      );
    await completedDaysAgo(14);
    expect((await bookingAs(t.app, a, one.id)).data?.their_review).toBeNull();
    clock.advance(2 * 60_000);
    try {
      expect((await bookingAs(t.app, a, one.id)).data?.their_review).toMatchObject({ rating: 3 });
    } finally {
      clock.advance(-2 * 60_000);
    }
  });
});
