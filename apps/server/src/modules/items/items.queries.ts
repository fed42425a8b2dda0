import { sql } from 'drizzle-orm';
import { preparedStatement, type Tx } from '../../db/sql.ts';
import { type HydratedRow, hydrated } from './items.hydrate.ts';
import { visibleTo } from './items.policy.ts';

const itemsById = preparedStatement<{ viewer: string; ids: string }, HydratedRow>(({ viewer, ids }) =>
  hydrated(
    viewer,
    sql`select t.id, null::text as sort_date, t.ord, 0 as found
        from unnest(${ids}::bigint[]) with ordinality as t(id, ord)`,
    { checkVisible: true },
  ),
);

/** Hydrated items for a set of ids, in the order asked, without what the viewer may not see: one statement. */
export async function selectItemsById(db: Tx, viewerId: string, ids: number[]): Promise<HydratedRow[]> {
  if (ids.length === 0) return [];
  return itemsById(db, { viewer: viewerId, ids: `{${ids.join(',')}}` });
}

export interface VisibleItem {
  id: number;
  userId: string;
  kind: 'post' | 'event' | 'share';
  sharedPostId: number | null;
}

const visibleItem = preparedStatement<
  { viewer: string; id: number },
  { id: string; user_id: string; kind: VisibleItem['kind']; shared_post_id: string | null }
>(
  ({ viewer, id }) =>
    sql`select p.id, p.user_id, p.kind, p.shared_post_id from posts p where p.id = ${id} and ${visibleTo(viewer)}`,
);

/** The item if the viewer may see it, else null (the caller answers 404 either way). */
export async function selectVisibleItem(db: Tx, viewerId: string, id: number): Promise<VisibleItem | null> {
  const [row] = await visibleItem(db, { viewer: viewerId, id });
  return row
    ? {
        id: Number(row.id),
        userId: row.user_id,
        kind: row.kind,
        sharedPostId: row.shared_post_id ? Number(row.shared_post_id) : null,
      }
    : null;
}
