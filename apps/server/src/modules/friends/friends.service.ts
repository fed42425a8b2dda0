import {
  type Friend,
  type FriendRequest,
  type FriendRequestsResponse,
  type FriendsResponse,
  MESSAGES,
  USER_PLACEHOLDER_IMAGE,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { byTimeAndId, byTimeAndMember, keysetPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { isFindableMember } from '../auth/auth.service.ts';
import { dropFollowsNoLongerSeen } from '../events/events.service.ts';
import {
  type InvitationAnswers,
  News,
  recordFriendRequest,
  recordRequestAccepted,
  recordRequestRemoved,
} from '../notifications/notifications.service.ts';
import type { MissedEvents } from '../stream/stream.service.ts';
import {
  areFriends,
  blockedEitherWay,
  deleteFriendRequest,
  deleteFriendship,
  deleteRequestById,
  type FriendRequestRow,
  type FriendRow,
  insertFriendRequest,
  insertFriendship,
  lockPair,
  lockReceivedRequest,
  selectFriends,
  selectReceivedRequest,
  selectReceivedRequests,
  selectRequestOf,
  turnRequestIntoFriendship,
} from './friends.queries.ts';

export type RequestOutcome = 'pending_sent' | 'friends';

const REQUESTS_PAGE = 20;
const FRIENDS_PAGE = 50;
const notFound = () => new AppError(404, MESSAGES.http.notFound);
const now = (ctx: AppContext) => new Date(ctx.clock.now());
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * Add Friend: a request to another live member. When they had already asked, it becomes a friendship
 * (both directions) at once; two requests sent at once end in one friendship (the pair is locked). A member
 * blocked either way answers 404, as if missing (ADR 028); the pair's lock orders it with a block.
 */
export async function sendFriendRequest(ctx: AppContext, viewer: Viewer, userId: string): Promise<RequestOutcome> {
  const me = viewer.user.id;
  if (userId === me) throw new AppError(422, 'You cannot send a friend request to yourself.');
  if (!(await isFindableMember(ctx, userId))) throw notFound();
  await ctx.limiter.consume(['friendRequestsPerMember', me]);
  const news = new News();
  const at = now(ctx);
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockPair(tx, me, userId);
    if (await blockedEitherWay(tx, me, userId)) throw notFound();
    if (await areFriends(tx, me, userId)) throw new AppError(409, 'You are already friends.');
    // They had asked first: their request becomes the friendship.
    const theirs = await deleteFriendRequest(tx, userId, me);
    if (theirs !== null) {
      await insertFriendship(tx, me, userId);
      await recordRequestAccepted(tx, news, { senderId: userId, recipientId: me, at });
      news.event(me, { type: 'friend_request_removed', id: theirs });
      befriended(news, me, userId);
      return 'friends' as const;
    }
    const id = await insertFriendRequest(tx, me, userId, at);
    if (id === null) throw new AppError(409, 'Your friend request is already pending.');
    await recordFriendRequest(tx, news, { senderId: me, recipientId: userId, requestId: id, at });
    return id;
  });
  if (typeof outcome === 'number') await pushRequest(ctx, news, userId, outcome);
  await news.send(ctx);
  return typeof outcome === 'number' ? 'pending_sent' : outcome;
}

/** Both members' streams hear of a friendship that began or ended. */
function befriended(news: News, a: string, b: string, status: 'friends' | 'not_friends' = 'friends') {
  news.event(a, { type: 'friendship', user_id: b, friendship_status: status });
  news.event(b, { type: 'friendship', user_id: a, friendship_status: status });
}

/** A request as the recipient's sidebar card shows it, for their streams. */
async function pushRequest(ctx: AppContext, news: News, recipientId: string, id: number) {
  const row = await selectReceivedRequest(ctx.db, recipientId, id);
  if (row) news.event(recipientId, { type: 'friend_request', request: toFriendRequest(row) });
}

const toFriendRequest = (row: FriendRequestRow): FriendRequest => ({
  id: Number(row.id),
  time: row.time,
  mutualFriends: row.mutual,
  mutualFriendAvatars: row.avatars.map((image) => image ?? USER_PLACEHOLDER_IMAGE),
  user: {
    id: row.user_id,
    name: fullName(row.first_name, row.last_name),
    avatarUrl: row.image ?? USER_PLACEHOLDER_IMAGE,
  },
});

/** GET /friends/requests: the requests the viewer received, newest first. */
export function receivedRequests(
  ctx: AppContext,
  viewer: Viewer,
  cursor: string | undefined,
): Promise<FriendRequestsResponse> {
  return keysetPage({ cursor }, ({ after, limit }) => selectReceivedRequests(ctx.db, viewer.user.id, after, limit), {
    size: REQUESTS_PAGE,
    key: byTimeAndId,
    keyOf: (row) => ({ at: row.time, id: Number(row.id) }),
    toItems: (rows) => rows.map(toFriendRequest),
  });
}

/** What a resuming stream missed: the requests a member received since a time, oldest first. */
export const missedFriendRequests: MissedEvents = async (ctx, userId, since) => {
  const rows = await selectReceivedRequests(ctx.db, userId, null, REQUESTS_PAGE);
  return rows
    .filter((row) => new Date(row.time) >= since)
    .reverse()
    .map((row) => ({ type: 'friend_request', request: toFriendRequest(row) }));
};

/** Confirm: only the recipient may; the request becomes a friendship. */
export async function acceptRequest(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const me = viewer.user.id;
  const news = new News();
  // Three statements between BEGIN and COMMIT: the request read with the pair's lock taken, the request turned
  // into the friendship, the notifications (issue 20: each statement is a round trip that ten concurrent
  // answers queue behind).
  await ctx.db.transaction(async (tx) => {
    const senderId = await lockReceivedRequest(tx, id, me);
    if (senderId === null) throw notFound();
    if (!(await turnRequestIntoFriendship(tx, id))) throw notFound();
    await recordRequestAccepted(tx, news, { senderId, recipientId: me, at: now(ctx) });
    news.event(me, { type: 'friend_request_removed', id });
    befriended(news, me, senderId);
  });
  await news.send(ctx);
}

/** Delete (the recipient declines) or cancel (the sender withdraws). */
export async function removeRequest(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const news = new News();
  await ctx.db.transaction(async (tx) => {
    const request = await selectRequestOf(tx, id, viewer.user.id);
    if (!request) throw notFound();
    if (!(await deleteRequestById(tx, id))) throw notFound();
    await recordRequestRemoved(tx, news, request);
    news.event(request.recipientId, { type: 'friend_request_removed', id });
    // The sender's profile of the recipient (Pending) changes too.
    news.event(request.senderId, {
      type: 'friendship',
      user_id: request.recipientId,
      friendship_status: 'not_friends',
    });
  });
  await news.send(ctx);
}

/** What the bell's Accept and Remove do to the friend request behind a notification (registered in app.ts). */
export const friendRequestInvitations: InvitationAnswers = { accept: acceptRequest, decline: removeRequest };

/**
 * Unfriend: both rows go; 404 when they were not friends. In the same transaction, each stops following the
 * other's events they may no longer see (private events, or all of them when the owner's profile is private).
 */
export async function unfriend(ctx: AppContext, viewer: Viewer, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteFriendship(tx, viewer.user.id, userId))) throw notFound();
    await dropFollowsNoLongerSeen(tx, { between: [viewer.user.id, userId] });
  });
  const news = new News();
  befriended(news, viewer.user.id, userId, 'not_friends');
  await news.send(ctx);
}

/**
 * What a block (the safety module, in its transaction, after writing the block) ends between two members:
 * their friendship, and pending requests either way with their notifications; each stops following the
 * other's events, which they may no longer see. Both streams hear of it as of an unfriend or a decline.
 */
export async function endTiesOnBlock(tx: Tx, news: News, a: string, b: string): Promise<void> {
  await lockPair(tx, a, b);
  const wereFriends = await deleteFriendship(tx, a, b);
  let requested = false;
  for (const [senderId, recipientId] of [
    [a, b],
    [b, a],
  ] as const) {
    const id = await deleteFriendRequest(tx, senderId, recipientId);
    if (id === null) continue;
    requested = true;
    await recordRequestRemoved(tx, news, { senderId, recipientId });
    news.event(recipientId, { type: 'friend_request_removed', id });
  }
  await dropFollowsNoLongerSeen(tx, { between: [a, b] });
  if (wereFriends || requested) befriended(news, a, b, 'not_friends');
}

/** GET /friends?q=: the viewer's friends (Contacts), newest friendship first. */
export function friends(
  ctx: AppContext,
  viewer: Viewer,
  query: { q?: string | undefined; cursor?: string | undefined },
): Promise<FriendsResponse> {
  return keysetPage(query, ({ after, limit }) => selectFriends(ctx.db, viewer.user.id, query.q ?? '', after, limit), {
    size: FRIENDS_PAGE,
    key: byTimeAndMember,
    keyOf: (row) => ({ at: row.since, id: row.id }),
    toItems: (rows) => rows.map(toFriend),
  });
}

const toFriend = (row: FriendRow): Friend => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  name: fullName(row.first_name, row.last_name),
  user_image: row.image ?? USER_PLACEHOLDER_IMAGE,
});
