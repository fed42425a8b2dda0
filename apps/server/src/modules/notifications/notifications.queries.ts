import { isStaffNotice, type NotificationKind, STAFF_NOTICE_KINDS, type StaffNoticeKind } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement, preparedStatements, selectRows, type Tx, utcText } from '../../db/sql.ts';
import { notBlocked, notMuted, type ViewerRef, visibleTo } from '../items/items.policy.ts';

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  actors: number;
  info: string | null;
  is_read: boolean;
  accepted: boolean;
  can_accept: boolean;
  time: string;
  post_id: string | null;
  post_kind: 'post' | 'event' | 'share' | null;
  post_title: string | null;
  actor_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  moderation_action_id: string | null;
  /** moderation: what was done (the audit entry's action): warn, remove or suspend. */
  moderation_action: string | null;
  /** haul_*: the booking it tells of. */
  haul_booking_id: string | null;
}

/**
 * The item of a notification `n` (posts `p`), if it has one, is one its recipient may see now (items.policy):
 * not deleted, and not made private or hidden by a friendship that ended since the notification was written.
 * The bell shows the item's current title, so what a member may no longer see must not show there at all.
 * `recipient` is `n.user_id`, given as the value itself where it is one: asked of a value, the rule runs about
 * five times faster over a member's notifications than asked of the column (3 ms against 16 ms over 2,000
 * notifications about other members' posts, best of 7 on PostgreSQL 15; 1 ms without the rule).
 */
const itemStillSeen = (recipient: ViewerRef) => sql`(n.post_id is null or ${visibleTo(recipient)})`;

/** Moderation notices and report outcomes: from staff, about the member's own standing (ADR 028). */
const fromStaff = sql.raw(`n.kind in (${STAFF_NOTICE_KINDS.map((kind) => `'${kind}'`).join(', ')})`);

/**
 * What a notification `n` must be, besides its actor being live, to stand for its recipient: its item still
 * seen, and its actor neither blocked either way nor muted by the recipient (ADR 028: a block or a mute takes
 * the other member's notifications off the bell, its count and the stream; unblocked or unmuted, they show
 * again, as an item seen again does). A block or mute does not silence staff's notices.
 */
const stillStands = (recipient: ViewerRef) => sql`(${fromStaff} or (${itemStillSeen(recipient)}
  and ${notBlocked(recipient, sql`n.actor_id`)} and ${notMuted(recipient, sql`n.actor_id`)}))`;

/**
 * A member's notifications that still stand: their actor is live and the item they are about is one they may
 * see now. Every read goes through it, so a deleted account, a deleted post or an item the member may no
 * longer see vanishes from the bell, from the unread count and from what a stream catches up on.
 */
/** A notification `n` with its actor, its item's kind and title, and a moderation notice's action. */
const withActorAndItem = sql`n.*, a.first_name, a.last_name, a.image, p.kind as post_kind, p.title as post_title,
    (select ma.action from moderation_actions ma where ma.id = n.moderation_action_id) as moderation_action
  from notifications n
  join users a on a.id = n.actor_id and a.deleted_at is null
  left join posts p on p.id = n.post_id`;

const standing = (viewer: ViewerRef) => sql`
  select ${withActorAndItem}
  where n.user_id = ${viewer} and ${stillStands(viewer)}`;

const columns = sql`
  s.id, s.kind, s.actors, s.info, s.is_read, s.accepted_at is not null as accepted,
  s.friend_request_id is not null as can_accept, ${utcText(sql`s.updated_at`, 'ms')} as time,
  s.post_id, s.post_kind, s.post_title, s.actor_id, s.first_name, s.last_name, s.image, s.moderation_action_id,
  s.moderation_action, s.haul_booking_id`;

export interface PageRow extends NotificationRow {
  total: number;
  unread: number;
  page: number;
}

/**
 * One page of the bell, with the filter's total and the unread count, in one statement. A page past the end
 * (the list shrank) answers the last page, and says which it answered.
 */
const page = preparedStatements<{ unreadOnly: boolean; size: number }, { viewer: string; page: number }, PageRow>(
  ({ unreadOnly, size }, v) => sql`
    with mine as (${standing(v.viewer)}),
    counts as (
      select count(*) filter (where ${unreadOnly ? sql`not is_read` : sql`true`})::int as total,
        count(*) filter (where not is_read)::int as unread
      from mine),
    wanted as (
      select total, unread,
        greatest(1, least(${v.page}::int, ceil(total / ${sql.raw(`${size}.0`)})::int)) as page from counts),
    ranked as (
      select m.*, row_number() over (order by m.updated_at desc, m.id desc) as rn from mine m
      ${unreadOnly ? sql`where not m.is_read` : sql``})
    select w.total, w.unread, w.page, ${columns}
    from wanted w left join ranked s
      on s.rn > (w.page - 1) * ${sql.raw(String(size))} and s.rn <= w.page * ${sql.raw(String(size))}
    order by s.rn`,
);

export function selectPage(db: Tx, viewerId: string, unreadOnly: boolean, pageNumber: number, size: number) {
  return page({ unreadOnly, size })(db, { viewer: viewerId, page: pageNumber });
}

/**
 * Notifications by id, each with its recipient's unread count, in one statement however many there are (an
 * event's edit notifies every follower): the live stream pushes them whole. Those that no longer stand are left out.
 */
const manyWithUnread = preparedStatement<{ ids: string }, NotificationRow & { user_id: string; unread: number }>(
  ({ ids }) => sql`
    select ${columns}, s.user_id, u.unread
    from (
      select ${withActorAndItem}
      where n.id = any(${ids}::bigint[]) and ${stillStands(sql`n.user_id`)}) s
    cross join lateral (
      select count(*)::int as unread from (${standing(sql`s.user_id`)}) mine where not mine.is_read) u`,
);

export function selectManyWithUnread(db: Tx, ids: number[]) {
  return manyWithUnread(db, { ids: `{${ids.join(',')}}` });
}

const unreadCount = preparedStatement<{ viewer: string }, { unread: number }>(
  ({ viewer }) => sql`select count(*)::int as unread from (${standing(viewer)}) s where not s.is_read`,
);

export async function selectUnread(db: Tx, viewerId: string): Promise<number> {
  const [row] = await unreadCount(db, { viewer: viewerId });
  return row?.unread ?? 0;
}

const since = preparedStatement<{ viewer: string; since: string }, NotificationRow>(
  ({ viewer, since }) => sql`
    select ${columns} from (${standing(viewer)}) s
    where s.updated_at >= ${since}::timestamptz
    order by s.updated_at, s.id limit 50`,
);

/** What changed since a time (a stream resuming): oldest first, 50 at most. */
export function selectSince(db: Tx, viewerId: string, at: string) {
  return since(db, { viewer: viewerId, since: at });
}

export interface Cause {
  userId: string;
  kind: NotificationKind;
  cause: string;
  actorId: string;
  postId?: number | null;
  friendRequestId?: number | null;
  info?: string | null;
  /**
   * The item the notification is about, which its recipient must be able to see when it is written:
   * `postId` unless said otherwise (a share's notification is about the share, which carries the sharer's
   * words, while it links to the original). None for a friend request.
   */
  aboutItemId?: number | null;
  /** haul_*: the booking it tells of. */
  haulBookingId?: number | null;
  at: Date;
}

/**
 * The recipient `recipient` may see item `itemId` now (items.policy), as a condition of the statement that
 * writes their notification: checked in the write itself, so nothing can change in between.
 */
const recipientSees = (recipient: string, itemId: number | null) =>
  itemId === null ? sql`true` : sql`exists (select 1 from posts p where p.id = ${itemId} and ${visibleTo(recipient)})`;

/** The recipient hears from the actor: no block either way, no mute by the recipient (ADR 028). */
const recipientHears = (recipient: ViewerRef, actor: ViewerRef) =>
  sql`(${notBlocked(recipient, sql`${actor}`)} and ${notMuted(recipient, sql`${actor}`)})`;

/**
 * Records a cause: a new row, or the same cause again (one row per cause and recipient) with its latest actor,
 * unread again and on top, provided its recipient may see what it is about. Answers the row's id, or null when
 * nothing was written (the recipient may not see the item).
 */
export async function upsert(tx: Tx, c: Cause): Promise<number | null> {
  const [row] = await selectRows<{ id: string }>(tx, upsertStatement(c));
  return row ? Number(row.id) : null;
}

/**
 * A friend request was accepted: the recipient's notification of it says so (read, nothing left to accept),
 * and the sender's cause `c` is recorded as by upsert, in one statement. Answers the sender's row's id.
 */
export async function markAcceptedAndUpsert(
  tx: Tx,
  accepted: { recipientId: string; senderId: string; at: Date },
  c: Cause,
): Promise<number | null> {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`with accepted as (${markAcceptedStatement(accepted.recipientId, accepted.senderId, accepted.at)})
      ${upsertStatement(c)}`,
  );
  return row ? Number(row.id) : null;
}

function upsertStatement(c: Cause): SQL {
  return sql`
      insert into notifications
        (user_id, kind, cause, actor_id, post_id, friend_request_id, info, haul_booking_id, created_at, updated_at)
      select ${c.userId}, ${c.kind}, ${c.cause}, ${c.actorId}, ${c.postId ?? null}, ${c.friendRequestId ?? null},
        ${c.info ?? null}, ${c.haulBookingId ?? null}::bigint, ${c.at}, ${c.at}
      where ${recipientSees(c.userId, c.aboutItemId ?? c.postId ?? null)}
        and ${isStaffNotice(c.kind) ? sql`true` : recipientHears(c.userId, c.actorId)}
      on conflict (user_id, cause) do update set actor_id = excluded.actor_id,
        friend_request_id = excluded.friend_request_id, info = excluded.info, is_read = false,
        accepted_at = null, updated_at = excluded.updated_at
      returning id`;
}

/**
 * Notices that name nobody (moderation's: a warning, removal or suspension to the member concerned, 'acted on'
 * to a reporter): each recipient is their own actor, and none is about an item (a removed one could not be
 * seen). One statement for all; the same cause again is unread again, on top. Answers each row's id and recipient.
 */
export async function upsertSelfNotices(
  tx: Tx,
  rows: Array<{
    userId: string;
    kind: StaffNoticeKind;
    cause: string;
    info: string | null;
    moderationActionId: number | null;
    at: Date;
  }>,
): Promise<Array<{ id: number; userId: string }>> {
  if (rows.length === 0) return [];
  const records = JSON.stringify(
    rows.map((r) => ({
      user_id: r.userId,
      kind: r.kind,
      cause: r.cause,
      info: r.info,
      moderation_action_id: r.moderationActionId,
      at: r.at.toISOString(),
    })),
  );
  const written = await selectRows<{ id: string; user_id: string }>(
    tx,
    sql`
      insert into notifications (user_id, kind, cause, actor_id, info, moderation_action_id, created_at, updated_at)
      select r.user_id, r.kind, r.cause, r.user_id, r.info, r.moderation_action_id, r.at, r.at
      from jsonb_to_recordset(${records}::jsonb)
        as r(user_id text, kind text, cause text, info text, moderation_action_id bigint, at timestamptz)
      on conflict (user_id, cause) do update set info = excluded.info,
        moderation_action_id = excluded.moderation_action_id, is_read = false, updated_at = excluded.updated_at
      returning id, user_id`,
  );
  return written.map((row) => ({ id: Number(row.id), userId: row.user_id }));
}

/**
 * The likes of one item, folded into one notification for its author: the latest liker and how many others
 * (the author's own like is not counted). A like brings it back on top, unread, if the author may see the
 * item (a share whose original they may no longer see, they may not); a like taken back only recounts, and
 * the notification goes when no liker is left. Answers the row's id, or null when it went or was not written.
 */
export async function foldLikes(
  tx: Tx,
  { ownerId, postId, at, liked }: { ownerId: string; postId: number; at: Date; liked: boolean },
): Promise<number | null> {
  const cause = `like:${postId}`;
  // Likers the owner blocked, was blocked by or muted are not counted (ADR 028).
  const likers = sql`from likes l join users u on u.id = l.user_id and u.deleted_at is null
    where l.post_id = ${postId} and l.user_id <> ${ownerId} and ${recipientHears(ownerId, sql`l.user_id`)}`;
  if (!liked) {
    const [row] = await selectRows<{ id: string; actors: number }>(
      tx,
      sql`
        with n as (select count(*)::int as actors,
          (select l.user_id ${likers} order by l.created_at desc limit 1) as latest ${likers})
        update notifications set actors = n.actors, actor_id = coalesce(n.latest, notifications.actor_id)
        from n where user_id = ${ownerId} and cause = ${cause}
        returning id, notifications.actors`,
    );
    if (row && row.actors === 0) {
      await tx.execute(sql`delete from notifications where id = ${row.id}`);
      return null;
    }
    return row ? Number(row.id) : null;
  }
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`
      with n as (select count(*)::int as actors,
        (select l.user_id ${likers} order by l.created_at desc limit 1) as latest ${likers})
      insert into notifications (user_id, kind, cause, actor_id, actors, post_id, created_at, updated_at)
      select ${ownerId}, 'like', ${cause}, n.latest, n.actors, ${postId}, ${at}, ${at} from n
      where n.actors > 0 and ${recipientSees(ownerId, postId)}
      on conflict (user_id, cause) do update set actor_id = excluded.actor_id, actors = excluded.actors,
        is_read = false, updated_at = excluded.updated_at
      returning id`,
  );
  return row ? Number(row.id) : null;
}

/** The friend request notification of `recipientId` about `senderId`, answered: accepted, read, no buttons. */
const markAcceptedStatement = (recipientId: string, senderId: string, at: Date) =>
  sql`update notifications set accepted_at = ${at}, is_read = true, friend_request_id = null
      where user_id = ${recipientId} and cause = ${`friend_request:${senderId}`} returning id`;

/** Deletes a notification by cause (a request withdrawn or declined); answers whether there was one. */
export async function deleteByCause(tx: Tx, userId: string, cause: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`delete from notifications where user_id = ${userId} and cause = ${cause} returning id`,
  );
  return rows.length > 0;
}

/**
 * Takes away what was said about an item its author deleted: its likes, comments and shares told to its author,
 * an event's updates told to its followers, and, for a share, the notification of the share itself (which
 * names the original). Moderation notifications stay (they may be appealed). Answers each recipient.
 */
export async function deleteAboutItem(tx: Tx, postId: number): Promise<string[]> {
  const rows = await selectRows<{ user_id: string }>(
    tx,
    sql`delete from notifications
      where kind in ('like', 'comment', 'share', 'event_update') and (post_id = ${postId} or cause = ${`share:${postId}`})
      returning user_id`,
  );
  return [...new Set(rows.map((row) => row.user_id))];
}

/** A notification's excerpt follows an edit of what it quotes; it stays where it is, read or not. */
export async function updateInfo(tx: Tx, userId: string, cause: string, info: string | null): Promise<void> {
  await tx.execute(sql`update notifications set info = ${info} where user_id = ${userId} and cause = ${cause}`);
}

export async function selectOwned(tx: Tx, userId: string, id: number) {
  const [row] = await selectRows<{
    id: string;
    kind: NotificationKind;
    actor_id: string;
    friend_request_id: string | null;
  }>(tx, sql`select n.id, n.kind, n.actor_id, n.friend_request_id from (${standing(userId)}) n where n.id = ${id}`);
  return row;
}

export async function deleteOwned(tx: Tx, userId: string, id: number): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`delete from notifications where user_id = ${userId} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

/** Marks some of a member's notifications read; others' ids are ignored. */
export async function markRead(tx: Tx, userId: string, ids: number[]): Promise<void> {
  await tx.execute(
    sql`update notifications set is_read = true
      where user_id = ${userId} and not is_read and id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
}

/**
 * An event's change, for each of its followers but its owner who may see the event now (items.policy, asked
 * per follower in this one statement: a follower the event was made private to, or whose friendship with its
 * owner ended, gets nothing): one row per follower (cause `event_update:<event>`), new or folded, unread again
 * and on top. Answers each row's id and recipient.
 */
export async function upsertForFollowers(
  tx: Tx,
  c: { eventId: number; ownerId: string; info: string; at: Date },
): Promise<Array<{ id: number; userId: string }>> {
  const rows = await selectRows<{ id: string; user_id: string }>(
    tx,
    sql`
      insert into notifications (user_id, kind, cause, actor_id, post_id, info, created_at, updated_at)
      select f.user_id, 'event_update', ${`event_update:${c.eventId}`}, ${c.ownerId}, ${c.eventId}, ${c.info},
        ${c.at}, ${c.at}
      from event_follows f join posts p on p.id = f.post_id
      where f.post_id = ${c.eventId} and f.user_id <> ${c.ownerId} and ${visibleTo(sql`f.user_id`)}
        and ${notMuted(sql`f.user_id`, sql`${c.ownerId}`)}
      on conflict (user_id, cause) do update set actor_id = excluded.actor_id, info = excluded.info,
        is_read = false, updated_at = excluded.updated_at
      returning id, user_id`,
  );
  return rows.map((row) => ({ id: Number(row.id), userId: row.user_id }));
}
