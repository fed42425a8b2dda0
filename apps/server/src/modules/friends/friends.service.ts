import { type FriendRequestsResponse, type FriendsResponse, MESSAGES, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { decodeTextCursor, encodeCursor } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import { keysetPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { isLiveMember } from '../auth/auth.service.ts';
import {
  areFriends,
  deleteFriendRequest,
  deleteFriendship,
  deleteRequestById,
  insertFriendRequest,
  insertFriendship,
  lockPair,
  selectFriends,
  selectReceivedRequests,
  selectRequestOf,
} from './friends.queries.ts';

export type RequestOutcome = 'pending_sent' | 'friends';

const REQUESTS_PAGE = 20;
const FRIENDS_PAGE = 50;
const notFound = () => new AppError(404, MESSAGES.http.notFound);
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * Add Friend: a request to another live member. When they had already asked, it becomes a friendship
 * (both directions) at once; two requests sent at once end in one friendship (the pair is locked).
 */
export async function sendFriendRequest(ctx: AppContext, viewer: Viewer, userId: string): Promise<RequestOutcome> {
  const me = viewer.user.id;
  if (userId === me) throw new AppError(422, 'You cannot send a friend request to yourself.');
  if (!(await isLiveMember(ctx, userId))) throw notFound();
  await ctx.limiter.consume(['friendRequestsPerMember', me]);
  return ctx.db.transaction(async (tx) => {
    await lockPair(tx, me, userId);
    if (await areFriends(tx, me, userId)) throw new AppError(409, 'You are already friends.');
    // They had asked first: their request becomes the friendship.
    if (await deleteFriendRequest(tx, userId, me)) {
      await insertFriendship(tx, me, userId);
      return 'friends' as const;
    }
    if (!(await insertFriendRequest(tx, me, userId)))
      throw new AppError(409, 'Your friend request is already pending.');
    return 'pending_sent' as const;
  });
}

/** GET /friends/requests: the requests the viewer received, newest first. */
export function receivedRequests(
  ctx: AppContext,
  viewer: Viewer,
  cursor: string | undefined,
): Promise<FriendRequestsResponse> {
  return keysetPage(
    cursor,
    REQUESTS_PAGE,
    (after, limit) => selectReceivedRequests(ctx.db, viewer.user.id, after, limit),
    (row) => ({ at: row.time, id: Number(row.id) }),
    (row) => ({
      id: Number(row.id),
      time: row.time,
      mutualFriends: row.mutual,
      mutualFriendAvatars: row.avatars.map((image) => image ?? USER_PLACEHOLDER_IMAGE),
      user: {
        id: row.user_id,
        name: fullName(row.first_name, row.last_name),
        avatarUrl: row.image ?? USER_PLACEHOLDER_IMAGE,
      },
    }),
  );
}

/** Confirm: only the recipient may; the request becomes a friendship. */
export async function acceptRequest(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const me = viewer.user.id;
  await ctx.db.transaction(async (tx) => {
    const request = await selectRequestOf(tx, id, me);
    if (!request || request.recipientId !== me) throw notFound();
    await lockPair(tx, request.senderId, me);
    if (!(await deleteRequestById(tx, id))) throw notFound();
    await insertFriendship(tx, me, request.senderId);
  });
}

/** Delete (the recipient declines) or cancel (the sender withdraws). */
export async function removeRequest(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await selectRequestOf(tx, id, viewer.user.id))) throw notFound();
    if (!(await deleteRequestById(tx, id))) throw notFound();
  });
}

/** Unfriend: both rows go; 404 when they were not friends. */
export async function unfriend(ctx: AppContext, viewer: Viewer, userId: string): Promise<void> {
  if (!(await deleteFriendship(ctx.db, viewer.user.id, userId))) throw notFound();
}

/** GET /friends?q=: the viewer's friends (Contacts), newest friendship first. */
export async function friends(
  ctx: AppContext,
  viewer: Viewer,
  query: { q?: string | undefined; cursor?: string | undefined },
): Promise<FriendsResponse> {
  const after = decodeTextCursor(query.cursor);
  const rows = await selectFriends(ctx.db, viewer.user.id, query.q ?? '', after, FRIENDS_PAGE + 1);
  const page = rows.slice(0, FRIENDS_PAGE);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      name: fullName(row.first_name, row.last_name),
      user_image: row.image ?? USER_PLACEHOLDER_IMAGE,
    })),
    next_cursor: rows.length > FRIENDS_PAGE && last ? encodeCursor(last.since, last.id) : null,
  };
}
