import type { HaulMember, HaulOffer } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx, utcText } from '../../db/sql.ts';
import { toHaulMember, toHaulOffer } from './haul.mapper.ts';
import { haulRecordJson } from './haul-record.ts';

/*
 * Reading offers (docs/decisions/030-hauling-board.md). The pieces below are SQL fragments shared by every
 * statement that answers an offer (by ids, an event's Hauling tab, my hauls), so each answer is one statement.
 */

/** A place of the gazetteer (alias of a `places` row) as the contract's placeSchema, or null. */
export const placeJson = (alias: string): SQL => {
  const a = sql.raw(alias);
  return sql`case when ${a}.id is null then null else json_build_object('id', ${a}.id, 'name', ${a}.name,
    'region', ${a}.region, 'region_code', ${a}.region_code, 'country', ${a}.country,
    'latitude', ${a}.latitude, 'longitude', ${a}.longitude) end`;
};

/** Great-circle distance in km between two places (aliases), null when either is missing. */
export const distanceKm = (a: string, b: string): SQL =>
  sql`(earth_distance(ll_to_earth(${sql.raw(a)}.latitude, ${sql.raw(a)}.longitude),
    ll_to_earth(${sql.raw(b)}.latitude, ${sql.raw(b)}.longitude)) / 1000.0)`;

/** A member as the board shows them (haulMemberSchema): who they are, a verified phone, their hauling record. */
export const memberJson = (userId: SQL): SQL => sql`(select jsonb_build_object('id', mu.id,
    'first_name', mu.first_name, 'last_name', mu.last_name, 'avatar', mu.image,
    'phone_verified', mu.phone_number_verified) || ${haulRecordJson(sql`mu.id`)}
  from users mu where mu.id = ${userId})`;

/**
 * The event an offer or request goes to (alias `hp` of posts, `hed` of event_details, `hev` of its place), as
 * haulEventSchema.
 */
export const eventJson = sql`json_build_object('id', hp.id, 'title', coalesce(hp.title, ''),
  'from_date', ${utcText(sql`hed.from_date`, 's')}, 'to_date', ${utcText(sql`hed.to_date`, 's')},
  'time_zone', hed.time_zone, 'location', hed.location, 'place', ${placeJson('hev')},
  'is_cancelled', hed.cancelled_at is not null)`;

/** An offer's row as the statements answer it (toHaulOffer maps it). */
export interface OfferRow {
  id: string;
  run_id: string | null;
  driver_id: string;
  event: HaulOffer['event'];
  driver: Omit<HaulMember, 'rating'> & { rating: number | string | null };
  origin: HaulOffer['origin'];
  depart_from: string;
  depart_until: string;
  arrive_performance: HaulOffer['arrive_performance'];
  arrive_by: string;
  stalls_total: number;
  stalls_free: number;
  stall_kind: HaulOffer['stall_kind'];
  seats: number;
  tack_room: boolean;
  rate_type: HaulOffer['rate_type'];
  price: number;
  price_unit: HaulOffer['price_unit'];
  cap_per_horse: number | null;
  usdot_number: string | null;
  mc_number: string | null;
  insurance_expires_on: string | null;
  booking_mode: HaulOffer['booking_mode'];
  visibility: HaulOffer['visibility'];
  detour_km: number;
  notes: string;
  distance_km: number | null;
  fit_detour_km: number | null;
  friends_going: number;
  my_booking: { id: number | string; status: NonNullable<HaulOffer['my_booking']>['status'] } | null;
  closed: boolean;
  created_at: string;
}

/**
 * The columns of an offer `o` for the viewer: its event (`hp`, `hed`, `hev`), origin (`op`), performance
 * (`perf`) and, with `near`, the place `np` to measure the detour through.
 */
export function offerColumns(viewerId: string, near: boolean): SQL {
  const detour = near
    ? sql`case when hev.id is null then null
        else ${distanceKm('op', 'np')} + ${distanceKm('np', 'hev')} - ${distanceKm('op', 'hev')} end`
    : sql`null::float8`;
  return sql`o.id, o.run_id, o.driver_id, ${eventJson} as event, ${memberJson(sql`o.driver_id`)} as driver,
    ${placeJson('op')} as origin,
    ${utcText(sql`o.depart_from`, 's')} as depart_from, ${utcText(sql`o.depart_until`, 's')} as depart_until,
    case when perf.id is null then null else json_build_object('id', perf.id, 'name', perf.name,
      'starts_at', ${utcText(sql`perf.starts_at`, 's')}) end as arrive_performance,
    ${utcText(sql`o.arrive_by`, 's')} as arrive_by, o.stalls_total, o.stalls_free, o.stall_kind, o.seats,
    o.tack_room, o.rate_type, o.price, o.price_unit, o.cap_per_horse, o.usdot_number, o.mc_number,
    to_char(o.insurance_expires_on, 'YYYY-MM-DD') as insurance_expires_on, o.booking_mode, o.visibility,
    o.detour_km, o.notes,
    case when hev.id is null then null else ${distanceKm('op', 'hev')} end as distance_km,
    ${detour} as fit_detour_km,
    (select count(*)::int from event_follows hf
      join friendships hfr on hfr.user_id = ${viewerId} and hfr.friend_id = hf.user_id
      where hf.post_id = o.event_id) as friends_going,
    (select json_build_object('id', hb.id, 'status', hb.status) from haul_bookings hb
      where hb.offer_id = o.id and hb.rider_id = ${viewerId} and hb.status in ('requested', 'confirmed')
      order by hb.id desc limit 1) as my_booking,
    o.closed_at is not null as closed, ${utcText(sql`o.created_at`, 'ms')} as created_at`;
}

/** The joins `offerColumns` reads, from `haul_offers o`. */
export const offerJoins = sql`join posts hp on hp.id = o.event_id
  join event_details hed on hed.post_id = o.event_id
  join places op on op.id = o.origin_place_id
  left join event_places hepl on hepl.post_id = o.event_id
  left join places hev on hev.id = hepl.place_id
  left join event_performances perf on perf.id = o.arrive_performance_id`;

/** Offers by id as `viewerId` sees them (is_mine, my_booking, friends_going). No visibility filter: callers check. */
export async function offersByIds(db: Tx, viewerId: string, ids: number[]): Promise<Map<number, HaulOffer>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<OfferRow>(
    db,
    sql`select ${offerColumns(viewerId, false)} from haul_offers o ${offerJoins}
      where o.id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`,
  );
  return new Map(rows.map((row) => [Number(row.id), toHaulOffer(row, viewerId)]));
}

/** Members' hauling stats by id (haulMemberSchema), one statement. */
export async function haulMembersByIds(db: Tx, ids: string[]): Promise<Map<string, HaulMember>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ member: OfferRow['driver'] }>(
    db,
    sql`select ${memberJson(sql`u.id`)} as member from users u where u.id = any(${toTextArray(ids)}::text[])`,
  );
  return new Map(rows.map((row) => [row.member.id, toHaulMember(row.member)]));
}

/** A JS array as a PostgreSQL array literal (values quoted), for `= any(...)`. */
export function toTextArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
