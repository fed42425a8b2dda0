import { MESSAGES } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { isLiveMember } from '../auth/auth.service.ts';
import { areFriends, deleteFriendRequest, insertFriendRequest, insertFriendship } from './friends.queries.ts';

export type RequestOutcome = 'pending_sent' | 'friends';

/**
 * Add Friend: a request to another live member. When they had already asked, it becomes a friendship
 * (both directions) at once. The answers, notifications and the requests list come with the friends issue.
 */
export async function sendFriendRequest(ctx: AppContext, viewer: Viewer, userId: string): Promise<RequestOutcome> {
  const me = viewer.user.id;
  if (userId === me) throw new AppError(422, 'You cannot send a friend request to yourself.');
  if (!(await isLiveMember(ctx, userId))) throw new AppError(404, MESSAGES.http.notFound);
  await ctx.limiter.consume(['friendRequestsPerMember', me]);
  return ctx.db.transaction(async (tx) => {
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
