import { type MyHaulsResponse, TRANSPORT_RATE_TYPE } from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { selectRows } from '../../db/sql.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { bookingsOfMember } from './bookings.service.ts';
import { type RequestRow, toHaulOffer, toHaulRequest } from './haul.mapper.ts';
import { requestColumns, requestJoins } from './hauling.queries.ts';
import { type OfferRow, offerColumns, offerJoins } from './offers.queries.ts';

/** My offers and requests listed: the newest this many of each. */
export const MY_HAULS_MAX = 100;

/**
 * GET /me/hauls: my offers and requests (open ones first, then by departure, newest last), my bookings as a
 * rider and those on my offers (the bookings module's), and the rate type onboarding's transport answer suggests.
 */
export async function myHauls(ctx: AppContext, viewer: Viewer): Promise<MyHaulsResponse> {
  const me = viewer.user.id;
  const [offerRows, requestRows, booked] = await Promise.all([
    selectRows<OfferRow>(
      ctx.db,
      sql`select ${offerColumns(me, false)} from haul_offers o ${offerJoins}
        where o.driver_id = ${me}
        order by (o.closed_at is null and o.arrive_by > now()) desc, o.depart_from desc, o.id desc
        limit ${sql.raw(String(MY_HAULS_MAX))}`,
    ),
    selectRows<RequestRow>(
      ctx.db,
      sql`select ${requestColumns(false)} from haul_requests r ${requestJoins}
        where r.rider_id = ${me}
        order by (r.closed_at is null and r.depart_until > now()) desc, r.depart_from desc, r.id desc
        limit ${sql.raw(String(MY_HAULS_MAX))}`,
    ),
    bookingsOfMember(ctx, me),
  ]);
  const transport = viewer.user.transportId;
  return {
    offers: offerRows.map((row) => toHaulOffer(row, me)),
    requests: requestRows.map((row) => toHaulRequest(row, me)),
    bookings: booked.bookings,
    driving: booked.driving,
    suggested_rate_type: transport === null ? null : (TRANSPORT_RATE_TYPE[transport] ?? null),
  };
}
