import {
  CONVERSATION_MESSAGES,
  type createHaulBookingRequestSchema,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  type HaulBooking,
  type HaulMember,
  type HaulOffer,
  type HaulReview,
  type StreamEvent,
} from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { deliverOpened, type OpenedConversation, openConversationFor } from '../conversations/conversations.open.ts';
import { type HaulBookingInfo, News, recordHaulNotice } from '../notifications/notifications.service.ts';
import * as q from './bookings.queries.ts';
import { haulMembersByIds, offersByIds } from './offers.queries.ts';

/*
 * Bookings of the hauling board (docs/decisions/030-hauling-board.md, "Bookings"). Every change runs in one
 * transaction that holds the offer's row lock (taken before the booking's, everywhere, so two changes never
 * wait on each other in opposite orders); notifications and live events go after the commit.
 */

export type CreateBookingInput = z.output<typeof createHaulBookingRequestSchema>;
type Status = HaulBooking['status'];

const M = HAUL_MESSAGES;
const L = HAUL_LIMITS;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A member's lists on GET /me/hauls: the newest bookings of each side. */
const LIST_MAX = 100;

const now = (ctx: AppContext) => new Date(ctx.clock.now());
const bookingNotFound = () => new AppError(404, M.bookingNotFound);
const field = (status: number, name: string, message: string) => new AppError(status, message, { [name]: [message] });

/** Every booking action counts against the member's budget; a suspended member does none. */
async function admit(ctx: AppContext, viewer: Viewer) {
  await ctx.limiter.consume(['haulBookingsPerMember', viewer.user.id]);
  const until = viewer.user.suspendedUntil;
  if (until && until.getTime() > ctx.clock.now()) throw new AppError(403, CONVERSATION_MESSAGES.suspended);
}

/** The live event of a booking's change, to both sides (their open pages refetch). */
function tellBoth(news: News, b: { id: number; offerId: number; riderId: string; driverId: string; status: Status }) {
  const event: StreamEvent = { type: 'haul_booking', booking: { id: b.id, offer_id: b.offerId, status: b.status } };
  news.event(b.riderId, event);
  news.event(b.driverId, event);
}

async function notify(
  tx: Tx,
  news: News,
  c: { to: string; from: string; eventId: number; bookingId: number; info: HaulBookingInfo; at: Date },
) {
  await recordHaulNotice(tx, news, {
    kind: 'haul_booking',
    info: c.info,
    userId: c.to,
    actorId: c.from,
    eventId: c.eventId,
    bookingId: c.bookingId,
    at: c.at,
  });
}

/** The first message of a booking's conversation when the rider wrote none. */
function bookingMessage(input: CreateBookingInput, instant: boolean, eventTitle: string) {
  if (input.message) return input.message;
  const stalls = `${input.stalls} ${input.stalls === 1 ? 'stall' : 'stalls'}`;
  return instant
    ? `I booked ${stalls} on your haul to ${eventTitle}.`
    : `I would like ${stalls} on your haul to ${eventTitle}.`;
}

/**
 * POST /haul/offers/{id}/bookings: under the offer's lock, the checks in order (visible, open, not one's own,
 * no live booking, stalls, horses, pickup), then an instant booking takes its stalls and is confirmed, a
 * request waits `requestExpiryHours` (never past the departure window). The pair's conversation opens with the message.
 */
export async function createBooking(
  ctx: AppContext,
  viewer: Viewer,
  offerId: number,
  input: CreateBookingInput,
): Promise<HaulBooking> {
  await admit(ctx, viewer);
  const me = viewer.user.id;
  const at = now(ctx);
  const news = new News();
  const { bookingId, opened } = await ctx.db.transaction(async (tx) => {
    const offer = await q.lockOffer(tx, offerId, me, at);
    const own = offer?.driver_id === me;
    if (!offer?.visible || (offer.removed && !own)) throw new AppError(404, M.notFound);
    if (offer.closed || offer.past || offer.event_cancelled) throw new AppError(409, M.offerClosed);
    if (own) throw new AppError(400, M.ownOffer);
    if (await q.hasLiveBooking(tx, offerId, me)) throw new AppError(409, M.alreadyBooked);
    if (input.stalls > offer.stalls_free) throw field(409, 'stalls', M.notEnoughStalls);
    const horseIds = [...new Set(input.horse_ids)];
    if ((await q.countOwnHorses(tx, me, horseIds)) !== horseIds.length) throw field(400, 'horse_ids', M.notYourHorse);
    if (horseIds.length > input.stalls) throw field(400, 'horse_ids', M.horsesMoreThanStalls);
    const pickupId = input.pickup_place_id ?? null;
    if (pickupId !== null) {
      const pickup = await q.pickupDetour(tx, pickupId, offer.origin_place_id, offer.event_place_id);
      if (!pickup) throw field(400, 'pickup_place_id', M.placeNotFound);
      if (pickup.detour_km !== null && pickup.detour_km > offer.detour_km)
        throw field(400, 'pickup_place_id', M.pickupTooFar);
    }
    const instant = offer.booking_mode === 'instant';
    // A request waits until the driver can still answer it: a day at most, never past the end of the departure
    // window (a request made once the window had opened expired at its start, before it was made).
    const departs = new Date(offer.depart_until);
    const id = await q.insertBooking(tx, {
      offerId,
      riderId: me,
      stalls: input.stalls,
      pickupPlaceId: pickupId,
      pickupAddress: input.pickup_address,
      message: input.message,
      status: instant ? 'confirmed' : 'requested',
      expiresAt: instant ? null : new Date(Math.min(at.getTime() + L.requestExpiryHours * HOUR_MS, departs.getTime())),
      answeredAt: instant ? at : null,
      at,
    });
    if (id === null) throw new AppError(409, M.alreadyBooked);
    if (instant) await q.takeStalls(tx, offerId, input.stalls, at);
    await q.insertBookingHorses(tx, id, horseIds);
    const text = bookingMessage(input, instant, offer.event_title || 'the event');
    const conversation = await openConversationFor(ctx, tx, me, offer.driver_id, text, `haul-booking:${id}`);
    await q.setConversation(tx, id, conversation.conversationId);
    const status = instant ? 'confirmed' : 'requested';
    const eventId = Number(offer.event_id);
    await notify(tx, news, { to: offer.driver_id, from: me, eventId, bookingId: id, info: status, at });
    tellBoth(news, { id, offerId, riderId: me, driverId: offer.driver_id, status });
    return { bookingId: id, opened: conversation };
  });
  await afterCommit(ctx, news, opened);
  return bookingOf(ctx, me, bookingId);
}

async function afterCommit(ctx: AppContext, news: News, opened?: OpenedConversation) {
  if (opened) await deliverOpened(ctx, opened);
  await news.send(ctx);
}

/**
 * The booking, locked, as the viewer (a side of it) acts on it; its offer's row is locked first. 404 for
 * anyone else, as for a booking that does not exist.
 */
async function lockedBooking(tx: Tx, viewerId: string, bookingId: number, at: Date) {
  const offerId = await q.offerIdOfBooking(tx, bookingId, viewerId);
  if (offerId === null) throw bookingNotFound();
  await q.lockOfferRow(tx, offerId);
  const facts = await q.lockBooking(tx, bookingId, viewerId, at, L);
  if (!facts) throw bookingNotFound();
  return facts;
}

const sides = (facts: q.BookingFacts) => ({
  id: Number(facts.id),
  offerId: Number(facts.offer_id),
  riderId: facts.rider_id,
  driverId: facts.driver_id,
  eventId: Number(facts.event_id),
});

/** POST /haul/bookings/{id}/accept: the driver confirms a request that has not expired, if the stalls are free. */
export async function acceptBooking(ctx: AppContext, viewer: Viewer, bookingId: number): Promise<HaulBooking> {
  return answer(ctx, viewer, bookingId, 'confirmed');
}

/** POST /haul/bookings/{id}/decline: the driver declines a request. */
export async function declineBooking(ctx: AppContext, viewer: Viewer, bookingId: number): Promise<HaulBooking> {
  return answer(ctx, viewer, bookingId, 'declined');
}

async function answer(ctx: AppContext, viewer: Viewer, bookingId: number, to: 'confirmed' | 'declined') {
  await admit(ctx, viewer);
  const me = viewer.user.id;
  const at = now(ctx);
  const news = new News();
  await ctx.db.transaction(async (tx) => {
    const facts = await lockedBooking(tx, me, bookingId, at);
    if (facts.driver_id !== me) throw new AppError(403, M.notTheDriver);
    if (facts.status !== 'requested' || facts.expired) throw new AppError(409, M.notRequested);
    const b = sides(facts);
    if (to === 'confirmed' && facts.event_cancelled) throw new AppError(409, M.eventCancelled);
    if (to === 'confirmed') {
      if ((await q.stallsFree(tx, b.offerId)) < facts.stalls) throw new AppError(409, M.notEnoughStalls);
      await q.takeStalls(tx, b.offerId, facts.stalls, at);
    }
    await q.updateStatus(tx, bookingId, to, at);
    await notify(tx, news, { to: b.riderId, from: me, eventId: b.eventId, bookingId, info: to, at });
    tellBoth(news, { ...b, status: to });
  });
  await afterCommit(ctx, news);
  return bookingOf(ctx, me, bookingId);
}

/**
 * POST /haul/bookings/{id}/cancel: either side cancels a request or a confirmed booking, with a reason; a
 * confirmed one gives its stalls back and, within `lateCancelHours` of departure, is late (on the canceller's
 * profile).
 */
export async function cancelBooking(
  ctx: AppContext,
  viewer: Viewer,
  bookingId: number,
  reason: string,
): Promise<HaulBooking> {
  await admit(ctx, viewer);
  const me = viewer.user.id;
  const at = now(ctx);
  const news = new News();
  await ctx.db.transaction(async (tx) => {
    const facts = await lockedBooking(tx, me, bookingId, at);
    if (facts.status !== 'requested' && facts.status !== 'confirmed') throw new AppError(409, M.notCancellable);
    await cancelOne(tx, news, facts, { by: me, reason, at });
  });
  await afterCommit(ctx, news);
  return bookingOf(ctx, me, bookingId);
}

async function cancelOne(
  tx: Tx,
  news: News,
  facts: q.BookingFacts,
  c: { by: string; reason: string | null; at: Date; neverLate?: boolean },
): Promise<void> {
  const b = sides(facts);
  const confirmed = facts.status === 'confirmed';
  if (confirmed) await q.giveStallsBack(tx, b.offerId, facts.stalls, c.at);
  await q.markCancelled(tx, b.id, {
    by: c.by,
    reason: c.reason,
    at: c.at,
    late: confirmed && facts.late && !c.neverLate,
  });
  const other = c.by === b.riderId ? b.driverId : b.riderId;
  await notify(tx, news, { to: other, from: c.by, eventId: b.eventId, bookingId: b.id, info: 'cancelled', at: c.at });
  tellBoth(news, { ...b, status: 'cancelled' });
}

/**
 * The offer is being closed (by its driver, or its event cancelled), in the caller's transaction which holds
 * the offer's lock: each live booking is cancelled by the driver with `reason` (late ones count as late).
 * Answers what to run once the caller's transaction has committed (the riders' notifications and events).
 */
export async function cancelBookingsOfOffer(
  ctx: AppContext,
  tx: Tx,
  offerId: number,
  reason: string | null,
): Promise<() => Promise<void>> {
  const at = now(ctx);
  const news = new News();
  for (const facts of await q.lockLiveBookingsOfOffer(tx, offerId, at, L.lateCancelHours))
    await cancelOne(tx, news, facts, { by: facts.driver_id, reason, at });
  return () => news.send(ctx).then(() => undefined);
}

/**
 * The sweep closed an offer because its event was cancelled (haul-sweep.ts), in its transaction: each live
 * booking is cancelled by nobody (neither side's doing, never late), with the reason, and both sides are told.
 */
export async function cancelBookingsOfCancelledEvent(tx: Tx, news: News, offerId: number, at: Date): Promise<number> {
  const live = await q.lockLiveBookingsOfOffer(tx, offerId, at, L.lateCancelHours);
  for (const facts of live) {
    const b = sides(facts);
    if (facts.status === 'confirmed') await q.giveStallsBack(tx, b.offerId, facts.stalls, at);
    await q.markCancelled(tx, b.id, { by: null, reason: M.eventCancelledReason, late: false, at });
    for (const [to, from] of [
      [b.riderId, b.driverId],
      [b.driverId, b.riderId],
    ] as const)
      await notify(tx, news, { to, from, eventId: b.eventId, bookingId: b.id, info: 'event_cancelled', at });
    tellBoth(news, { ...b, status: 'cancelled' });
  }
  return live.length;
}

/**
 * A block between two members (the safety module, in its transaction): their live bookings with each other end,
 * cancelled by the blocker and never late (keeping safe is no broken promise), so no pickup address or phone
 * number is shared across a block. The blocked member hears nothing but the booking's live event.
 */
export async function cancelBookingsOnBlock(tx: Tx, news: News, blockerId: string, blockedId: string, at: Date) {
  for (const booking of await q.selectLiveBookingsOfPair(tx, blockerId, blockedId)) {
    await q.lockOfferRow(tx, booking.offerId);
    const facts = await q.lockBooking(tx, booking.id, blockerId, at, L);
    if (facts && (facts.status === 'requested' || facts.status === 'confirmed'))
      await cancelOne(tx, news, facts, { by: blockerId, reason: null, at, neverLate: true });
  }
}

/** GET /haul/bookings/{id}: the booking as either side sees it; 404 for anyone else. */
export async function bookingOf(ctx: AppContext, viewerId: string, bookingId: number): Promise<HaulBooking> {
  const [booking] = await mapBookings(ctx, viewerId, await q.selectBookingsByIds(ctx.db, viewerId, [bookingId]));
  if (!booking) throw bookingNotFound();
  return booking;
}

/**
 * GET /me/hauls's bookings: the member's own as a rider, and those on their offers (`driving`), newest first,
 * in three statements whatever their number (the bookings, their offers, their riders).
 */
export async function bookingsOfMember(
  ctx: AppContext,
  viewerId: string,
): Promise<{ bookings: HaulBooking[]; driving: HaulBooking[] }> {
  const rows = await q.selectBookingsOfMember(ctx.db, viewerId, LIST_MAX);
  const mapped = await mapBookings(ctx, viewerId, rows);
  const byId = (a: HaulBooking, b: HaulBooking) => b.id - a.id;
  return {
    bookings: mapped.filter((booking) => booking.rider.id === viewerId).sort(byId),
    driving: mapped.filter((booking) => booking.offer.driver.id === viewerId).sort(byId),
  };
}

async function mapBookings(ctx: AppContext, viewerId: string, rows: q.BookingRow[]): Promise<HaulBooking[]> {
  if (rows.length === 0) return [];
  const [offers, riders] = await Promise.all([
    offersByIds(ctx.db, viewerId, [...new Set(rows.map((row) => Number(row.offer_id)))]),
    haulMembersByIds(ctx.db, [...new Set(rows.map((row) => row.rider_id))]),
  ]);
  const at = ctx.clock.now();
  return rows.flatMap((row) => {
    const offer = offers.get(Number(row.offer_id));
    const rider = riders.get(row.rider_id);
    return offer && rider ? [toHaulBooking(row, viewerId, offer, rider, at)] : [];
  });
}

/** Whole days from a paper's date to the departure's (UTC) day. */
function daysBefore(paperOn: string, departFrom: string): number {
  return Math.floor((Date.parse(departFrom.slice(0, 10)) - Date.parse(paperOn)) / DAY_MS);
}

function paperState(on: string | null, departFrom: string, maxDays: number): 'ok' | 'old' | 'missing' {
  if (!on) return 'missing';
  return daysBefore(on, departFrom) > maxDays ? 'old' : 'ok';
}

function toReview(review: q.ReviewJson): HaulReview {
  return {
    id: Number(review.id),
    rating: review.rating,
    comment: review.comment,
    author: {
      id: review.author_id,
      first_name: review.first_name,
      last_name: review.last_name,
      avatar: review.avatar,
    },
    created_at: review.created_at,
  };
}

/**
 * A booking as one of its sides sees it: the pickup address and the phones once confirmed (or completed), the
 * horses' papers judged at departure, the other side's review once both reviewed or `reviewRevealDays` after
 * completion.
 */
export function toHaulBooking(
  row: q.BookingRow,
  viewerId: string,
  offer: HaulOffer,
  rider: HaulMember,
  at: number,
): HaulBooking {
  const shared = row.status === 'confirmed' || row.status === 'completed';
  const horses = row.horses ?? [];
  const reviews = row.reviews ?? [];
  const mine = reviews.find((review) => review.author_id === viewerId);
  const theirs = reviews.find((review) => review.author_id !== viewerId);
  const completedAt = row.completed_at ? Date.parse(row.completed_at) : null;
  const revealed = mine !== undefined || (completedAt !== null && at >= completedAt + L.reviewRevealDays * DAY_MS);
  return {
    id: Number(row.id),
    offer,
    rider,
    stalls: row.stalls,
    horses: horses.map((horse) => ({ ...horse, id: Number(horse.id) })),
    pickup: row.pickup,
    pickup_address: shared ? row.pickup_address : null,
    phones: shared ? { driver: row.driver_phone, rider: row.rider_phone } : null,
    message: row.message,
    status: row.status,
    expires_at: row.status === 'requested' ? row.expires_at : null,
    // Null for a booking cancelled by nobody (its event was cancelled) as for one not cancelled.
    cancelled_by_me: row.status === 'cancelled' && row.cancelled_by !== null ? row.cancelled_by === viewerId : null,
    cancel_reason: row.cancel_reason,
    late: row.late,
    conversation_id: row.conversation_id === null ? null : Number(row.conversation_id),
    checklist: horses.map((horse) => ({
      horse_id: Number(horse.id),
      horse_name: horse.name,
      coggins: paperState(horse.coggins_on, row.depart_from, L.cogginsMaxDays),
      health_certificate: paperState(horse.health_certificate_on, row.depart_from, L.healthCertificateMaxDays),
    })),
    my_review: mine ? toReview(mine) : null,
    their_review: theirs && revealed ? toReview(theirs) : null,
    can_review:
      row.status === 'completed' &&
      mine === undefined &&
      completedAt !== null &&
      at < completedAt + L.reviewWindowDays * DAY_MS,
    created_at: row.created_at,
  };
}

/**
 * A step of the purge of deleted members (modules/auth): the stalls their confirmed bookings hold on others'
 * offers go back before the bookings, their horses and reviews go with the cascade.
 */
export async function releaseMembersBookings(_ctx: AppContext, tx: Tx, userIds: readonly string[]): Promise<void> {
  if (userIds.length > 0) await q.releaseStallsOf(tx, userIds);
}
