import {
  type createHaulSavedSearchRequestSchema,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  type HaulSavedSearch,
} from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { selectRows } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { visibleTo } from '../items/items.policy.ts';
import { News, recordHaulNotice } from '../notifications/notifications.service.ts';
import { haulVisibleTo } from './haul.policy.ts';
import { distanceKm, eventJson, placeJson } from './offers.queries.ts';

const M = HAUL_MESSAGES;
export type CreateSavedSearch = z.output<typeof createHaulSavedSearchRequestSchema>;

interface SavedRow {
  id: string;
  event: HaulSavedSearch['event'] | null;
  near: HaulSavedSearch['near'];
  horses: number;
  rate_type: HaulSavedSearch['rate_type'];
  created_at: string;
}

/** GET /haul/saved-searches: the member's own, newest first (an event they may no longer see shows as none). */
export async function listSavedSearches(ctx: AppContext, viewer: Viewer): Promise<HaulSavedSearch[]> {
  const rows = await selectRows<SavedRow>(
    ctx.db,
    sql`select s.id, (select ${eventJson} from posts hp join event_details hed on hed.post_id = hp.id
          left join event_places hepl on hepl.post_id = hp.id left join places hev on hev.id = hepl.place_id
          where hp.id = s.event_id and ${visibleTo(viewer.user.id, 'hp')}) as event,
        ${placeJson('np')} as near, s.horses, s.rate_type,
        to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from haul_saved_searches s join places np on np.id = s.near_place_id
      where s.user_id = ${viewer.user.id} order by s.id desc`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    event: row.event ? { ...row.event, id: Number(row.event.id) } : null,
    near: row.near,
    horses: row.horses,
    rate_type: row.rate_type,
    created_at: row.created_at,
  }));
}

/** POST /haul/saved-searches: at most `savedSearchesPerMember`; the event (optional) must be one they see. */
export async function createSavedSearch(
  ctx: AppContext,
  viewer: Viewer,
  input: CreateSavedSearch,
): Promise<HaulSavedSearch> {
  const id = await ctx.db.transaction(async (tx) => {
    const [facts] = await selectRows<{ place: boolean; event: boolean; count: number }>(
      tx,
      sql`select exists (select 1 from places where id = ${input.near_place_id}) as place,
        ${
          input.event_id === undefined
            ? sql`true`
            : sql`exists (select 1 from posts p where p.id = ${input.event_id} and p.kind = 'event'
                and ${visibleTo(viewer.user.id)})`
        } as event,
        (select count(*)::int from haul_saved_searches where user_id = ${viewer.user.id}) as count`,
    );
    if (!facts?.place) throw new AppError(422, M.placeNotFound, { near_place_id: [M.placeNotFound] });
    if (!facts.event) throw new AppError(404, M.eventNotFound, { event_id: [M.eventNotFound] });
    if (facts.count >= HAUL_LIMITS.savedSearchesPerMember) throw new AppError(409, M.tooManySavedSearches);
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`insert into haul_saved_searches (user_id, event_id, near_place_id, horses, rate_type)
        values (${viewer.user.id}, ${input.event_id ?? null}, ${input.near_place_id}, ${input.horses},
          ${input.rate_type ?? null}) returning id`,
    );
    return Number(row?.id);
  });
  const saved = (await listSavedSearches(ctx, viewer)).find((search) => search.id === id);
  if (!saved) throw new AppError(404, M.notFound);
  return saved;
}

export async function deleteSavedSearch(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const rows = await selectRows<{ id: string }>(
    ctx.db,
    sql`delete from haul_saved_searches where id = ${id} and user_id = ${viewer.user.id} returning id`,
  );
  if (rows.length === 0) throw new AppError(404, M.notFound);
}

/**
 * After offers are created: the owners of saved searches they fit get a `haul_match` notification (about the
 * offer's event). A search fits an open offer when its event is the offer's (or none), its place is within the
 * offer's detour (origin → near → event, less origin → event), the offer has its horses' stalls free, its rate
 * type matches (or none), its owner is not the driver and may see the offer and its event.
 */
export async function notifySavedSearches(ctx: AppContext, offerIds: number[]): Promise<void> {
  if (offerIds.length === 0) return;
  const rows = await selectRows<{ user_id: string; offer_id: string; event_id: string; driver_id: string }>(
    ctx.db,
    sql`select distinct s.user_id, o.id as offer_id, o.event_id, o.driver_id
      from haul_offers o
      join places op on op.id = o.origin_place_id
      join event_places hepl on hepl.post_id = o.event_id
      join places hev on hev.id = hepl.place_id
      join haul_saved_searches s on (s.event_id is null or s.event_id = o.event_id)
      join places np on np.id = s.near_place_id
      join posts p on p.id = o.event_id
      where o.id = any(${`{${offerIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])
        and o.closed_at is null and o.removed_at is null
        and s.user_id <> o.driver_id and s.horses <= o.stalls_free
        and (s.rate_type is null or s.rate_type = o.rate_type)
        and ${distanceKm('op', 'np')} + ${distanceKm('np', 'hev')} - ${distanceKm('op', 'hev')} <= o.detour_km
        and ${haulVisibleTo(sql`s.user_id`, sql`o.driver_id`, sql`o.visibility`)}
        and ${visibleTo(sql`s.user_id`)}
      order by o.id, s.user_id`,
  );
  if (rows.length === 0) return;
  const news = new News();
  const at = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    for (const row of rows)
      await recordHaulNotice(tx, news, {
        kind: 'haul_match',
        userId: row.user_id,
        actorId: row.driver_id,
        eventId: Number(row.event_id),
        offerId: Number(row.offer_id),
        at,
      });
  });
  await news.send(ctx);
}
