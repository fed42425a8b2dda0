import { type createHaulRequestRequestSchema, HAUL_LIMITS, HAUL_MESSAGES, type HaulRequest } from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { selectRows, type Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { type RequestRow, toHaulRequest } from './haul.mapper.ts';
import { requestColumns, requestJoins } from './hauling.queries.ts';
import { checkEvent, haulNotFound, openCount, placeExists, refuse, selectLegEvent } from './offers.service.ts';

const M = HAUL_MESSAGES;
export type CreateRequest = z.output<typeof createHaulRequestRequestSchema>;

/** Requests by id as the viewer sees them (no visibility filter: callers check). */
export async function requestsByIds(db: Tx, viewerId: string, ids: number[]): Promise<HaulRequest[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<RequestRow>(
    db,
    sql`select ${requestColumns(false)} from haul_requests r ${requestJoins}
      where r.id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]) order by r.id`,
  );
  return rows.map((row) => toHaulRequest(row, viewerId));
}

/** POST /haul/requests: to an upcoming event the rider sees, from a known place, leaving in the future. */
export async function createRequest(ctx: AppContext, viewer: Viewer, input: CreateRequest): Promise<HaulRequest> {
  const now = new Date(ctx.clock.now());
  const from = new Date(input.depart_from);
  const until = new Date(input.depart_until);
  if (from.getTime() <= now.getTime()) throw refuse('depart_from', M.departurePast);
  if (until.getTime() <= from.getTime()) throw refuse('depart_until', M.departureOrder);
  await ctx.limiter.consume(['contentPerMember', viewer.user.id]);
  const id = await ctx.db.transaction(async (tx) => {
    const event = checkEvent(await selectLegEvent(tx, viewer.user.id, input.event_id, null), now);
    // A ride that leaves once the event is over is no ride to it.
    if (from.getTime() >= new Date(event.to_date).getTime()) throw refuse('depart_from', M.requestAfterEvent);
    if (!(await placeExists(tx, input.origin_place_id))) throw refuse('origin_place_id', M.placeNotFound);
    if (await hasOpenRequest(tx, viewer.user.id, input.event_id)) throw new AppError(409, M.requestAlreadyOpen);
    if ((await openCount(tx, viewer.user.id)) + 1 > HAUL_LIMITS.openPerMember) throw new AppError(409, M.tooManyOpen);
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`insert into haul_requests (rider_id, event_id, origin_place_id, depart_from, depart_until, horses,
          visibility, notes, created_at, updated_at)
        values (${viewer.user.id}, ${input.event_id}, ${input.origin_place_id}, ${from}, ${until}, ${input.horses},
          ${input.visibility}, ${input.notes}, ${now}, ${now})
        returning id`,
    );
    return Number(row?.id);
  });
  const [request] = await requestsByIds(ctx.db, viewer.user.id, [id]);
  if (!request) throw haulNotFound();
  return request;
}

/** Whether the rider has an open request to the event already (one a rider and event: edit by closing it). */
async function hasOpenRequest(tx: Tx, riderId: string, eventId: number): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`select id from haul_requests where rider_id = ${riderId} and event_id = ${eventId} and closed_at is null
      limit 1`,
  );
  return rows.length > 0;
}

/** DELETE /haul/requests/{id}: the rider closes their request (404 for anyone else). */
export async function closeRequest(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const now = new Date(ctx.clock.now());
  const rows = await selectRows<{ id: string }>(
    ctx.db,
    sql`update haul_requests set closed_at = coalesce(closed_at, ${now}), updated_at = ${now}
      where id = ${id} and rider_id = ${viewer.user.id} returning id`,
  );
  if (rows.length === 0) throw haulNotFound();
}
