import type { HaulOffer, HaulRequest, Place } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx, utcText } from '../../db/sql.ts';
import { visibleTo } from '../items/items.policy.ts';
import { type RequestRow, toHaulOffer, toHaulRequest } from './haul.mapper.ts';
import { haulVisibleTo } from './haul.policy.ts';
import {
  distanceKm,
  eventJson,
  memberJson,
  type OfferRow,
  offerColumns,
  offerJoins,
  placeJson,
} from './offers.queries.ts';

/** The most offers, and requests, one Hauling tab lists (an event's board is small; this bounds a hostile one). */
export const TAB_MAX = 100;

export interface TabFilters {
  near?: number;
  horses?: number;
  rate?: 'fill' | 'professional';
  date?: string;
}

/** An open offer or request of `alias` touches the day `date` (YYYY-MM-DD in the event's zone, `hed`). */
const touchesDay = (alias: string, date: string) => {
  const a = sql.raw(alias);
  return sql`${a}.depart_from < ((${date}::date + 1)::timestamp at time zone hed.time_zone)
    and ${a}.depart_until >= (${date}::date::timestamp at time zone hed.time_zone)`;
};

/** The viewer's friends going to (following) an event. */
export const friendsGoing = (viewerId: string, eventId: SQL) => sql`(select count(*)::int from event_follows gf
  join friendships gfr on gfr.user_id = ${viewerId} and gfr.friend_id = gf.user_id where gf.post_id = ${eventId})`;

/**
 * The Hauling tab's offers, with whether the event is visible to the viewer, the `near` place and the friends
 * going: one statement (a row per offer, or one row without an offer). Open offers (not closed; not removed by
 * a moderator, but to their driver; stalls free, arriving in the future) the viewer may see; with `near`, those whose detour through it is within
 * the driver's limit (an event without a place has no distances: all, by departure), least detour first.
 */
export async function selectTabOffers(db: Tx, viewerId: string, eventId: number, f: TabFilters, now: Date) {
  const near = f.near !== undefined;
  const detour = sql`(${distanceKm('op', 'np')} + ${distanceKm('np', 'hev')} - ${distanceKm('op', 'hev')})`;
  const filters: SQL[] = [
    sql`o.event_id = ${eventId}`,
    sql`o.closed_at is null and (o.removed_at is null or o.driver_id = ${viewerId}) and o.stalls_free > 0
      and o.arrive_by > ${now}`,
    haulVisibleTo(viewerId, sql`o.driver_id`, sql`o.visibility`),
  ];
  if (f.horses !== undefined) filters.push(sql`o.stalls_free >= ${f.horses}`);
  if (f.rate !== undefined) filters.push(sql`o.rate_type = ${f.rate}`);
  if (f.date !== undefined) filters.push(touchesDay('o', f.date));
  if (near) filters.push(sql`(hev.id is null or ${detour} <= o.detour_km)`);
  const rows = await selectRows<
    OfferRow & { visible: boolean; near_place: Place | null; tab_friends_going: number; id: string | null }
  >(
    db,
    sql`select ev.visible, ev.near_place, ev.tab_friends_going, off.*
      from (select exists (select 1 from posts p where p.id = ${eventId} and p.kind = 'event' and ${visibleTo(viewerId)})
          as visible,
        (select ${placeJson('npx')} from places npx where npx.id = ${f.near ?? null}::int) as near_place,
        ${friendsGoing(viewerId, sql`${eventId}::bigint`)} as tab_friends_going) ev
      left join lateral (
        select ${offerColumns(viewerId, near)} from haul_offers o ${offerJoins}
          ${near ? sql`join places np on np.id = ${f.near ?? null}::int` : sql``}
        where ev.visible and ${sql.join(filters, sql` and `)}
        order by ${near ? sql`case when hev.id is null then null else ${detour} end nulls last,` : sql``}
          o.depart_from, o.id
        limit ${sql.raw(String(TAB_MAX))}) off on true`,
  );
  const first = rows[0];
  const offers: HaulOffer[] = rows.flatMap((row) => (row.id === null ? [] : [toHaulOffer(row, viewerId)]));
  return {
    visible: first?.visible === true,
    near: first?.near_place ?? null,
    friendsGoing: Number(first?.tab_friends_going ?? 0),
    offers,
  };
}

/** The columns of a request `r` (its event `hp`, `hed`, `hev`, its origin `op`), with `np` the viewer's near. */
export function requestColumns(near: boolean) {
  return sql`r.id, r.rider_id, ${eventJson} as event, ${memberJson(sql`r.rider_id`)} as rider,
    ${placeJson('op')} as origin,
    ${utcText(sql`r.depart_from`, 's')} as depart_from, ${utcText(sql`r.depart_until`, 's')} as depart_until,
    r.horses, r.visibility, r.notes, ${near ? distanceKm('np', 'op') : sql`null::float8`} as distance_km,
    r.closed_at is not null as closed, ${utcText(sql`r.created_at`, 'ms')} as created_at`;
}

export const requestJoins = sql`join posts hp on hp.id = r.event_id
  join event_details hed on hed.post_id = r.event_id
  join places op on op.id = r.origin_place_id
  left join event_places hepl on hepl.post_id = r.event_id
  left join places hev on hev.id = hepl.place_id`;

/** The event's open requests the viewer may see: nearest `near` first, else by departure. One statement. */
export async function selectTabRequests(
  db: Tx,
  viewerId: string,
  eventId: number,
  f: TabFilters,
  now: Date,
): Promise<HaulRequest[]> {
  const near = f.near !== undefined;
  const filters: SQL[] = [
    sql`r.event_id = ${eventId}`,
    sql`r.closed_at is null and (r.removed_at is null or r.rider_id = ${viewerId}) and r.depart_until > ${now}`,
    haulVisibleTo(viewerId, sql`r.rider_id`, sql`r.visibility`),
  ];
  if (f.date !== undefined) filters.push(touchesDay('r', f.date));
  const rows = await selectRows<RequestRow>(
    db,
    sql`select ${requestColumns(near)} from haul_requests r ${requestJoins}
        ${near ? sql`join places np on np.id = ${f.near ?? null}::int` : sql``}
      where ${sql.join(filters, sql` and `)}
      order by ${near ? sql`${distanceKm('np', 'op')},` : sql``} r.depart_from, r.id
      limit ${sql.raw(String(TAB_MAX))}`,
  );
  return rows.map((row) => toHaulRequest(row, viewerId));
}
