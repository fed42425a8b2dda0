import {
  type createHaulOfferRequestSchema,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  type HaulOffer,
  type updateHaulOfferRequestSchema,
} from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { selectRows, type Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { visibleTo } from '../items/items.policy.ts';
import { placeById } from '../places/places.service.ts';
import { cancelBookingsOfOffer } from './bookings.service.ts';
import { haulVisibleTo } from './haul.policy.ts';
import { offersByIds } from './offers.queries.ts';
import { notifySavedSearches } from './saved-searches.service.ts';

const M = HAUL_MESSAGES;

/** Not in the contract's messages: a run's leg leaves from the previous leg's event, which needs a place. */
export const LEG_ORIGIN_UNKNOWN =
  'An event of this run has no place yet, so the next leg cannot leave from it. Make it the last leg, or ask its organiser to pick its place.';

/** Not in the contract's messages: each leg of a run leaves after the previous one arrives, for another event. */
export const LEG_OUT_OF_ORDER = 'This leg must leave after the previous leg arrives.';
export const LEG_SAME_EVENT = 'A run goes to each event once.';

/** The reason the riders read when the driver closes an offer with their bookings on it. */
export const OFFER_CLOSED_REASON = 'The driver took this haul off the board.';

export type CreateOffer = z.output<typeof createHaulOfferRequestSchema>;
export type UpdateOffer = z.output<typeof updateHaulOfferRequestSchema>;

/** A refusal of one field: 422 with the field named. */
export const refuse = (field: string, message: string) => new AppError(422, message, { [field]: [message] });
export const haulNotFound = () => new AppError(404, M.notFound);

const nowOf = (ctx: AppContext) => new Date(ctx.clock.now());

/** The terms an offer's rate type needs (the table's CHECKs, said in words first). */
interface Terms {
  stalls: number;
  rate_type: 'fill' | 'professional';
  price: number;
  price_unit: 'horse' | 'trip';
  cap_per_horse: number | null;
  usdot_number: string | null;
  mc_number: string | null;
  insurance_expires_on: string | null;
}

/** Empty strings of the optional professional fields are no value. */
const blank = (value: string | null | undefined) => (value ? value : null);

export function checkTerms(terms: Terms, departures: Date[]): void {
  if (terms.rate_type === 'professional') {
    if (!terms.usdot_number && !terms.mc_number) throw refuse('usdot_number', M.professionalNeedsNumber);
    if (!terms.insurance_expires_on) throw refuse('insurance_expires_on', M.professionalNeedsInsurance);
    const leaving = departures.map((at) => at.toISOString().slice(0, 10)).sort();
    const last = leaving[leaving.length - 1];
    if (last && terms.insurance_expires_on < last) throw refuse('insurance_expires_on', M.insuranceExpired);
  } else {
    if (terms.cap_per_horse === null) throw refuse('cap_per_horse', M.fillNeedsCap);
    const perHorse = terms.price_unit === 'horse' ? terms.price : Math.ceil(terms.price / terms.stalls);
    if (perHorse > terms.cap_per_horse) throw refuse('price', M.priceAboveCap);
  }
}

function checkWindow(from: Date, until: Date, arriveBy: Date, now: Date, field = 'depart_from') {
  if (from.getTime() <= now.getTime()) throw refuse(field, M.departurePast);
  if (until.getTime() <= from.getTime()) throw refuse('depart_until', M.departureOrder);
  if (until.getTime() > arriveBy.getTime()) throw refuse('depart_until', M.departureAfterArrival);
}

/** An event as a leg (or a request) needs it: visible to the viewer, its place, the chosen performance's start. */
interface LegEvent {
  id: string;
  cancelled: boolean;
  to_date: Date | string;
  place_id: number | null;
  starts_at: Date | string | null;
}

export async function selectLegEvent(
  tx: Tx,
  viewerId: string,
  eventId: number,
  performanceId: number | null,
): Promise<LegEvent | undefined> {
  const [row] = await selectRows<LegEvent>(
    tx,
    sql`select p.id, ed.cancelled_at is not null as cancelled, ed.to_date, epl.place_id,
        (select ep.starts_at from event_performances ep where ep.id = ${performanceId}::bigint and ep.post_id = p.id)
          as starts_at
      from posts p join event_details ed on ed.post_id = p.id
      left join event_places epl on epl.post_id = p.id
      where p.id = ${eventId} and p.kind = 'event' and ${visibleTo(viewerId)}`,
  );
  return row;
}

/** The event is there for the viewer, not cancelled and not over (field: where to say so). */
export function checkEvent(event: LegEvent | undefined, now: Date, field = 'event_id'): LegEvent {
  if (!event) throw new AppError(404, M.eventNotFound, { [field]: [M.eventNotFound] });
  if (event.cancelled) throw refuse(field, M.eventCancelled);
  if (new Date(event.to_date).getTime() <= now.getTime()) throw refuse(field, M.eventPast);
  return event;
}

/** Whether the gazetteer has this place (the places module's lookup). */
export async function placeExists(tx: Tx, placeId: number): Promise<boolean> {
  return (await placeById(tx, placeId)) !== null;
}

/** The member's open offers and requests, for `openPerMember`. */
export async function openCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select (select count(*) from haul_offers where driver_id = ${userId} and closed_at is null)::int
      + (select count(*) from haul_requests where rider_id = ${userId} and closed_at is null)::int as n`,
  );
  return row?.n ?? 0;
}

/**
 * POST /haul/offers: every leg in one transaction (the first from the origin, each next from the previous
 * leg's event), sharing `run_id` (the first leg's id) when there are several. Saved searches are told after.
 */
export async function createOffers(ctx: AppContext, viewer: Viewer, input: CreateOffer): Promise<HaulOffer[]> {
  const now = nowOf(ctx);
  const legs = [
    {
      event_id: input.event_id,
      arrive_performance_id: input.arrive_performance_id,
      depart_from: input.depart_from,
      depart_until: input.depart_until,
    },
    ...input.next_legs,
  ];
  const terms: Terms = {
    stalls: input.stalls,
    rate_type: input.rate_type,
    price: input.price,
    price_unit: input.price_unit,
    cap_per_horse: input.rate_type === 'fill' ? (input.cap_per_horse ?? null) : null,
    usdot_number: input.rate_type === 'professional' ? blank(input.usdot_number) : null,
    mc_number: input.rate_type === 'professional' ? blank(input.mc_number) : null,
    insurance_expires_on: input.rate_type === 'professional' ? blank(input.insurance_expires_on) : null,
  };
  checkTerms(
    terms,
    legs.map((leg) => new Date(leg.depart_until)),
  );
  await ctx.limiter.consume(['contentPerMember', viewer.user.id]);
  const ids = await ctx.db.transaction(async (tx) => {
    if (!(await placeExists(tx, input.origin_place_id))) throw refuse('origin_place_id', M.placeNotFound);
    if ((await openCount(tx, viewer.user.id)) + legs.length > HAUL_LIMITS.openPerMember)
      throw new AppError(409, M.tooManyOpen);
    const created: number[] = [];
    let origin = input.origin_place_id;
    let previousArrival: Date | null = null;
    for (const [index, leg] of legs.entries()) {
      const prefix = index === 0 ? '' : `next_legs.${index - 1}.`;
      if (legs.slice(0, index).some((earlier) => earlier.event_id === leg.event_id))
        throw refuse(`${prefix}event_id`, LEG_SAME_EVENT);
      if (previousArrival && new Date(leg.depart_from) < previousArrival)
        throw refuse(`${prefix}depart_from`, LEG_OUT_OF_ORDER);
      const event = checkEvent(
        await selectLegEvent(tx, viewer.user.id, leg.event_id, leg.arrive_performance_id),
        now,
        `${prefix}event_id`,
      );
      if (event.starts_at === null) throw refuse(`${prefix}arrive_performance_id`, M.performanceNotOfEvent);
      const arriveBy = new Date(event.starts_at);
      checkWindow(new Date(leg.depart_from), new Date(leg.depart_until), arriveBy, now, `${prefix}depart_from`);
      previousArrival = arriveBy;
      const [row] = await selectRows<{ id: string }>(
        tx,
        sql`insert into haul_offers (driver_id, event_id, run_id, origin_place_id, depart_from, depart_until,
            arrive_performance_id, arrive_by, stalls_total, stalls_free, stall_kind, seats, tack_room, rate_type,
            price, price_unit, cap_per_horse, usdot_number, mc_number, insurance_expires_on, booking_mode,
            visibility, detour_km, notes, created_at, updated_at)
          values (${viewer.user.id}, ${leg.event_id}, ${created[0] ?? null}, ${origin}, ${leg.depart_from},
            ${leg.depart_until}, ${leg.arrive_performance_id}, ${arriveBy}, ${terms.stalls}, ${terms.stalls},
            ${input.stall_kind}, ${input.seats}, ${input.tack_room}, ${terms.rate_type}, ${terms.price},
            ${terms.price_unit}, ${terms.cap_per_horse}, ${terms.usdot_number}, ${terms.mc_number},
            ${terms.insurance_expires_on}, ${input.booking_mode}, ${input.visibility}, ${input.detour_km},
            ${input.notes}, ${now}, ${now})
          returning id`,
      );
      created.push(Number(row?.id));
      if (index < legs.length - 1) {
        if (event.place_id === null) throw refuse(`${prefix}event_id`, LEG_ORIGIN_UNKNOWN);
        origin = event.place_id;
      }
    }
    if (created.length > 1)
      await tx.execute(sql`update haul_offers set run_id = ${created[0]} where id = ${created[0]}`);
    return created;
  });
  await notifySavedSearches(ctx, ids);
  const offers = await offersByIds(ctx.db, viewer.user.id, ids);
  return ids.flatMap((id) => offers.get(id) ?? []);
}

/** The offer if the viewer may see it: their own, or open to them (not removed, visible, its event visible). */
export async function getOffer(ctx: AppContext, viewer: Viewer, id: number): Promise<HaulOffer> {
  const [row] = await selectRows<{ id: string }>(
    ctx.db,
    sql`select o.id from haul_offers o join posts p on p.id = o.event_id
      where o.id = ${id} and (o.driver_id = ${viewer.user.id} or (o.removed_at is null
        and ${haulVisibleTo(viewer.user.id, sql`o.driver_id`, sql`o.visibility`)} and ${visibleTo(viewer.user.id)}))`,
  );
  if (!row) throw haulNotFound();
  const offer = (await offersByIds(ctx.db, viewer.user.id, [id])).get(id);
  if (!offer) throw haulNotFound();
  return offer;
}

interface OwnOffer {
  id: string;
  closed: boolean;
  stalls_total: number;
  stalls_free: number;
  rate_type: 'fill' | 'professional';
  price: number;
  price_unit: 'horse' | 'trip';
  cap_per_horse: number | null;
  usdot_number: string | null;
  mc_number: string | null;
  insurance_expires_on: string | null;
  depart_from: Date | string;
  depart_until: Date | string;
  arrive_by: Date | string;
}

async function lockOwnOffer(tx: Tx, viewerId: string, id: number): Promise<OwnOffer> {
  const [row] = await selectRows<OwnOffer>(
    tx,
    sql`select id, closed_at is not null as closed, stalls_total, stalls_free, rate_type, price, price_unit,
        cap_per_horse, usdot_number, mc_number, to_char(insurance_expires_on, 'YYYY-MM-DD') as insurance_expires_on,
        depart_from, depart_until, arrive_by
      from haul_offers where id = ${id} and driver_id = ${viewerId} for update`,
  );
  if (!row) throw haulNotFound();
  return row;
}

/**
 * PATCH /haul/offers/{id}: the driver's terms and window. Under the row's lock: stalls never below those booked
 * (total − free), and free stalls move by the difference.
 */
export async function updateOffer(ctx: AppContext, viewer: Viewer, id: number, input: UpdateOffer): Promise<HaulOffer> {
  const now = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await lockOwnOffer(tx, viewer.user.id, id);
    if (before.closed) throw new AppError(409, M.offerClosed);
    const rateType = input.rate_type ?? before.rate_type;
    const pick = <T>(next: T | null | undefined, old: T | null) => (next === undefined ? old : next);
    const stalls = input.stalls ?? before.stalls_total;
    const terms: Terms = {
      stalls,
      rate_type: rateType,
      price: input.price ?? before.price,
      price_unit: input.price_unit ?? before.price_unit,
      cap_per_horse: rateType === 'fill' ? pick(input.cap_per_horse, before.cap_per_horse) : null,
      usdot_number: rateType === 'professional' ? blank(pick(input.usdot_number, before.usdot_number)) : null,
      mc_number: rateType === 'professional' ? blank(pick(input.mc_number, before.mc_number)) : null,
      insurance_expires_on:
        rateType === 'professional' ? blank(pick(input.insurance_expires_on, before.insurance_expires_on)) : null,
    };
    const from = new Date(input.depart_from ?? before.depart_from);
    const until = new Date(input.depart_until ?? before.depart_until);
    checkTerms(terms, [until]);
    if (input.depart_from !== undefined || input.depart_until !== undefined)
      checkWindow(from, until, new Date(before.arrive_by), now);
    const booked = before.stalls_total - before.stalls_free;
    if (stalls < booked) throw refuse('stalls', M.stallsBelowBooked);
    await tx.execute(sql`update haul_offers set
        depart_from = ${from}, depart_until = ${until},
        stalls_total = ${stalls}, stalls_free = stalls_free + ${stalls - before.stalls_total},
        stall_kind = coalesce(${input.stall_kind ?? null}, stall_kind),
        seats = coalesce(${input.seats ?? null}::smallint, seats),
        tack_room = coalesce(${input.tack_room ?? null}::boolean, tack_room),
        rate_type = ${terms.rate_type}, price = ${terms.price}, price_unit = ${terms.price_unit},
        cap_per_horse = ${terms.cap_per_horse}, usdot_number = ${terms.usdot_number}, mc_number = ${terms.mc_number},
        insurance_expires_on = ${terms.insurance_expires_on},
        booking_mode = coalesce(${input.booking_mode ?? null}, booking_mode),
        visibility = coalesce(${input.visibility ?? null}, visibility),
        detour_km = coalesce(${input.detour_km ?? null}::smallint, detour_km),
        notes = coalesce(${input.notes ?? null}, notes), updated_at = ${now}
      where id = ${id}`);
  });
  return getOffer(ctx, viewer, id);
}

/**
 * DELETE /haul/offers/{id}: closes it (kept for its bookings' history); its live bookings are cancelled by the
 * bookings module (`cancelBookingsOfOffer`) in the same transaction.
 */
export async function closeOffer(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const now = nowOf(ctx);
  const after = await ctx.db.transaction(async (tx) => {
    const before = await lockOwnOffer(tx, viewer.user.id, id);
    if (before.closed) return null;
    await tx.execute(sql`update haul_offers set closed_at = ${now}, updated_at = ${now} where id = ${id}`);
    return cancelBookingsOfOffer(ctx, tx, id, OFFER_CLOSED_REASON);
  });
  await after?.();
}
