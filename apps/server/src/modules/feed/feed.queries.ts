import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { visibleFromKnownAuthor, visibleTo } from '../posts/posts.policy.ts';

export interface PageEntry {
  id: number;
  sortDate: string;
}

/**
 * From this many friends on, walk the time index backwards; below it, one ordered walk per friend.
 * Measured at 1,000,000 posts (bench/, EXPLAIN ANALYZE): the backward walk takes 2-3 ms for 194 and
 * 1,299 friends but 252 ms for 5 quiet friends, while the per-friend walks cost about 0.06 ms a
 * friend (4 ms for 5, 13 ms for 194, 79 ms for 1,299) whatever the table's size.
 */
export const MANY_FRIENDS = 100;

const sortDateText = sql`to_char(p.sort_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Public events that match the viewer's event types or associations (architecture "Home timeline"). */
const matchesInterests = (viewerId: string) => sql`(p.kind = 'event' and (
  exists (select 1 from event_event_types eet join user_event_types uet on uet.event_type_id = eet.event_type_id
          where eet.post_id = p.id and uet.user_id = ${viewerId})
  or exists (select 1 from event_associations ea join user_associations ua on ua.association_id = ea.association_id
             where ea.post_id = p.id and ua.user_id = ${viewerId})))`;

/**
 * The time indexes are `(sort_date desc nulls last, id desc nulls last)` (Drizzle's desc()); a bare
 * `desc` means nulls first and would not match them, so Postgres would read every row of an author
 * and sort. Spelled out, each walk reads the index in order and stops after a page.
 */
const newestFirst = sql`p.sort_date desc nulls last, p.id desc nulls last`;

const before = (cursor: { at: string; id: number } | null): SQL =>
  cursor ? sql`and (p.sort_date, p.id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``;

/**
 * The ids of one timeline page for viewer V, newest first by (sort_date, id): items by V and V's
 * friends, and public events matching V's interests, never anything V may not see. The plan depends
 * on the viewer (docs/decisions/006-timeline-query.md): with many friends, walk the time index
 * backwards and keep the rows of friends; with few (or quiet) friends, take each friend's newest rows
 * before the cursor through the per-author index and merge them, so a sparse viewer never scans the
 * whole table.
 */
export type TimelinePlan = 'auto' | 'scan' | 'per-friend';

export async function timelinePageIds(
  db: Database,
  viewerId: string,
  cursor: { at: string; id: number } | null,
  limit: number,
  { offset = 0, plan = 'auto' }: { offset?: number; plan?: TimelinePlan } = {},
): Promise<PageEntry[]> {
  const scan =
    plan === 'scan' || offset > 0 || (plan === 'auto' && (await friendCountOf(db, viewerId)) >= MANY_FRIENDS);
  const take = limit + offset;
  // Items by the viewer and friends: one backward walk of the time index, or one walk per author.
  const people = scan
    ? sql`
      select p.id, ${sortDateText} as sort_date, p.sort_date as raw_date from posts p
      where p.deleted_at is null ${before(cursor)}
        and (p.user_id = ${viewerId} or p.user_id in (select friend_id from friendships where user_id = ${viewerId}))
        and ${visibleTo(viewerId)}
      order by ${newestFirst} limit ${take}`
    : sql`
      select x.id, x.sort_date, x.raw_date from (
        select ${viewerId}::text as author
        union all
        select f.friend_id from friendships f join users u on u.id = f.friend_id and u.deleted_at is null
        where f.user_id = ${viewerId}) authors
      cross join lateral (
        select p.id, ${sortDateText} as sort_date, p.sort_date as raw_date from posts p
        where p.user_id = authors.author ${before(cursor)} and ${visibleFromKnownAuthor(viewerId)}
        order by ${newestFirst} limit ${take}) x`;
  // Public events matching the viewer's interests, through the events-only index.
  const events = sql`
    select p.id, ${sortDateText} as sort_date, p.sort_date as raw_date from posts p
    where p.kind = 'event' and p.deleted_at is null ${before(cursor)} and ${matchesInterests(viewerId)} and ${visibleTo(viewerId)}
    order by ${newestFirst} limit ${take}`;
  const query = sql`
    select id, sort_date from ((${people}) union (${events})) merged
    order by raw_date desc, id desc limit ${limit} offset ${offset}`;
  const rows = ((await db.execute(query)) as unknown as { rows: { id: string; sort_date: string }[] }).rows;
  return rows.map((row) => ({ id: Number(row.id), sortDate: row.sort_date }));
}

async function friendCountOf(db: Database, viewerId: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from friendships where user_id = ${viewerId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
