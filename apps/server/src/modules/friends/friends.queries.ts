import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { blocks, friendRequests, friendships } from '../../db/schema.ts';
import { literal, preparedStatement, preparedStatements, type Tx, utcText } from '../../db/sql.ts';
import type { Keyset } from '../../lib/keyset.ts';

export async function areFriends(db: Tx, userId: string, friendId: string): Promise<boolean> {
  const [friends] = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
  return friends !== undefined;
}

/** Whether either member blocked the other (ADR 028): no friend request between them, either way. */
export async function blockedEitherWay(db: Tx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return row !== undefined;
}

/** Withdraws a pending request; answers its id, or null when there was none. */
export async function deleteFriendRequest(db: Tx, senderId: string, recipientId: string): Promise<number | null> {
  const deleted = await db
    .delete(friendRequests)
    .where(and(eq(friendRequests.senderId, senderId), eq(friendRequests.recipientId, recipientId)))
    .returning({ id: friendRequests.id });
  return deleted[0]?.id ?? null;
}

/** A friendship is two rows, one in each direction. */
export async function insertFriendship(db: Tx, userId: string, friendId: string): Promise<void> {
  await db
    .insert(friendships)
    .values([
      { userId, friendId },
      { userId: friendId, friendId: userId },
    ])
    .onConflictDoNothing();
}

/** Answers the new request's id, or null when the same request is already pending. */
export async function insertFriendRequest(
  db: Tx,
  senderId: string,
  recipientId: string,
  at: Date,
): Promise<number | null> {
  const inserted = await db
    .insert(friendRequests)
    .values({ senderId, recipientId, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: friendRequests.id });
  return inserted[0]?.id ?? null;
}

/**
 * The advisory lock of a pair of members, the lesser id first, compared in PostgreSQL (byte order, as `<` in
 * JavaScript for our ids, which are ASCII), so that a statement that learns the pair as it runs takes the very
 * lock that lockPair takes.
 */
const pairLock = (a: SQL | Placeholder, b: SQL | Placeholder) =>
  sql`pg_advisory_xact_lock(hashtext(least(${a}::text collate "C", ${b}::text collate "C")),
    hashtext(greatest(${a}::text collate "C", ${b}::text collate "C")))`;

const lockOfPair = preparedStatement<{ a: string; b: string }, unknown>(({ a, b }) => sql`select ${pairLock(a, b)}`);

/** Serialises everything two members do to their friendship: a request each way at once ends in one friendship. */
export async function lockPair(tx: Tx, a: string, b: string): Promise<void> {
  await lockOfPair(tx, { a, b });
}

const lockedRequest = preparedStatement<{ id: number; recipient: string }, { sender_id: string }>(
  ({ id, recipient }) => sql`
    select r.sender_id, ${pairLock(sql`r.sender_id`, sql`r.recipient_id`)}
    from friend_requests r where r.id = ${id} and r.recipient_id = ${recipient}`,
);

/**
 * The sender of request `id` if `recipientId` received it, with the pair's lock taken (lockPair) in the same
 * statement. What the transaction does next must be read after this statement, which may have waited for the
 * lock: its snapshot was taken before.
 */
export async function lockReceivedRequest(tx: Tx, id: number, recipientId: string): Promise<string | null> {
  const [row] = await lockedRequest(tx, { id, recipient: recipientId });
  return row?.sender_id ?? null;
}

const requestToFriendship = preparedStatement<{ id: number }, { accepted: boolean }>(
  ({ id }) => sql`
    with gone as (delete from friend_requests where id = ${id} returning sender_id, recipient_id),
    made as (
      insert into friendships (user_id, friend_id)
      select g.sender_id, g.recipient_id from gone g
      union all select g.recipient_id, g.sender_id from gone g
      on conflict do nothing)
    select exists (select 1 from gone) as accepted`,
);

/**
 * The request becomes a friendship (both rows), in one statement; answers false, writing nothing, when the
 * request is gone (withdrawn, declined or ended by a block meanwhile).
 */
export async function turnRequestIntoFriendship(tx: Tx, id: number): Promise<boolean> {
  const [row] = await requestToFriendship(tx, { id });
  return row?.accepted === true;
}

export interface FriendRequestRow {
  id: string;
  time: string;
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  mutual: number;
  avatars: (string | null)[];
}

type RequestValues = { viewer: string; at: string; id: number };
type RequestShape = { after: boolean; limit: number; one?: boolean };

/** The pending requests a member received from live members, newest first, with the friends they share. */
const receivedRequests = preparedStatements<RequestShape, RequestValues, FriendRequestRow>(
  ({ after, limit, one }, v) => sql`
    select r.id, ${utcText(sql`r.created_at`)} as time, u.id as user_id, u.first_name, u.last_name, u.image,
      (select count(*)::int from friendships a
        join friendships b on b.user_id = r.sender_id and b.friend_id = a.friend_id
        join users m on m.id = a.friend_id and m.deleted_at is null
        where a.user_id = ${v.viewer}) as mutual,
      coalesce((select array_agg(s.image) from (
          select m.image from friendships a
          join friendships b on b.user_id = r.sender_id and b.friend_id = a.friend_id
          join users m on m.id = a.friend_id and m.deleted_at is null
          where a.user_id = ${v.viewer} order by a.friend_id limit 2) s), '{}') as avatars
    from friend_requests r join users u on u.id = r.sender_id and u.deleted_at is null
    where r.recipient_id = ${v.viewer}
      ${after ? sql`and (r.created_at, r.id) < (${v.at}::timestamptz, ${v.id})` : sql``}
      ${one ? sql`and r.id = ${v.id}` : sql``}
    order by r.created_at desc, r.id desc limit ${literal(limit)}`,
);

export function selectReceivedRequests(db: Tx, viewerId: string, after: Keyset | null, limit: number) {
  return receivedRequests({ after: after !== null, limit })(db, {
    viewer: viewerId,
    at: after?.at ?? '',
    id: after?.id ?? 0,
  });
}

/** One request the viewer received, as the list shows it (the live stream pushes it). */
export async function selectReceivedRequest(db: Tx, viewerId: string, id: number) {
  const [row] = await receivedRequests({ after: false, limit: 1, one: true })(db, { viewer: viewerId, at: '', id });
  return row;
}

/** The request `id` if `userId` sent or received it; the caller answers 404 otherwise. */
export async function selectRequestOf(db: Tx, id: number, userId: string) {
  const [row] = await db
    .select({ senderId: friendRequests.senderId, recipientId: friendRequests.recipientId })
    .from(friendRequests)
    .where(
      and(eq(friendRequests.id, id), or(eq(friendRequests.senderId, userId), eq(friendRequests.recipientId, userId))),
    );
  return row;
}

export async function deleteRequestById(db: Tx, id: number): Promise<boolean> {
  const deleted = await db.delete(friendRequests).where(eq(friendRequests.id, id)).returning({ id: friendRequests.id });
  return deleted.length > 0;
}

/** Both rows of a friendship; answers whether there was one. */
export async function deleteFriendship(db: Tx, userId: string, friendId: string): Promise<boolean> {
  const deleted = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)),
        and(eq(friendships.userId, friendId), eq(friendships.friendId, userId)),
      ),
    )
    .returning({ userId: friendships.userId });
  return deleted.length > 0;
}

export interface FriendRow {
  id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  since: string;
  seq: number;
}

type FriendValues = { viewer: string; prefix: string; at: string; id: string };

/** A member's live friends, newest friendship first; `prefix` matches the start of a first or last name. */
const friendsOf = preparedStatements<{ after: boolean; limit: number }, FriendValues, FriendRow>(
  ({ after, limit }, v) => sql`
    select u.id, u.first_name, u.last_name, u.image, ${utcText(sql`f.created_at`)} as since
    from friendships f join users u on u.id = f.friend_id and u.deleted_at is null
    where f.user_id = ${v.viewer}
      and (${v.prefix} = '' or u.first_name ilike ${v.prefix} || '%' or u.last_name ilike ${v.prefix} || '%')
      ${after ? sql`and (f.created_at, f.friend_id) < (${v.at}::timestamptz, ${v.id})` : sql``}
    order by f.created_at desc, f.friend_id desc limit ${literal(limit)}`,
);

export function selectFriends(
  db: Tx,
  viewerId: string,
  prefix: string,
  after: { at: string; id: string } | null,
  limit: number,
) {
  // ILIKE's own wildcards in what the member typed match themselves.
  const literalPrefix = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  return friendsOf({ after: after !== null, limit })(db, {
    viewer: viewerId,
    prefix: literalPrefix,
    at: after?.at ?? '',
    id: after?.id ?? '',
  });
}
