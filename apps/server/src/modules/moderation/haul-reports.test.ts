import {
  MESSAGES,
  MODERATION_MESSAGES,
  type ModerationActionRequest,
  type ModerationCase,
  type ReportCreate,
} from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, setUpMember } from '../../../test/factories.ts';
import { call, type Member, report, setUpStaff } from '../../../test/fixtures/moderation.fixtures.ts';
import { createEvent } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';

/*
 * Reports and moderation of the hauling board's offers, requests and reviews (issue 19; ADR 028 "Hauling
 * items"): who may report which, once; the snapshot the queue shows; the automatic hold as `removed_at`; a
 * moderator's removal, restore and dismissal, and who is told.
 */

const DAY = 86_400_000;
const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));
let t: TestApp;
let moderator: Member;
const PLACE = 9_900_001;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SEED_PLACES: 'false' } });
  moderator = await setUpStaff(t.app, 'moderator');
  await addPlace();
});
afterAll(() => t.close());

/** The origin of every offer and request here (places are not seeded: SEED_PLACES is off). */
const addPlace = () =>
  t.ctx.db.execute(sql`insert into places (id, name, search_name, region, region_code, country, latitude, longitude)
    values (${PLACE}, 'Cody', 'cody', 'Wyoming', 'WY', 'US', 44.5263, -109.0565) on conflict do nothing`);

const spam = { reason: 'Spam or Misleading' } as const;
const row = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(t.ctx.db, query))[0];
const member = (first = 'Rita', last = 'Rider') => setUpMember(t.app, { first_name: first, last_name: last });
const reportHaul = (who: Member, type: ReportCreate['target_type'], id: number | string) =>
  report(t.app, who, { target_type: type, target_id: id, ...spam });
const act = (caseId: number, body: ModerationActionRequest) =>
  call(t.app, 'POST', `/api/moderation/reports/${caseId}/actions`, moderator.token, body);
const getCase = async (caseId: number): Promise<ModerationCase> => {
  const response = await call(t.app, 'GET', `/api/moderation/reports/${caseId}`, moderator.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** An offer by `driver` to a new event (by `organiser`, the driver by default), in SQL. */
async function newOffer(
  driver: Member,
  o: { visibility?: string; notes?: string; eventId?: number } = {},
): Promise<{ offerId: number; eventId: number }> {
  const eventId = o.eventId ?? (await createEvent(t.app, driver, { title: 'Cody Stampede' }));
  const now = clock.now();
  const found = await row<{ id: string }>(sql`
    insert into haul_offers (driver_id, event_id, origin_place_id, depart_from, depart_until, arrive_by, stalls_total,
      stalls_free, stall_kind, rate_type, price, price_unit, cap_per_horse, booking_mode, visibility, detour_km, notes)
    values (${driver.user.id}, ${eventId}, ${PLACE}, ${new Date(now + 5 * DAY)}, ${new Date(now + 5 * DAY + 3_600_000)},
      ${new Date(now + 6 * DAY)}, 4, 3, 'slant', 'fill', 80, 'horse', 100, 'request', ${o.visibility ?? 'everyone'}, 50,
      ${o.notes ?? 'Room for three, water stops on the way'})
    returning id`);
  return { offerId: Number(found?.id), eventId };
}

async function newRequest(rider: Member, o: { visibility?: string } = {}): Promise<number> {
  const eventId = await createEvent(t.app, rider, { title: 'Cody Stampede' });
  const now = clock.now();
  const found = await row<{ id: string }>(sql`
    insert into haul_requests (rider_id, event_id, origin_place_id, depart_from, depart_until, horses, visibility, notes)
    values (${rider.user.id}, ${eventId}, ${PLACE}, ${new Date(now + 5 * DAY)}, ${new Date(now + 6 * DAY)}, 2,
      ${o.visibility ?? 'everyone'}, 'Two barrel horses')
    returning id`);
  return Number(found?.id);
}

/** A completed booking of `rider` on `driver`'s offer, with the reviews given (author → rating, comment). */
async function reviewedBooking(
  driver: Member,
  rider: Member,
  reviews: Array<{ author: Member; rating: number; comment: string }>,
  completedDaysAgo = 1,
): Promise<number[]> {
  const { offerId } = await newOffer(driver);
  const booking = await row<{ id: string }>(sql`
    insert into haul_bookings (offer_id, rider_id, stalls, status, completed_at)
    values (${offerId}, ${rider.user.id}, 1, 'completed', ${new Date(clock.now() - completedDaysAgo * DAY)})
    returning id`);
  const ids: number[] = [];
  for (const r of reviews) {
    const subject = r.author.user.id === driver.user.id ? rider : driver;
    const inserted = await row<{ id: string }>(sql`
      insert into haul_reviews (booking_id, author_id, subject_id, rating, comment)
      values (${booking?.id}, ${r.author.user.id}, ${subject.user.id}, ${r.rating}, ${r.comment}) returning id`);
    ids.push(Number(inserted?.id));
  }
  return ids;
}

const openCase = (type: string, haulId: number) =>
  row<{ id: string; reporters: number; held_at: string | null }>(
    sql`select id, reporters, held_at from moderation_cases where status = 'open' and target_type = ${type}
      and haul_id = ${haulId}`,
  );

async function caseIdOf(type: string, haulId: number): Promise<number> {
  const found = await openCase(type, haulId);
  if (!found) throw new Error(`no open case of ${type} ${haulId}`);
  return Number(found.id);
}

const removedAt = async (table: 'haul_offers' | 'haul_requests' | 'haul_reviews', id: number) =>
  (await row<{ removed_at: string | null }>(sql`select removed_at from ${sql.raw(table)} where id = ${id}`))
    ?.removed_at ?? null;

/** What a member sees of an offer (GET /haul/offers/{id}) and of its event's Hauling tab. */
async function seenBy(who: Member, offerId: number, eventId: number) {
  const one = await call(t.app, 'GET', `/api/haul/offers/${offerId}`, who.token);
  const tab = await call(t.app, 'GET', `/api/events/${eventId}/hauling`, who.token);
  expect(tab.statusCode, tab.body).toBe(200);
  return {
    status: one.statusCode,
    listed: (tab.json().offers as Array<{ id: number }>).some((offer) => offer.id === offerId),
  };
}

/** Whether a request is on its event's Hauling tab for `who`. */
async function requestListed(who: Member, requestId: number) {
  const found = await row<{ event_id: string }>(sql`select event_id from haul_requests where id = ${requestId}`);
  const tab = await call(t.app, 'GET', `/api/events/${found?.event_id}/hauling`, who.token);
  expect(tab.statusCode, tab.body).toBe(200);
  return (tab.json().requests as Array<{ id: number }>).some((request) => request.id === requestId);
}

describe('POST /reports of hauling offers, requests and reviews', () => {
  it('takes each once, into a case that keeps it as members saw it, with haul_id on the report and the case', async () => {
    const driver = await member('Dusty', 'Driver');
    const rider = await member('Rita', 'Rider');
    const reporter = await member('Pat', 'Reporter');
    const { offerId, eventId } = await newOffer(driver);
    const requestId = await newRequest(rider);
    const [reviewId] = await reviewedBooking(driver, rider, [
      { author: driver, rating: 1, comment: 'Worst rider ever, never again' },
      { author: rider, rating: 5, comment: 'Great haul' },
    ]);

    for (const [who, type, id] of [
      [reporter, 'haul_offer', offerId],
      [reporter, 'haul_request', requestId],
      [rider, 'haul_review', reviewId],
    ] as const) {
      const first = await reportHaul(who, type, id as number);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: true, message: MODERATION_MESSAGES.reportReceived });
      const again = await reportHaul(who, type, String(id));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyReported);
      const stored = await row<{ haul_id: string; case_haul_id: string; post_id: string | null }>(sql`
        select r.haul_id, c.haul_id as case_haul_id, r.post_id from reports r join moderation_cases c on c.id = r.case_id
        where r.id = ${first.json().report_id}`);
      expect(stored).toMatchObject({ post_id: null });
      expect(Number(stored?.haul_id)).toBe(id);
      expect(Number(stored?.case_haul_id)).toBe(id);
    }

    const offerCase = await getCase(await caseIdOf('haul_offer', offerId));
    expect(offerCase).toMatchObject({ target_type: 'haul_offer', reporters: 1, held: false });
    expect(offerCase.item).toMatchObject({
      target_type: 'haul_offer',
      target_id: String(offerId),
      state: 'live',
      text: 'Room for three, water stops on the way',
      author: { id: driver.user.id, first_name: 'Dusty', last_name: 'Driver' },
      haul: {
        kind: 'offer',
        event: { id: eventId, title: 'Cody Stampede' },
        origin: { name: 'Cody', region_code: 'WY' },
        stalls_total: 4,
        stalls_free: 3,
        price: 80,
        price_unit: 'horse',
        rate_type: 'fill',
        notes: 'Room for three, water stops on the way',
      },
    });
    expect(offerCase.item.title).toBe('Hauling offer from Cody, WY to Cody Stampede');
    expect(offerCase.subject.member.id).toBe(driver.user.id);
    expect(offerCase.available_actions).toEqual(['dismiss', 'remove', 'warn', 'suspend', 'ban']);

    const requestCase = await getCase(await caseIdOf('haul_request', requestId));
    expect(requestCase.item).toMatchObject({
      target_type: 'haul_request',
      author: { id: rider.user.id },
      haul: { kind: 'request', horses: 2, notes: 'Two barrel horses', origin: { name: 'Cody' } },
    });

    const reviewCase = await getCase(await caseIdOf('haul_review', reviewId as number));
    expect(reviewCase.item).toMatchObject({
      target_type: 'haul_review',
      text: 'Worst rider ever, never again',
      author: { id: driver.user.id },
      haul: {
        kind: 'review',
        rating: 1,
        comment: 'Worst rider ever, never again',
        subject: { id: rider.user.id, first_name: 'Rita' },
      },
    });

    // Still as reported after the driver edits the offer.
    await t.ctx.db.execute(sql`update haul_offers set notes = 'edited', price = 999 where id = ${offerId}`);
    const later = await getCase(offerCase.id);
    expect(later.item.haul).toMatchObject({ notes: 'Room for three, water stops on the way', price: 80 });
  });

  it('refuses one’s own (400) and what the reporter may not see or does not exist (404)', async () => {
    const driver = await member('Dusty', 'Driver');
    const rider = await member('Rita', 'Rider');
    const stranger = await member('Sam', 'Stranger');
    const friend = await member('Fran', 'Friend');
    await befriend(t.app, driver.user.id, friend.user.id);
    const { offerId } = await newOffer(driver, { visibility: 'friends' });
    const requestId = await newRequest(rider, { visibility: 'friends_of_friends' });
    const [driverReview] = await reviewedBooking(driver, rider, [{ author: driver, rating: 2, comment: 'Late' }]);
    const [lateReview] = await reviewedBooking(driver, rider, [{ author: driver, rating: 2, comment: 'Slow' }], 20);

    for (const [who, type, id] of [
      [driver, 'haul_offer', offerId],
      [rider, 'haul_request', requestId],
      [driver, 'haul_review', driverReview],
    ] as const) {
      const own = await reportHaul(who, type, id as number);
      expect(own.statusCode, `${type} ${own.body}`).toBe(400);
      expect(own.json().message).toBe(MODERATION_MESSAGES.cannotReportOwn);
    }

    const notFound = { message: MESSAGES.http.notFound };
    const { offerId: privateEventOffer } = await newOffer(driver, {
      eventId: await createEvent(t.app, driver, { isPrivate: true }),
    });
    for (const [who, type, id] of [
      // A friends-only offer and a friends-of-friends request, to a stranger.
      [stranger, 'haul_offer', offerId],
      [stranger, 'haul_request', requestId],
      // An offer to a private event the reporter may not see, though the offer is for everyone.
      [stranger, 'haul_offer', privateEventOffer],
      // A review not yet shown to its subject (one side reviewed, completed a day ago), and one to a third member.
      [rider, 'haul_review', driverReview],
      [stranger, 'haul_review', lateReview],
      // Nothing there.
      [stranger, 'haul_offer', 999_999_999],
      [stranger, 'haul_request', 999_999_999],
      [stranger, 'haul_review', 999_999_999],
    ] as const) {
      const refused = await reportHaul(who, type, id as number);
      expect(refused.statusCode, `${type} ${id} ${refused.body}`).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
    // The friend sees the friends-only offer; the subject sees the review once 14 days have passed.
    expect((await reportHaul(friend, 'haul_offer', offerId)).statusCode).toBe(200);
    expect((await reportHaul(rider, 'haul_review', lateReview as number)).statusCode).toBe(200);

    // A block either way hides the offer.
    const blocker = await member('Bo', 'Blocker');
    const { offerId: open } = await newOffer(driver);
    expect((await call(t.app, 'POST', `/api/users/${blocker.user.id}/block`, driver.token)).statusCode).toBe(200);
    expect((await reportHaul(blocker, 'haul_offer', open)).statusCode).toBe(404);
    // A removed offer is gone.
    await t.ctx.db.execute(sql`update haul_offers set removed_at = now() where id = ${open}`);
    expect((await reportHaul(stranger, 'haul_offer', open)).statusCode).toBe(404);
  });

  it('answers hostile input with 4xx and changes nothing', async () => {
    const reporter = await member();
    const before = await row<{ n: number }>(sql`select count(*)::int as n from reports`);
    for (const body of [
      { target_type: 'haul_offer', target_id: "1' or '1'='1", ...spam },
      { target_type: 'haul_offer', target_id: '-1', ...spam },
      { target_type: 'haul_request', target_id: '1e3', ...spam },
      { target_type: 'haul_review', target_id: '99999999999999999999', ...spam },
      { target_type: 'haul_review', target_id: 0, ...spam },
      { target_type: 'haul_offer', target_id: { id: 1 }, ...spam },
      { target_type: 'haul_offer', target_id: 1.5, ...spam },
      { target_type: 'haul_bookings', target_id: 1, ...spam },
      { target_type: 'haul_offer', target_id: 1, reason: 'Other' },
      { target_type: 'haul_offer', target_id: 1, ...spam, haul_id: 1 },
    ]) {
      const refused = await call(t.app, 'POST', '/api/reports', reporter.token, body);
      expect([400, 404, 422], `${JSON.stringify(body)} ${refused.body}`).toContain(refused.statusCode);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect(await row<{ n: number }>(sql`select count(*)::int as n from reports`)).toEqual(before);
  });
});

describe('the automatic hold and moderators’ decisions', () => {
  it('holds an offer at HOLD_REPORTERS by its removed_at, with an audit entry; dismissing lifts it', async () => {
    const driver = await member('Dusty', 'Driver');
    const { offerId, eventId } = await newOffer(driver);
    const reporters = await Promise.all([member(), member(), member()]);
    const [first] = reporters as [Member, Member, Member];
    for (const reporter of reporters.slice(0, 2)) await reportHaul(reporter, 'haul_offer', offerId);
    expect(await removedAt('haul_offers', offerId)).toBeNull();
    expect(await seenBy(first, offerId, eventId)).toEqual({ status: 200, listed: true });
    await reportHaul(reporters[2] as Member, 'haul_offer', offerId);
    expect(await removedAt('haul_offers', offerId)).not.toBeNull();
    // Held: gone from the offer's page and the event's Hauling tab, for everyone but its driver.
    expect(await seenBy(first, offerId, eventId)).toEqual({ status: 404, listed: false });
    expect((await call(t.app, 'GET', `/api/haul/offers/${offerId}`, driver.token)).statusCode).toBe(200);
    const caseId = await caseIdOf('haul_offer', offerId);
    expect((await openCase('haul_offer', offerId))?.held_at).not.toBeNull();
    const hold = await row<{ actor_name: string; target_type: string; target_id: string }>(
      sql`select actor_name, target_type, target_id from moderation_actions where case_id = ${caseId} and action = 'hold'`,
    );
    expect(hold).toEqual({ actor_name: 'Automatic hold', target_type: 'haul_offer', target_id: String(offerId) });
    const held = await getCase(caseId);
    expect(held).toMatchObject({ held: true, item: { state: 'held' } });
    expect(held.available_actions).toEqual(['dismiss', 'remove', 'restore', 'warn', 'suspend', 'ban']);
    // Held: nobody else may report it any more.
    expect((await reportHaul(await member(), 'haul_offer', offerId)).statusCode).toBe(404);

    const dismissed = await act(caseId, { action: 'dismiss', reason: 'Not spam' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await removedAt('haul_offers', offerId)).toBeNull();
    expect(dismissed.json().data).toMatchObject({ status: 'resolved', held: false, item: { state: 'live' } });
    expect(await seenBy(first, offerId, eventId)).toEqual({ status: 200, listed: true });
  });

  it('holds a request too, and restore lifts the hold; a review is never held', async () => {
    const rider = await member('Rita', 'Rider');
    const requestId = await newRequest(rider);
    const reporters = await Promise.all([member(), member(), member()]);
    expect(await requestListed(reporters[0] as Member, requestId)).toBe(true);
    for (const reporter of reporters) await reportHaul(reporter, 'haul_request', requestId);
    expect(await removedAt('haul_requests', requestId)).not.toBeNull();
    expect(await requestListed(reporters[0] as Member, requestId)).toBe(false);
    const caseId = await caseIdOf('haul_request', requestId);
    const restored = await act(caseId, { action: 'restore', reason: 'Fine' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await removedAt('haul_requests', requestId)).toBeNull();
    expect(await requestListed(reporters[0] as Member, requestId)).toBe(true);

    // With HOLD_REPORTERS at 1, one report holds an offer, but a review (one possible reporter) stays up.
    const main = t;
    t = await createTestApp({ clock, env: { HOLD_REPORTERS: '1', SEED_PLACES: 'false' } });
    try {
      await addPlace();
      const [driver, subject, reporter] = await Promise.all([member('Dusty', 'Driver'), member(), member()]);
      const { offerId } = await newOffer(driver);
      await reportHaul(reporter, 'haul_offer', offerId);
      expect(await removedAt('haul_offers', offerId)).not.toBeNull();
      const [reviewId] = await reviewedBooking(driver, subject, [{ author: driver, rating: 1, comment: 'Bad' }], 20);
      expect((await reportHaul(subject, 'haul_review', reviewId as number)).statusCode).toBe(200);
      expect((await openCase('haul_review', reviewId as number))?.held_at).toBeNull();
      expect(await removedAt('haul_reviews', reviewId as number)).toBeNull();
    } finally {
      await t.close();
      t = main;
    }
  });

  it('removes an offer (its bookings stand, and the driver is told so), tells reporters, and restores it', async () => {
    const driver = await member('Dusty', 'Driver');
    const { offerId, eventId } = await newOffer(driver);
    const rider = await member('Rita', 'Rider');
    const booking = await row<{ id: string }>(sql`insert into haul_bookings (offer_id, rider_id, stalls, status)
      values (${offerId}, ${rider.user.id}, 1, 'confirmed') returning id`);
    const reporter = await member('Pat', 'Reporter');
    await reportHaul(reporter, 'haul_offer', offerId);
    const caseId = await caseIdOf('haul_offer', offerId);

    expect(await seenBy(reporter, offerId, eventId)).toEqual({ status: 200, listed: true });
    const removed = await act(caseId, { action: 'remove', reason: 'Scam offer', note: 'Asked for deposits' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await seenBy(reporter, offerId, eventId)).toEqual({ status: 404, listed: false });
    expect(removed.json().data).toMatchObject({ status: 'resolved', resolution: 'remove', item: { state: 'removed' } });
    expect(await removedAt('haul_offers', offerId)).not.toBeNull();
    // The booking is not cancelled.
    expect(await row(sql`select status from haul_bookings where id = ${booking?.id}`)).toEqual({ status: 'confirmed' });

    const notices = await selectRows<{ user_id: string; kind: string; info: string | null }>(
      t.ctx.db,
      sql`select user_id, kind, info from notifications where kind in ('moderation', 'report_update')
        and user_id in (${driver.user.id}, ${reporter.user.id}) order by id`,
    );
    expect(notices).toEqual([
      {
        user_id: driver.user.id,
        kind: 'moderation',
        info: `Scam offer — Asked for deposits ${MODERATION_MESSAGES.haulOfferRemovedBookingsStand}`,
      },
      { user_id: reporter.user.id, kind: 'report_update', info: null },
    ]);
    const audit = await row<{ target_type: string; target_id: string; note: string }>(
      sql`select target_type, target_id, note from moderation_actions where case_id = ${caseId} and action = 'remove'`,
    );
    expect(audit).toEqual({ target_type: 'haul_offer', target_id: String(offerId), note: 'Asked for deposits' });

    // The member's standing quotes what was removed, and an appeal reopens the case as removed.
    const standing = await call(t.app, 'GET', '/api/me/standing', driver.token);
    expect(standing.statusCode, standing.body).toBe(200);
    const notice = standing.json().notices[0];
    expect(notice).toMatchObject({ action: 'remove', excerpt: 'Room for three, water stops on the way' });
    const appealed = await call(t.app, 'POST', '/api/appeals', driver.token, {
      action_id: notice.action_id,
      text: 'It was a real offer',
    });
    expect(appealed.statusCode, appealed.body).toBe(200);
    const reopened = await getCase(caseId);
    expect(reopened).toMatchObject({ status: 'open', item: { state: 'removed' } });
    expect(reopened.available_actions).toContain('restore');
    const restored = await act(caseId, { action: 'restore', reason: 'Appeal granted' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await removedAt('haul_offers', offerId)).toBeNull();
    expect(await seenBy(reporter, offerId, eventId)).toEqual({ status: 200, listed: true });
  });

  it('removes a review, and warns a request’s rider as for any case', async () => {
    const driver = await member('Dusty', 'Driver');
    const rider = await member('Rita', 'Rider');
    const [reviewId] = await reviewedBooking(driver, rider, [
      { author: driver, rating: 1, comment: 'Slur here' },
      { author: rider, rating: 4, comment: 'Fine' },
    ]);
    const booking = await row<{ booking_id: string }>(sql`select booking_id from haul_reviews where id = ${reviewId}`);
    const theirReview = async () => {
      const seen = await call(t.app, 'GET', `/api/haul/bookings/${booking?.booking_id}`, rider.token);
      expect(seen.statusCode, seen.body).toBe(200);
      return seen.json().data.their_review;
    };
    expect(await theirReview()).toMatchObject({ rating: 1, comment: 'Slur here' });
    await reportHaul(rider, 'haul_review', reviewId as number);
    const reviewCase = await caseIdOf('haul_review', reviewId as number);
    expect((await act(reviewCase, { action: 'remove', reason: 'Abuse' })).statusCode).toBe(200);
    expect(await removedAt('haul_reviews', reviewId as number)).not.toBeNull();
    // Gone from the booking its subject reads.
    expect(await theirReview()).toBeNull();
    const driverNotice = await row<{ info: string }>(
      sql`select info from notifications where user_id = ${driver.user.id} and kind = 'moderation'`,
    );
    expect(driverNotice).toEqual({ info: 'Abuse' });

    const requestId = await newRequest(rider);
    await reportHaul(driver, 'haul_request', requestId);
    const requestCase = await caseIdOf('haul_request', requestId);
    const warned = await act(requestCase, { action: 'warn', reason: 'Misleading' });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(await removedAt('haul_requests', requestId)).toBeNull();
    const riderNotice = await row<{ info: string }>(
      sql`select info from notifications where user_id = ${rider.user.id} and kind = 'moderation'`,
    );
    expect(riderNotice).toEqual({ info: 'Misleading' });
  });
});
