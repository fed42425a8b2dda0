import { type SuggestedFriend, type UpcomingEvent, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { literal, preparedStatements, type Tx } from '../../db/sql.ts';
import { eventsNotEnded } from '../items/event-times.ts';
import { type HydratedRow, hydrated } from '../items/items.hydrate.ts';
import { matchesInterests, notBlocked, visibleTo } from '../items/items.policy.ts';

type ListValues = { viewer: string; now: string };
type ListShape = { limit: number };

const upcomingEvents = preparedStatements<ListShape, ListValues, UpcomingEvent & { id: string }>(
  ({ limit }, { viewer, now }) => sql`
      select p.id, coalesce(p.title, '') as title,
        to_char(ed.from_date at time zone 'UTC', 'YYYY-MM-DD') as date,
        to_char(ed.from_date at time zone 'UTC', 'HH24:MI') as time,
        ed.location, ed.added_money as "prizeMoney", coalesce(ed.url, '') as url,
        ed.cancelled_at is not null as "isCancelled",
        coalesce((select array_agg(et.name order by et.name) from event_event_types eet
                  join event_types et on et.id = eet.event_type_id where eet.post_id = p.id), '{}') as "eventTypes",
        coalesce((select array_agg(a.abr order by a.abr) from event_associations ea
                  join associations a on a.id = ea.association_id where ea.post_id = p.id), '{}') as associations
      -- From the member's own events (followed or created: two small index reads), not from every event.
      from (select f.post_id as id from event_follows f where f.user_id = ${viewer}
            union select e.id from posts e where e.user_id = ${viewer} and e.kind = 'event' and e.deleted_at is null) mine
      join posts p on p.id = mine.id join event_details ed on ed.post_id = p.id
      where p.kind = 'event' and ed.to_date >= ${now}::timestamptz and ${visibleTo(viewer)}
      order by ed.from_date, p.id limit ${literal(limit)}`,
);

/** Events the viewer created or follows that have not ended, soonest first. */
export async function selectUpcomingEvents(
  db: Tx,
  viewerId: string,
  now: Date,
  limit: number,
): Promise<UpcomingEvent[]> {
  const rows = await upcomingEvents({ limit })(db, { viewer: viewerId, now: now.toISOString() });
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

const suggestedFriends = preparedStatements<
  ListShape,
  Omit<ListValues, 'now'>,
  { id: string; first_name: string; last_name: string; image: string | null; mutual: number }
>(
  ({ limit }, { viewer }) => sql`
      with mine as (select friend_id from friendships where user_id = ${viewer}),
      fof as (
        select f2.friend_id as id, count(*)::int as mutual
        from mine join friendships f2 on f2.user_id = mine.friend_id
        where f2.friend_id <> ${viewer} and not exists (select 1 from mine m2 where m2.friend_id = f2.friend_id)
        group by f2.friend_id),
      candidates as (
        select id, mutual from fof
        union all
        -- Too few friends of friends (a newcomer, or friends with few friends): members who share the
        -- viewer's associations or event types fill the rest, after them.
        select u.id, 0 from users u
        where (select count(*) from fof) < ${literal(limit)} and u.id <> ${viewer} and (
          exists (select 1 from user_associations a1 join user_associations a2 on a2.association_id = a1.association_id
                  where a1.user_id = ${viewer} and a2.user_id = u.id)
          or exists (select 1 from user_event_types e1 join user_event_types e2 on e2.event_type_id = e1.event_type_id
                     where e1.user_id = ${viewer} and e2.user_id = u.id))
      )
      select u.id, u.first_name, u.last_name, u.image, max(c.mutual)::int as mutual
      from candidates c join users u on u.id = c.id
      where u.id <> ${viewer} and u.deleted_at is null and u.is_onboard and u.phone_number_verified
        and ${notBlocked(viewer, sql`u.id`)}
        and not exists (select 1 from mine where mine.friend_id = u.id)
        and not exists (select 1 from friend_requests r where (r.sender_id = ${viewer} and r.recipient_id = u.id)
                                                        or (r.sender_id = u.id and r.recipient_id = ${viewer}))
      group by u.id, u.first_name, u.last_name, u.image, u.created_at
      order by max(c.mutual) desc,
        (select count(*) from user_associations a1 join user_associations a2 on a2.association_id = a1.association_id
          where a1.user_id = ${viewer} and a2.user_id = u.id) desc,
        u.created_at desc
      limit ${literal(limit)}`,
);

/**
 * Friends of friends, ranked by how many friends they share with the viewer, then by shared
 * associations; while they are fewer than a page, members who share the viewer's associations or event
 * types come after them.
 * Never the viewer, a friend, someone with a pending request either way, a deleted member, or one blocked
 * either way.
 */
export async function selectSuggestedFriends(db: Tx, viewerId: string, limit: number): Promise<SuggestedFriend[]> {
  const rows = await suggestedFriends({ limit })(db, { viewer: viewerId });
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    user_image: row.image ?? USER_PLACEHOLDER_IMAGE,
    mutual_friends: row.mutual,
  }));
}

const suggestedEvents = preparedStatements<ListShape, ListValues, HydratedRow>(({ limit }, { viewer, now }) =>
  hydrated(
    viewer,
    sql`
    select e.id, null::text as sort_date, row_number() over (order by e.from_date, e.id) as ord, 0 as found
    from (${eventsNotEnded({
      now: sql`${now}`,
      where: sql`p.kind = 'event' and p.deleted_at is null and not ed.is_private
        and p.user_id <> ${viewer} and ${visibleTo(viewer)}
        and not exists (select 1 from event_follows f where f.post_id = p.id and f.user_id = ${viewer})
        and ${matchesInterests(viewer)}`,
      after: null,
      take: literal(limit),
    })}) e`,
    { checkVisible: false },
  ),
);

/**
 * Upcoming public events matching the viewer's interests that the viewer neither created nor follows,
 * soonest first, hydrated in the same statement.
 */
export function selectSuggestedEvents(db: Tx, viewerId: string, now: Date, limit: number): Promise<HydratedRow[]> {
  return suggestedEvents({ limit })(db, { viewer: viewerId, now: now.toISOString() });
}
