import type { EventConfirmation, EventKind, Place } from '@corral/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  calendarFeeds,
  eventAssociations,
  eventDetails,
  eventEventTypes,
  eventFollows,
  eventPerformances,
  eventPlaces,
  postImages,
  posts,
} from '../../db/schema.ts';
import {
  literal,
  type Placeholders,
  preparedStatement,
  preparedStatements,
  selectRows,
  type Tx,
  utcText,
} from '../../db/sql.ts';
import type { Keyset } from '../../lib/keyset.ts';
import { eventsNotEnded } from '../items/event-times.ts';
import { type HydratedRow, hydrated } from '../items/items.hydrate.ts';
import { visibleTo } from '../items/items.policy.ts';
import type { StoredImage } from '../media/media.service.ts';

/** What the tables hold for one event, as the service writes it. */
export interface EventRecord {
  title: string;
  kind: EventKind;
  fromDate: Date;
  toDate: Date;
  timeZone: string;
  location: string;
  address: string;
  addedMoney: number;
  isPrivate: boolean;
  circuitId: number;
  associationId: number;
  tour: boolean;
  sync: boolean;
  confirmation: EventConfirmation;
  eventTypeIds: number[];
  performances: Array<{ position: number; name: string; startsAt: Date }>;
  /** The gazetteer's place: an id to store, null to clear, undefined to keep what is stored. */
  placeId?: number | null | undefined;
}

/** Which of the reference ids a draft names exist: one statement. */
export async function selectMissingReferences(
  db: Tx,
  ids: { associationId: number; circuitId: number; eventTypeIds: number[] },
): Promise<{ association: boolean; circuit: boolean; eventTypes: boolean }> {
  const [row] = await selectRows<{ association: boolean; circuit: boolean; types: number }>(
    db,
    sql`select exists (select 1 from associations where id = ${ids.associationId}) as association,
      exists (select 1 from circuits where id = ${ids.circuitId}) as circuit,
      (select count(*)::int from event_types where id = any(${`{${ids.eventTypeIds.join(',')}}`}::int[])) as types`,
  );
  return {
    association: !row?.association,
    circuit: !row?.circuit,
    eventTypes: (row?.types ?? 0) !== ids.eventTypeIds.length,
  };
}

async function writeParts(tx: Tx, postId: number, event: EventRecord, { performances = true } = {}) {
  if (performances && event.performances.length > 0)
    await tx.insert(eventPerformances).values(
      event.performances.map((performance) => ({
        postId,
        position: performance.position,
        name: performance.name,
        startsAt: performance.startsAt,
      })),
    );
  if (event.eventTypeIds.length > 0)
    await tx.insert(eventEventTypes).values(event.eventTypeIds.map((eventTypeId) => ({ postId, eventTypeId })));
  await tx.insert(eventAssociations).values({ postId, associationId: event.associationId });
  if (event.placeId === null) await tx.delete(eventPlaces).where(eq(eventPlaces.postId, postId));
  else if (event.placeId !== undefined)
    await tx
      .insert(eventPlaces)
      .values({ postId, placeId: event.placeId })
      .onConflictDoUpdate({ target: eventPlaces.postId, set: { placeId: event.placeId } });
}

const details = (event: EventRecord, now: Date) => ({
  fromDate: event.fromDate,
  toDate: event.toDate,
  timeZone: event.timeZone,
  location: event.location,
  address: event.address,
  addedMoney: event.addedMoney,
  isPrivate: event.isPrivate,
  kind: event.kind,
  circuitId: event.circuitId,
  tour: event.tour,
  sync: event.sync,
  confirmation: event.confirmation,
  updatedAt: now,
});

/** The posts row (kind 'event', on top of the feed now), its details, performances, types and association. */
export async function insertEvent(
  tx: Tx,
  userId: string,
  event: EventRecord,
  image: StoredImage | null,
  now: Date,
): Promise<number> {
  const [post] = await tx
    .insert(posts)
    .values({ userId, kind: 'event', title: event.title, sortDate: now, createdAt: now })
    .returning({ id: posts.id });
  if (!post) throw new Error('the event was not inserted');
  await tx
    .insert(eventDetails)
    .values({ postId: post.id, imageKey: image?.storageKey ?? null, ...details(event, now) });
  if (image) await tx.insert(postImages).values({ postId: post.id, position: 0, ...image });
  await writeParts(tx, post.id, event);
  return post.id;
}

/** The owner's live event, locked for an edit; null for anyone else's or a missing one. */
export async function selectOwnEventForUpdate(tx: Tx, userId: string, id: number) {
  const [row] = await selectRows<{
    title: string | null;
    from_date: string;
    to_date: string;
    time_zone: string;
    location: string;
    address: string;
    cancelled: boolean;
    image_key: string | null;
  }>(
    tx,
    sql`select p.title, ${utcText(sql`ed.from_date`, 's')} as from_date, ${utcText(sql`ed.to_date`, 's')} as to_date,
        ed.time_zone, ed.location, ed.address, ed.cancelled_at is not null as cancelled, ed.image_key
      from posts p join event_details ed on ed.post_id = p.id
      where p.id = ${id} and p.user_id = ${userId} and p.kind = 'event' and p.deleted_at is null
      for update of p`,
  );
  return row ?? null;
}

/** Writes the whole draft again; the image is replaced (`image`), removed (null) or kept (undefined). */
export async function updateEvent(
  tx: Tx,
  id: number,
  event: EventRecord,
  image: StoredImage | null | undefined,
  now: Date,
): Promise<void> {
  await tx.update(posts).set({ title: event.title }).where(eq(posts.id, id));
  await tx
    .update(eventDetails)
    .set({ ...details(event, now), ...(image === undefined ? {} : { imageKey: image?.storageKey ?? null }) })
    .where(eq(eventDetails.postId, id));
  await replacePerformances(tx, id, event.performances);
  await tx.delete(eventEventTypes).where(eq(eventEventTypes.postId, id));
  await tx.delete(eventAssociations).where(eq(eventAssociations.postId, id));
  await writeParts(tx, id, event, { performances: false });
  if (image !== undefined) {
    await tx.delete(postImages).where(eq(postImages.postId, id));
    if (image) await tx.insert(postImages).values({ postId: id, position: 0, ...image });
  }
}

/**
 * The event's performances, as the edit lists them: each position keeps its row (and id) with its new name and
 * time, positions past the new list go, new ones are added. Whatever points at a performance (a hauling offer's
 * arrive-by, ADR 030) keeps pointing at the one in its place, where deleting and inserting them all cut it off.
 */
async function replacePerformances(tx: Tx, postId: number, performances: EventRecord['performances']) {
  const records = JSON.stringify(
    performances.map((p) => ({ position: p.position, name: p.name, starts_at: p.startsAt.toISOString() })),
  );
  await tx.execute(sql`
    with next as (
      select * from jsonb_to_recordset(${records}::jsonb) as r(position int, name text, starts_at timestamptz)),
    dropped as (
      delete from event_performances ep where ep.post_id = ${postId}
        and not exists (select 1 from next where next.position = ep.position)),
    kept as (
      update event_performances ep set name = next.name, starts_at = next.starts_at
      from next where ep.post_id = ${postId} and ep.position = next.position returning ep.position)
    insert into event_performances (post_id, position, name, starts_at)
    select ${postId}, next.position, next.name, next.starts_at from next
    where not exists (select 1 from event_performances ep where ep.post_id = ${postId} and ep.position = next.position)`);
}

/** The image keys of an event (before it is replaced or removed). */
export async function imageKeysOf(tx: Tx, id: number): Promise<string[]> {
  const rows = await tx.select({ key: postImages.storageKey }).from(postImages).where(eq(postImages.postId, id));
  return rows.map((row) => row.key);
}

/** Marks the owner's event cancelled; answers whether it was live and not cancelled before. */
export async function cancelEvent(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(eventDetails)
    .set({ cancelledAt: now, updatedAt: now })
    .where(and(eq(eventDetails.postId, id), isNull(eventDetails.cancelledAt)))
    .returning({ id: eventDetails.postId });
  return rows.length > 0;
}

/** A visible event's owner (null when missing, hidden or not an event). */
/** The owner of an event the viewer may see, and whether it was cancelled. */
export async function selectVisibleEventOwner(db: Tx, viewerId: string, id: number) {
  const [row] = await selectRows<{ user_id: string; cancelled: boolean }>(
    db,
    sql`select p.user_id, exists (select 1 from event_details ed where ed.post_id = p.id and ed.cancelled_at is not null)
        as cancelled
      from posts p where p.id = ${id} and p.kind = 'event' and ${visibleTo(viewerId)}`,
  );
  return row ? { ownerId: row.user_id, cancelled: row.cancelled } : null;
}

export async function follow(tx: Tx, id: number, userId: string, now: Date): Promise<void> {
  await tx.insert(eventFollows).values({ postId: id, userId, createdAt: now }).onConflictDoNothing();
}

export async function unfollow(tx: Tx, id: number, userId: string): Promise<void> {
  await tx.delete(eventFollows).where(and(eq(eventFollows.postId, id), eq(eventFollows.userId, userId)));
}

/**
 * Whose follows `deleteUnseenFollows` looks at: one event's, those of one member's events (their profile made
 * private), or those between two members (either way).
 */
export type FollowScope = { eventId: number } | { ownerId: string } | { between: readonly [string, string] };

/**
 * Drops the follows of events their follower may no longer see (items.policy, asked per follow in this one
 * statement): the event made private, the owner's profile made private, a friendship ended.
 */
export async function deleteUnseenFollows(tx: Tx, scope: FollowScope): Promise<void> {
  const which =
    'eventId' in scope
      ? sql`f.post_id = ${scope.eventId}`
      : 'ownerId' in scope
        ? sql`p.user_id = ${scope.ownerId}`
        : sql`((p.user_id = ${scope.between[0]} and f.user_id = ${scope.between[1]})
          or (p.user_id = ${scope.between[1]} and f.user_id = ${scope.between[0]}))`;
  await tx.execute(
    sql`delete from event_follows f using posts p
      where p.id = f.post_id and ${which} and not ${visibleTo(sql`f.user_id`)}`,
  );
}

export async function followersCount(tx: Tx, id: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from event_follows where post_id = ${id}`,
  );
  return row?.n ?? 0;
}

/** An event as GET /events/:id answers it (raw), if the viewer may see it: one statement. */
export interface EventDetailRow {
  id: string;
  title: string | null;
  kind: EventKind;
  from_date: string;
  to_date: string;
  time_zone: string;
  location: string;
  address: string;
  place: Place | null;
  added_money: number;
  is_private: boolean;
  tour: boolean;
  sync: boolean;
  confirmation: EventConfirmation;
  circuit: { id: number; name: string; abr: string } | null;
  association: { id: number; name: string; abr: string } | null;
  event_types: Array<{ id: number; name: string; abr: string }>;
  performances: Array<{ id: number; name: string; starts_at: string }>;
  followers_count: number;
  is_following: boolean;
  is_cancelled: boolean;
  likes_count: number;
  is_liked: boolean;
  image: StoredImage | null;
  user_id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  created_at: string;
  updated_at: string;
}

const detail = preparedStatement<{ viewer: string; id: number }, EventDetailRow>(
  ({ viewer, id }) => sql`
    select p.id, p.title, ed.kind, ${utcText(sql`ed.from_date`, 's')} as from_date,
      ${utcText(sql`ed.to_date`, 's')} as to_date, ed.time_zone, ed.location, ed.address, ed.added_money,
      (select json_build_object('id', pl.id, 'name', pl.name, 'region', pl.region, 'region_code', pl.region_code,
          'country', pl.country, 'latitude', pl.latitude, 'longitude', pl.longitude)
        from event_places epl join places pl on pl.id = epl.place_id where epl.post_id = p.id) as place,
      ed.is_private, ed.tour, ed.sync, ed.confirmation,
      (select json_build_object('id', c.id, 'name', c.name, 'abr', c.abr) from circuits c where c.id = ed.circuit_id)
        as circuit,
      (select json_build_object('id', a.id, 'name', a.name, 'abr', a.abr) from event_associations ea
        join associations a on a.id = ea.association_id where ea.post_id = p.id order by a.id limit 1) as association,
      coalesce((select json_agg(json_build_object('id', et.id, 'name', et.name, 'abr', et.abr) order by et.name)
        from event_event_types eet join event_types et on et.id = eet.event_type_id where eet.post_id = p.id),
        '[]'::json) as event_types,
      coalesce((select json_agg(json_build_object('id', ep.id, 'name', ep.name,
          'starts_at', ${utcText(sql`ep.starts_at`, 's')}) order by ep.position)
        from event_performances ep where ep.post_id = p.id), '[]'::json) as performances,
      (select count(*)::int from event_follows f where f.post_id = p.id) as followers_count,
      exists (select 1 from event_follows f where f.post_id = p.id and f.user_id = ${viewer}) as is_following,
      ed.cancelled_at is not null as is_cancelled, p.likes_count,
      exists (select 1 from likes l where l.post_id = p.id and l.user_id = ${viewer}) as is_liked,
      (select json_build_object('storageKey', pi.storage_key, 'variantWidths', pi.variant_widths, 'width', pi.width,
          'height', pi.height, 'placeholder', pi.placeholder)
        from post_images pi where pi.post_id = p.id order by pi.position limit 1) as image,
      p.user_id, u.first_name, u.last_name, u.image as avatar,
      ${utcText(sql`p.created_at`, 'ms')} as created_at, ${utcText(sql`ed.updated_at`, 'ms')} as updated_at
    from posts p join event_details ed on ed.post_id = p.id join users u on u.id = p.user_id
    where p.id = ${id} and p.kind = 'event' and ${visibleTo(viewer)}`,
);

export async function selectEventDetail(db: Tx, viewerId: string, id: number): Promise<EventDetailRow | null> {
  const [row] = await detail(db, { viewer: viewerId, id });
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// GET /events: one statement, hydrated

export type EventScope = 'upcoming' | 'mine' | 'history';

interface ListValues extends Record<string, unknown> {
  viewer: string;
  now: string;
  at: string;
  id: number;
  eventType: number;
  association: number;
}
type ListShape = { scope: EventScope; withCursor: boolean; byType: boolean; byAssociation: boolean; size: number };

function buildList(shape: ListShape, v: Placeholders<ListValues>) {
  const past = shape.scope === 'history';
  const take = literal(shape.size + 1);
  const after = shape.withCursor ? { at: sql`${v.at}`, id: sql`${v.id}` } : null;
  const where = sql`p.kind = 'event' and p.deleted_at is null
    ${shape.byType ? sql`and exists (select 1 from event_event_types t where t.post_id = p.id and t.event_type_id = ${v.eventType})` : sql``}
    ${shape.byAssociation ? sql`and exists (select 1 from event_associations a where a.post_id = p.id and a.association_id = ${v.association})` : sql``}
    and ${visibleTo(v.viewer)}`;
  // The rows of the page, each read from where the list starts: every event to come from now on
  // (items/event-times.ts); the member's own, created or followed, to come or past, from their own few.
  const rows =
    shape.scope === 'upcoming'
      ? eventsNotEnded({ now: sql`${v.now}`, where, after, take })
      : sql`
          select p.id, ed.from_date
          from (select f.post_id as id from event_follows f where f.user_id = ${v.viewer}
                union select e.id from posts e where e.user_id = ${v.viewer} and e.kind = 'event' and e.deleted_at is null) mine
          join posts p on p.id = mine.id join event_details ed on ed.post_id = p.id
          where ${past ? sql`ed.to_date < ${v.now}::timestamptz` : sql`ed.to_date >= ${v.now}::timestamptz`}
            ${after ? sql`and (ed.from_date, p.id) ${past ? sql`<` : sql`>`} (${after.at}::timestamptz, ${after.id})` : sql``}
            and ${where}
          order by ${past ? sql`ed.from_date desc, p.id desc` : sql`ed.from_date, p.id`} limit ${take}`;
  const page = sql`
    select id, ${utcText(sql`from_date`)} as sort_date, row_number() over (order by ${past ? sql`from_date desc, id desc` : sql`from_date, id`}) as ord,
      count(*) over () as found
    from (${rows}) p`;
  return hydrated(v.viewer, page, { limit: literal(shape.size), checkVisible: false });
}

const list = preparedStatements<ListShape, ListValues, HydratedRow>(buildList);

export function selectEventPage(
  db: Tx,
  viewerId: string,
  query: { scope: EventScope; eventType?: number | undefined; association?: number | undefined },
  cursor: Keyset | null,
  now: Date,
  size: number,
): Promise<HydratedRow[]> {
  const shape: ListShape = {
    scope: query.scope,
    withCursor: cursor !== null,
    byType: query.eventType !== undefined,
    byAssociation: query.association !== undefined,
    size,
  };
  return list(shape)(db, {
    viewer: viewerId,
    now: now.toISOString(),
    at: cursor?.at ?? '',
    id: cursor?.id ?? 0,
    eventType: query.eventType ?? 0,
    association: query.association ?? 0,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Calendars

export interface CalendarEventRow {
  id: string;
  title: string | null;
  from_date: string;
  to_date: string;
  time_zone: string;
  location: string;
  address: string;
  is_cancelled: boolean;
  created_at: string;
  updated_at: string;
  performances: Array<{ name: string; starts_at: string }> | null;
  confirmation: 'planning' | 'confirmed';
}

const calendarColumns = sql`p.id, p.title, ${utcText(sql`ed.from_date`, 's')} as from_date,
  ${utcText(sql`ed.to_date`, 's')} as to_date, ed.time_zone, ed.location, ed.address,
  ed.cancelled_at is not null as is_cancelled, ed.confirmation, ${utcText(sql`p.created_at`, 's')} as created_at,
  ${utcText(sql`ed.updated_at`, 's')} as updated_at,
  (select json_agg(json_build_object('name', ep.name, 'starts_at', ${utcText(sql`ep.starts_at`, 's')})
    order by ep.position) from event_performances ep where ep.post_id = p.id) as performances`;

const calendarEvent = preparedStatement<{ viewer: string; id: number }, CalendarEventRow>(
  ({ viewer, id }) => sql`
    select ${calendarColumns} from posts p join event_details ed on ed.post_id = p.id
    where p.id = ${id} and p.kind = 'event' and ${visibleTo(viewer)}`,
);

export async function selectCalendarEvent(db: Tx, viewerId: string, id: number) {
  const [row] = await calendarEvent(db, { viewer: viewerId, id });
  return row ?? null;
}

const CALENDAR_FEED_MAX = 500;
/** The feed's member as the viewer of the visibility rule (a column, not a value). */
const feedOwner = sql`feed.user_id` as unknown as string;

/**
 * The events of a calendar feed, found by its token's hash: the member's own events with sync on and the
 * events they follow, that they may still see, newest first (500 at most). Empty for an unknown token:
 * `found` (the feed row's owner) tells the two apart.
 */
const feedEvents = preparedStatement<{ hash: string }, CalendarEventRow & { owner: string | null }>(
  ({ hash }) => sql`
    with feed as (select cf.user_id from calendar_feeds cf join users u on u.id = cf.user_id
                  where cf.token_hash = ${hash} and u.deleted_at is null)
    select (select user_id from feed) as owner, e.* from (select 1) one left join lateral (
      select ${calendarColumns} from posts p join event_details ed on ed.post_id = p.id, feed
      where p.kind = 'event' and ${visibleTo(feedOwner)}
        and ((p.user_id = feed.user_id and ed.sync)
          or exists (select 1 from event_follows f where f.post_id = p.id and f.user_id = feed.user_id))
      order by ed.from_date desc, p.id desc limit ${literal(CALENDAR_FEED_MAX)}) e on true`,
);

export async function selectFeedEvents(
  db: Tx,
  tokenHash: string,
): Promise<{ owner: string | null; events: CalendarEventRow[] }> {
  const rows = await feedEvents(db, { hash: tokenHash });
  return { owner: rows[0]?.owner ?? null, events: rows.filter((row) => row.id !== null) };
}

/** Makes (or remakes, which revokes the old URL) the member's feed. */
export async function upsertCalendarFeed(tx: Tx, userId: string, tokenHash: string, now: Date): Promise<void> {
  await tx
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } });
}

export async function deleteCalendarFeed(tx: Tx, userId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
