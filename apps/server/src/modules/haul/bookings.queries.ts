import type { Horse, Place } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx, utcText } from '../../db/sql.ts';
import { visibleTo } from '../items/items.policy.ts';
import { haulVisibleTo } from './haul.policy.ts';
import { distanceKm, placeJson, toTextArray } from './offers.queries.ts';

/*
 * Bookings of the hauling board (docs/decisions/030-hauling-board.md, "Bookings"): SQL only. The offer's row
 * lock (`for update of o`) is what makes the last stall go once; the service holds it through its checks.
 */

const ids = (values: number[]) => `{${values.map((value) => Math.trunc(value)).join(',')}}`;

/** An offer as a booking's checks see it, its row locked until the transaction ends. */
export interface LockedOffer {
  id: string;
  driver_id: string;
  event_id: string;
  event_title: string;
  booking_mode: 'request' | 'instant';
  stalls_free: number;
  detour_km: number;
  origin_place_id: number;
  depart_from: Date | string;
  depart_until: Date | string;
  /** Closed by its driver or removed by a moderator. */
  closed: boolean;
  /** Its window or arrive-by passed. */
  past: boolean;
  event_cancelled: boolean;
  event_place_id: number | null;
  /** The viewer may see it (the offer's visibility, blocks, the event's visibility). */
  visible: boolean;
  removed: boolean;
}

export async function lockOffer(tx: Tx, offerId: number, viewerId: string, at: Date): Promise<LockedOffer | undefined> {
  const [row] = await selectRows<LockedOffer>(
    tx,
    sql`select o.id, o.driver_id, o.event_id, coalesce(hp.title, '') as event_title, o.booking_mode, o.stalls_free, o.detour_km, o.origin_place_id,
        o.depart_from, o.depart_until, o.closed_at is not null as closed, o.removed_at is not null as removed,
        (o.arrive_by <= ${at} or o.depart_until <= ${at}) as past,
        hed.cancelled_at is not null as event_cancelled, hepl.place_id as event_place_id,
        (${haulVisibleTo(viewerId, sql`o.driver_id`, sql`o.visibility`)} and ${visibleTo(viewerId, 'hp')}) as visible
      from haul_offers o
      join posts hp on hp.id = o.event_id
      join event_details hed on hed.post_id = o.event_id
      left join event_places hepl on hepl.post_id = o.event_id
      where o.id = ${offerId}
      for update of o`,
  );
  return row;
}

export async function hasLiveBooking(tx: Tx, offerId: number, riderId: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`select id from haul_bookings where offer_id = ${offerId} and rider_id = ${riderId}
      and status in ('requested', 'confirmed')`,
  );
  return rows.length > 0;
}

/** How many of these horses are the member's. */
export async function countOwnHorses(tx: Tx, ownerId: string, horseIds: number[]): Promise<number> {
  if (horseIds.length === 0) return 0;
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from horses where owner_id = ${ownerId} and id = any(${ids(horseIds)}::bigint[])`,
  );
  return row?.n ?? 0;
}

/**
 * The pickup place, if it exists, and the detour through it in km (origin → pickup → event, less origin →
 * event); the detour is null when the event has no place.
 */
export async function pickupDetour(
  tx: Tx,
  pickupId: number,
  originId: number,
  eventPlaceId: number | null,
): Promise<{ detour_km: number | null } | undefined> {
  const [row] = await selectRows<{ detour_km: number | string | null }>(
    tx,
    sql`select case when ev.id is null then null
        else ${distanceKm('op', 'pp')} + ${distanceKm('pp', 'ev')} - ${distanceKm('op', 'ev')} end as detour_km
      from places pp join places op on op.id = ${originId}
      left join places ev on ev.id = ${eventPlaceId}
      where pp.id = ${pickupId}`,
  );
  return row ? { detour_km: row.detour_km === null ? null : Number(row.detour_km) } : undefined;
}

export async function insertBooking(
  tx: Tx,
  b: {
    offerId: number;
    riderId: string;
    stalls: number;
    pickupPlaceId: number | null;
    pickupAddress: string;
    message: string;
    status: 'requested' | 'confirmed';
    expiresAt: Date | null;
    answeredAt: Date | null;
    at: Date;
  },
): Promise<number | null> {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`insert into haul_bookings (offer_id, rider_id, stalls, pickup_place_id, pickup_address, message, status,
        expires_at, answered_at, created_at, updated_at)
      values (${b.offerId}, ${b.riderId}, ${b.stalls}, ${b.pickupPlaceId}, ${b.pickupAddress}, ${b.message},
        ${b.status}, ${b.expiresAt}, ${b.answeredAt}, ${b.at}, ${b.at})
      on conflict (offer_id, rider_id) where status in ('requested', 'confirmed') do nothing
      returning id`,
  );
  return row ? Number(row.id) : null;
}

export async function insertBookingHorses(tx: Tx, bookingId: number, horseIds: number[]): Promise<void> {
  if (horseIds.length === 0) return;
  await tx.execute(
    sql`insert into haul_booking_horses (booking_id, horse_id)
      select ${bookingId}, h from unnest(${ids(horseIds)}::bigint[]) h on conflict do nothing`,
  );
}

/** Takes stalls from the offer (its lock held); the CHECK refuses going below zero. */
export async function takeStalls(tx: Tx, offerId: number, stalls: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update haul_offers set stalls_free = stalls_free - ${stalls}, updated_at = ${at} where id = ${offerId}`,
  );
}

/** Gives stalls back to an offer, never above its total. */
export async function giveStallsBack(tx: Tx, offerId: number, stalls: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update haul_offers set stalls_free = least(stalls_total, stalls_free + ${stalls}), updated_at = ${at}
      where id = ${offerId}`,
  );
}

export async function setConversation(tx: Tx, bookingId: number, conversationId: number): Promise<void> {
  await tx.execute(sql`update haul_bookings set conversation_id = ${conversationId} where id = ${bookingId}`);
}

/** A booking's facts for an action of the viewer (rider or driver), its row locked; undefined for anyone else. */
export interface BookingFacts {
  id: string;
  offer_id: string;
  event_id: string;
  rider_id: string;
  driver_id: string;
  stalls: number;
  status: 'requested' | 'confirmed' | 'declined' | 'expired' | 'cancelled' | 'completed';
  expired: boolean;
  /** Within `lateCancelHours` of the offer's departure. */
  late: boolean;
  /** Completed within the review window. */
  reviewable: boolean;
  reviewed: boolean;
  /** Its event was cancelled: nothing more is confirmed on it. */
  event_cancelled: boolean;
}

const eventCancelled = sql`exists (select 1 from event_details ecd
  where ecd.post_id = o.event_id and ecd.cancelled_at is not null) as event_cancelled`;

export async function lockBooking(
  tx: Tx,
  bookingId: number,
  viewerId: string,
  at: Date,
  limits: { lateCancelHours: number; reviewWindowDays: number },
): Promise<BookingFacts | undefined> {
  const [row] = await selectRows<BookingFacts>(
    tx,
    sql`select b.id, b.offer_id, o.event_id, b.rider_id, o.driver_id, b.stalls, b.status,
        (b.expires_at is not null and b.expires_at <= ${at}) as expired,
        o.depart_from <= ${at}::timestamptz + make_interval(hours => ${limits.lateCancelHours}) as late,
        (b.status = 'completed' and b.completed_at > ${at}::timestamptz - make_interval(days => ${limits.reviewWindowDays}))
          as reviewable,
        exists (select 1 from haul_reviews r where r.booking_id = b.id and r.author_id = ${viewerId}) as reviewed,
        ${eventCancelled}
      from haul_bookings b join haul_offers o on o.id = b.offer_id
      where b.id = ${bookingId} and (b.rider_id = ${viewerId} or o.driver_id = ${viewerId})
      for update of b`,
  );
  return row;
}

export async function updateStatus(tx: Tx, bookingId: number, to: 'confirmed' | 'declined', at: Date): Promise<void> {
  await tx.execute(
    sql`update haul_bookings set status = ${to}, answered_at = ${at}, expires_at = null, updated_at = ${at}
      where id = ${bookingId}`,
  );
}

export async function markCancelled(
  tx: Tx,
  bookingId: number,
  c: { by: string | null; reason: string | null; late: boolean; at: Date },
): Promise<void> {
  await tx.execute(
    sql`update haul_bookings set status = 'cancelled', cancelled_by = ${c.by}, cancel_reason = ${c.reason},
        cancelled_at = ${c.at}, late = ${c.late}, expires_at = null, updated_at = ${c.at}
      where id = ${bookingId}`,
  );
}

/** An offer's live bookings, locked, to cancel with it (`late`: its departure is within `lateHours`). */
export function lockLiveBookingsOfOffer(tx: Tx, offerId: number, at: Date, lateHours: number) {
  return selectRows<BookingFacts>(
    tx,
    sql`select b.id, b.offer_id, o.event_id, b.rider_id, o.driver_id, b.stalls, b.status, false as expired,
        o.depart_from <= ${at}::timestamptz + make_interval(hours => ${lateHours}) as late,
        false as reviewable, false as reviewed, ${eventCancelled}
      from haul_bookings b join haul_offers o on o.id = b.offer_id
      where b.offer_id = ${offerId} and b.status in ('requested', 'confirmed')
      order by b.id for update of b`,
  );
}

/** The live bookings between two members, either way round, by offer (the order their locks are taken in). */
export async function selectLiveBookingsOfPair(tx: Tx, a: string, b: string) {
  const rows = await selectRows<{ id: string; offer_id: string }>(
    tx,
    sql`select bk.id, bk.offer_id from haul_bookings bk join haul_offers o on o.id = bk.offer_id
      where bk.status in ('requested', 'confirmed')
        and ((bk.rider_id = ${a} and o.driver_id = ${b}) or (bk.rider_id = ${b} and o.driver_id = ${a}))
      order by bk.offer_id, bk.id`,
  );
  return rows.map((row) => ({ id: Number(row.id), offerId: Number(row.offer_id) }));
}

/** The offer of a booking the viewer is a side of, or null. */
export async function offerIdOfBooking(tx: Tx, bookingId: number, viewerId: string): Promise<number | null> {
  const [row] = await selectRows<{ offer_id: string }>(
    tx,
    sql`select b.offer_id from haul_bookings b join haul_offers o on o.id = b.offer_id
      where b.id = ${bookingId} and (b.rider_id = ${viewerId} or o.driver_id = ${viewerId})`,
  );
  return row ? Number(row.offer_id) : null;
}

/** Locks an offer's row until the transaction ends (before any of its bookings'). */
export async function lockOfferRow(tx: Tx, offerId: number): Promise<void> {
  await tx.execute(sql`select id from haul_offers where id = ${offerId} for update`);
}

export async function stallsFree(tx: Tx, offerId: number): Promise<number> {
  const [row] = await selectRows<{ stalls_free: number }>(
    tx,
    sql`select stalls_free from haul_offers where id = ${offerId}`,
  );
  return row?.stalls_free ?? 0;
}

export async function insertReview(
  tx: Tx,
  r: { bookingId: number; authorId: string; subjectId: string; rating: number; comment: string; at: Date },
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`insert into haul_reviews (booking_id, author_id, subject_id, rating, comment, created_at)
      values (${r.bookingId}, ${r.authorId}, ${r.subjectId}, ${r.rating}, ${r.comment}, ${r.at})
      on conflict (booking_id, author_id) do nothing returning id`,
  );
  return rows.length > 0;
}

/** A booking's row as its two sides read it (toHaulBooking maps it with the offer and the rider). */
export interface BookingRow {
  id: string;
  offer_id: string;
  rider_id: string;
  driver_id: string;
  stalls: number;
  horses: Horse[] | null;
  pickup: Place | null;
  pickup_address: string;
  rider_phone: string | null;
  driver_phone: string | null;
  message: string;
  status: BookingFacts['status'];
  expires_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  late: boolean;
  conversation_id: string | null;
  depart_from: string;
  completed_at: string | null;
  created_at: string;
  reviews: ReviewJson[] | null;
}

export interface ReviewJson {
  id: number;
  author_id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  rating: number;
  comment: string;
  created_at: string;
}

const bookingColumns = sql`b.id, b.offer_id, b.rider_id, o.driver_id, b.stalls,
  (select json_agg(json_build_object('id', h.id, 'name', h.name,
      'coggins_on', to_char(h.coggins_on, 'YYYY-MM-DD'),
      'health_certificate_on', to_char(h.health_certificate_on, 'YYYY-MM-DD')) order by h.id)
    from haul_booking_horses bh join horses h on h.id = bh.horse_id where bh.booking_id = b.id) as horses,
  ${placeJson('pp')} as pickup, b.pickup_address, ru.phone_number as rider_phone, du.phone_number as driver_phone,
  b.message, b.status, ${utcText(sql`b.expires_at`, 's')} as expires_at, b.cancelled_by, b.cancel_reason, b.late,
  b.conversation_id, ${utcText(sql`o.depart_from`, 's')} as depart_from,
  ${utcText(sql`b.completed_at`, 'ms')} as completed_at, ${utcText(sql`b.created_at`, 'ms')} as created_at,
  (select json_agg(json_build_object('id', r.id, 'author_id', r.author_id, 'first_name', a.first_name,
      'last_name', a.last_name, 'avatar', a.image, 'rating', r.rating, 'comment', r.comment,
      'created_at', ${utcText(sql`r.created_at`, 'ms')}))
    from haul_reviews r join users a on a.id = r.author_id
    where r.booking_id = b.id and r.removed_at is null) as reviews`;

const bookingFrom = sql`haul_bookings b join haul_offers o on o.id = b.offer_id
  join users ru on ru.id = b.rider_id join users du on du.id = o.driver_id
  left join places pp on pp.id = b.pickup_place_id`;

/** Bookings by id that the viewer is a side of (one statement). */
export function selectBookingsByIds(db: Tx, viewerId: string, bookingIds: number[]): Promise<BookingRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return selectRows<BookingRow>(
    db,
    sql`select ${bookingColumns} from ${bookingFrom}
      where b.id = any(${ids(bookingIds)}::bigint[]) and (b.rider_id = ${viewerId} or o.driver_id = ${viewerId})`,
  );
}

/** A member's bookings as a rider and the bookings on their offers, newest first, `limit` of each (one statement). */
export function selectBookingsOfMember(db: Tx, viewerId: string, limit: number): Promise<BookingRow[]> {
  const mine = (where: SQL) =>
    sql`(select ${bookingColumns} from ${bookingFrom} where ${where} order by b.id desc limit ${limit})`;
  return selectRows<BookingRow>(
    db,
    sql`${mine(sql`b.rider_id = ${viewerId}`)} union all ${mine(sql`o.driver_id = ${viewerId}`)}`,
  );
}

/*
 * The sweep's updates (haul-sweep.ts): each one statement whose WHERE holds only until it ran, so a row is
 * done once whichever process gets to it (a second update of the same row waits, then finds it no longer
 * matches).
 */

/** A row the sweep changed, with its two sides and event. */
export interface SweptRow {
  id: string;
  offer_id: string;
  rider_id: string;
  driver_id: string;
  event_id: string;
}

/** Requests past their expiry become `expired`. */
export function expireRequests(tx: Tx, at: Date): Promise<SweptRow[]> {
  return selectRows<SweptRow>(
    tx,
    sql`update haul_bookings b set status = 'expired', updated_at = ${at}
      from haul_offers o
      where o.id = b.offer_id and b.status = 'requested' and b.expires_at <= ${at}
      returning b.id, b.offer_id, b.rider_id, o.driver_id, o.event_id`,
  );
}

/** Confirmed bookings whose event has ended (not cancelled: it never took place) become `completed`. */
export function completeEnded(tx: Tx, at: Date): Promise<SweptRow[]> {
  return selectRows<SweptRow>(
    tx,
    sql`update haul_bookings b set status = 'completed', completed_at = ${at}, updated_at = ${at}
      from haul_offers o join event_details ed on ed.post_id = o.event_id
      where o.id = b.offer_id and b.status = 'confirmed' and ed.to_date <= ${at} and ed.cancelled_at is null
      returning b.id, b.offer_id, b.rider_id, o.driver_id, o.event_id`,
  );
}

/**
 * Open offers and requests of cancelled events are closed; answers the offers closed (their live bookings are
 * then cancelled, each under the offer's lock, by the caller).
 */
export async function closeForCancelledEvents(tx: Tx, at: Date): Promise<number[]> {
  const cancelled = sql`exists (select 1 from event_details ed where ed.post_id = t.event_id and ed.cancelled_at is not null)`;
  await tx.execute(
    sql`update haul_requests t set closed_at = ${at}, updated_at = ${at} where t.closed_at is null and ${cancelled}`,
  );
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`update haul_offers t set closed_at = ${at}, updated_at = ${at} where t.closed_at is null and ${cancelled}
      returning t.id`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * Open offers whose arrive-by performance was moved by its organiser take its new start. Answers how many did.
 */
export async function followMovedPerformances(tx: Tx, at: Date): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`update haul_offers o set arrive_by = ep.starts_at, updated_at = ${at}
      from event_performances ep
      where ep.id = o.arrive_performance_id and o.closed_at is null and o.arrive_by <> ep.starts_at
      returning o.id`,
  );
  return rows.length;
}

/** Confirmed bookings leaving within `hours` that were not reminded yet are marked reminded. */
export function markReminded(tx: Tx, at: Date, hours: number): Promise<SweptRow[]> {
  return selectRows<SweptRow>(
    tx,
    sql`update haul_bookings b set reminded_at = ${at}
      from haul_offers o
      where o.id = b.offer_id and b.status = 'confirmed' and b.reminded_at is null
        and o.depart_from > ${at} and o.depart_from <= ${at}::timestamptz + make_interval(hours => ${hours})
      returning b.id, b.offer_id, b.rider_id, o.driver_id, o.event_id`,
  );
}

/**
 * Members about to be purged: the stalls their confirmed bookings hold on other members' offers go back
 * (the rows then go with the cascade). Answers how many bookings gave stalls back.
 */
export async function releaseStallsOf(tx: Tx, riderIds: readonly string[]): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`update haul_offers o set stalls_free = least(o.stalls_total, o.stalls_free + held.stalls)
      from (select b.offer_id, sum(b.stalls)::int as stalls from haul_bookings b
        where b.status = 'confirmed' and b.rider_id = any(${toTextArray([...riderIds])}::text[])
        group by b.offer_id) held
      where o.id = held.offer_id and not (o.driver_id = any(${toTextArray([...riderIds])}::text[]))
      returning o.id`,
  );
  return rows.length;
}
