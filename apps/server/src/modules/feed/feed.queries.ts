import { type SQL, sql } from 'drizzle-orm';
import { literal, type Param, type Placeholders, preparedStatements, type Tx, utcText } from '../../db/sql.ts';
import type { Keyset } from '../../lib/keyset.ts';
import { type HydratedRow, hydrated } from '../items/items.hydrate.ts';
import { authorShown, notMuted, notMutedItem, visibleFromKnownAuthor, visibleTo } from '../items/items.policy.ts';

/**
 * From this many friends on, walk the time index backwards; below it, one ordered walk per friend.
 * Measured at 1,000,000 posts (bench/, EXPLAIN ANALYZE): the backward walk takes 2-3 ms for 194 and
 * 1,299 friends but 252 ms for 5 quiet friends, while the per-friend walks cost about 0.06 ms a
 * friend (4 ms for 5, 13 ms for 194, 79 ms for 1,299) whatever the table's size.
 */
export const MANY_FRIENDS = 100;

/** 'auto' lets the statement choose by friend count; the others force a plan (benchmarks, tests). */
export type TimelinePlan = 'auto' | 'scan' | 'per-friend';

const sortDate = utcText(sql`p.sort_date`);

/**
 * The time indexes are `(sort_date desc nulls last, id desc nulls last)` (Drizzle's desc()); a bare
 * `desc` means nulls first and would not match them, so Postgres would read every row of an author
 * and sort. Spelled out, each walk reads the index in order and stops after a page.
 */
const newestFirst = sql`p.sort_date desc nulls last, p.id desc nulls last`;

const before = (cursor: { at: Param<string>; id: Param<number> } | null): SQL =>
  cursor ? sql`and (p.sort_date, p.id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``;

interface PageValues extends Record<string, unknown> {
  viewer: string;
  at: string;
  id: number;
  offset: number;
}
type Shape = { plan: TimelinePlan; withCursor: boolean; size: number; legacyOffset: boolean };

/**
 * The page statement of one shape, its values as placeholders. The page size is written in: a generic
 * plan must know that a page is a handful of rows.
 */
function buildPage({ plan, withCursor, size, legacyOffset }: Shape, v: Placeholders<PageValues>): SQL {
  const cursor = withCursor ? { at: v.at, id: v.id } : null;
  // Each walk takes one row more than a page (does another page exist?), and the rows skipped by ?page=.
  const take = legacyOffset ? sql`${literal(size + 1)} + ${v.offset}::int` : literal(size + 1);
  // Items by the viewer and friends: one backward walk of the time index …
  const scan = sql`
    select p.id, p.sort_date from posts p
    where p.deleted_at is null ${before(cursor)}
      and (p.user_id = ${v.viewer} or p.user_id in (select friend_id from friendships where user_id = ${v.viewer}))
      and ${visibleTo(v.viewer)} and ${notMutedItem(v.viewer)}
    order by ${newestFirst} limit ${take}`;
  // … or one walk per author, its authors (the viewer and friends shown to them, unmuted) checked once,
  // outside the walks: a muted or suspended friend who posts a lot would otherwise be read to the end.
  const perFriend = sql`
    select x.id, x.sort_date from (
      select u.id as author from users u where u.id = ${v.viewer} and ${authorShown(v.viewer)}
      union all
      select f.friend_id from friendships f join users u on u.id = f.friend_id
      where f.user_id = ${v.viewer} and ${authorShown(v.viewer)} and ${notMuted(v.viewer, sql`u.id`)}) authors
    cross join lateral (
      select p.id, p.sort_date from posts p
      where p.user_id = authors.author ${before(cursor)} and ${visibleFromKnownAuthor(v.viewer)}
        and ${notMutedItem(v.viewer)}
      order by ${newestFirst} limit ${take}) x`;
  const manyFriends = sql`(select count(*) from friendships where user_id = ${v.viewer}) >= ${literal(MANY_FRIENDS)}`;
  const people = {
    scan,
    'per-friend': perFriend,
    auto: sql`select * from (${scan}) s where ${manyFriends} union all select * from (${perFriend}) f where not ${manyFriends}`,
  }[plan];
  // Public events matching the viewer's interests: for each of their event types and associations, the newest
  // events it names the viewer may see, in order on its own index (event_event_types and event_associations
  // carry the event's sort_date): what a walk of every event stopped at only when enough matched, and a viewer
  // whose interests few events share walked them all (docs/decisions/031-lists-at-scale.md).
  const interest = (table: string, column: string, mine: SQL) => {
    const ve = sql.raw(table);
    return sql`
      select t.post_id as id, t.sort_date from (${mine}) i(id)
      cross join lateral (
        select ie.post_id, ie.sort_date from ${ve} ie join posts p on p.id = ie.post_id
        where ie.${sql.raw(column)} = i.id
          ${cursor ? sql`and (ie.sort_date, ie.post_id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
          and p.kind = 'event' and p.deleted_at is null and ${visibleTo(v.viewer)} and ${notMutedItem(v.viewer)}
        order by ie.sort_date desc nulls last, ie.post_id desc nulls last limit ${take}) t`;
  };
  const events = sql`
    ${interest('event_event_types', 'event_type_id', sql`select event_type_id from user_event_types where user_id = ${v.viewer}`)}
    union
    ${interest('event_associations', 'association_id', sql`select association_id from user_associations where user_id = ${v.viewer}`)}`;
  const page = sql`
    select id, ${sortDate} as sort_date, row_number() over (order by p.sort_date desc, p.id desc) as ord,
      count(*) over () as found
    from (
      select id, sort_date from ((${people}) union (${events})) merged
      order by sort_date desc, id desc limit ${literal(size + 1)} ${legacyOffset ? sql`offset ${v.offset}` : sql``}) p`;
  return hydrated(v.viewer, page, { limit: literal(size), checkVisible: false });
}

// ?page= (OFFSET, for old clients) is planned on each run with its values: how far it reaches decides the plan.
const pageStatement = preparedStatements<Shape, PageValues, HydratedRow>(buildPage, (shape) => ({
  named: !shape.legacyOffset,
}));

/**
 * One timeline page for viewer V as one statement: the page's ids, newest first by (sort_date, id) (items
 * by V and V's friends, public events matching V's interests, never anything V may not see nor anything
 * by a member V muted, or sharing theirs), hydrated.
 * The plan depends on the viewer (docs/decisions/006-timeline-query.md): with many friends, walk the time
 * index backwards and keep the rows of friends; with few (or quiet) friends, take each friend's newest
 * rows through the per-author index and merge them. In 'auto' both walks are in the statement behind
 * one-time filters on V's friend count, so PostgreSQL runs only one of them and no statement is spent on
 * counting. `?page=` (OFFSET) always walks the time index. Answers up to `size` rows; `found` says
 * whether there was one more.
 */
export function selectTimelinePage(
  db: Tx,
  viewerId: string,
  cursor: Keyset | null,
  size: number,
  { offset = 0, plan = 'auto' }: { offset?: number; plan?: TimelinePlan } = {},
): Promise<HydratedRow[]> {
  const legacyOffset = offset > 0;
  const shape: Shape = { plan: legacyOffset ? 'scan' : plan, withCursor: cursor !== null, size, legacyOffset };
  return pageStatement(shape)(db, { viewer: viewerId, at: cursor?.at ?? '', id: cursor?.id ?? 0, offset });
}
