import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { selectRows } from '../db/sql.ts';

const HOUR = 3_600_000;

interface DemoEvent {
  id: string;
  place_id: number | null;
  performance_id: string;
  starts_at: string;
}

/** The offers the demo shows: by member index, to the n-th upcoming event, with their terms. */
const OFFERS = [
  {
    member: 1,
    event: 0,
    rate: 'fill',
    mode: 'request',
    visibility: 'everyone',
    stalls: 3,
    price: 60,
    notes: 'Slant load, hay net per horse. Leaving early to beat the wind.',
  },
  {
    member: 2,
    event: 0,
    rate: 'professional',
    mode: 'instant',
    visibility: 'everyone',
    stalls: 6,
    price: 250,
    notes: 'Commercial hauler, air-ride, cameras in every stall.',
  },
  {
    member: 3,
    event: 1,
    rate: 'fill',
    mode: 'request',
    visibility: 'friends',
    stalls: 2,
    price: 40,
    notes: 'Friends only: room for two and a saddle each.',
  },
  {
    member: 4,
    event: 1,
    rate: 'fill',
    mode: 'instant',
    visibility: 'everyone',
    stalls: 2,
    price: 50,
    notes: 'Instant booking, pickup along I-25.',
  },
  {
    member: 5,
    event: 2,
    rate: 'fill',
    mode: 'request',
    visibility: 'friends_of_friends',
    stalls: 4,
    price: 45,
    notes: '',
  },
] as const;

const REQUESTS = [
  { member: 6, event: 0, horses: 2, notes: 'Two geldings, easy loaders.' },
  { member: 2, event: 1, horses: 1, notes: 'One barrel horse, can split fuel.' },
] as const;

/**
 * The hauling board's demo (docs/decisions/030-hauling-board.md): offers and requests on the demo's upcoming
 * events from demo members, one professional, one friends-only, one instant, so the Hauling tab shows something
 * on first start. Each event is put on its place from its location ('Cheyenne, WY') when it has none; origins
 * are real places 100–250 km away. Nothing when the gazetteer is empty or the board has offers already (a rerun).
 */
export async function seedDemoHauls(ctx: AppContext, memberIds: string[]): Promise<void> {
  const [state] = await selectRows<{ places: boolean; offers: boolean }>(
    ctx.db,
    sql`select exists (select 1 from places) as places, exists (select 1 from haul_offers) as offers`,
  );
  if (!state?.places || state.offers || memberIds.length === 0) return;
  const now = ctx.clock.now();
  // Upcoming public events, placed from their location where the events module left them unplaced.
  await ctx.db.execute(sql`insert into event_places (post_id, place_id)
    select p.id, (select pl.id from places pl
        where lower(pl.name) = lower(trim(split_part(ed.location, ',', 1)))
          and pl.region_code = upper(trim(split_part(ed.location, ',', 2)))
        order by pl.id limit 1)
    from posts p join event_details ed on ed.post_id = p.id
    where p.kind = 'event' and p.deleted_at is null and ed.to_date > ${new Date(now)}
      and not exists (select 1 from event_places e where e.post_id = p.id)
      and exists (select 1 from places pl where lower(pl.name) = lower(trim(split_part(ed.location, ',', 1)))
        and pl.region_code = upper(trim(split_part(ed.location, ',', 2))))
    on conflict do nothing`);
  const events = await selectRows<DemoEvent>(
    ctx.db,
    sql`select p.id, epl.place_id, perf.id as performance_id, perf.starts_at
      from posts p join event_details ed on ed.post_id = p.id
      join event_places epl on epl.post_id = p.id
      join lateral (select ep.id, ep.starts_at from event_performances ep
        where ep.post_id = p.id and ep.starts_at > ${new Date(now + 36 * HOUR)} order by ep.starts_at limit 1) perf on true
      where p.kind = 'event' and p.deleted_at is null and ed.cancelled_at is null and not ed.is_private
      order by ed.from_date, p.id limit 3`,
  );
  const member = (index: number) => memberIds[index % memberIds.length] as string;
  /** A town 100–250 km from the event (the k-th such, so drivers leave from different places). */
  const originNear = async (event: DemoEvent, k: number) => {
    const [row] = await selectRows<{ id: number }>(
      ctx.db,
      sql`select o.id from places o, places e where e.id = ${event.place_id}
          and o.region_code = e.region_code and o.id <> e.id
          and earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(e.latitude, e.longitude))
            between 100000 and 250000
        order by o.id limit 1 offset ${k}`,
    );
    return row?.id ?? event.place_id;
  };
  for (const [k, offer] of OFFERS.entries()) {
    const event = events[offer.event];
    if (!event || event.place_id === null) continue;
    const arriveBy = new Date(event.starts_at);
    const origin = await originNear(event, k);
    const professional = offer.rate === 'professional';
    await ctx.db.execute(sql`insert into haul_offers (driver_id, event_id, origin_place_id, depart_from, depart_until,
        arrive_performance_id, arrive_by, stalls_total, stalls_free, stall_kind, seats, tack_room, rate_type, price,
        price_unit, cap_per_horse, usdot_number, insurance_expires_on, booking_mode, visibility, detour_km, notes)
      values (${member(offer.member)}, ${event.id}, ${origin}, ${new Date(arriveBy.getTime() - 30 * HOUR)},
        ${new Date(arriveBy.getTime() - 26 * HOUR)}, ${event.performance_id}, ${arriveBy}, ${offer.stalls},
        ${offer.stalls}, ${professional ? 'box' : 'slant'}, 1, true, ${offer.rate}, ${offer.price},
        ${professional ? 'trip' : 'horse'}, ${professional ? null : offer.price + 20},
        ${professional ? '2841736' : null}, ${professional ? new Date(now + 365 * 24 * HOUR).toISOString().slice(0, 10) : null},
        ${offer.mode}, ${offer.visibility}, 80, ${offer.notes})`);
  }
  for (const [k, request] of REQUESTS.entries()) {
    const event = events[request.event];
    if (!event || event.place_id === null) continue;
    const arriveBy = new Date(event.starts_at).getTime();
    await ctx.db.execute(sql`insert into haul_requests (rider_id, event_id, origin_place_id, depart_from,
        depart_until, horses, visibility, notes)
      values (${member(request.member)}, ${event.id}, ${await originNear(event, k + 3)},
        ${new Date(arriveBy - 34 * HOUR)}, ${new Date(arriveBy - 24 * HOUR)}, ${request.horses}, 'everyone',
        ${request.notes})`);
  }
}
