import { MESSAGES } from '@corral/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { friendRequests, friendships, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

export type RequestOutcome = 'pending_sent' | 'friends';

/**
 * Add Friend: a request to another live member. When they had already asked, it becomes a friendship
 * (both directions) at once. The answers, notifications and the requests list come with the friends issue.
 */
export async function sendFriendRequest(ctx: AppContext, viewer: Viewer, userId: string): Promise<RequestOutcome> {
  const me = viewer.user.id;
  if (userId === me) throw new AppError(422, 'You cannot send a friend request to yourself.');
  const [target] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!target) throw new AppError(404, MESSAGES.http.notFound);
  await ctx.limiter.consume(['friendRequestsPerMember', me]);
  return ctx.db.transaction(async (tx) => {
    const [friends] = await tx
      .select({ userId: friendships.userId })
      .from(friendships)
      .where(and(eq(friendships.userId, me), eq(friendships.friendId, userId)));
    if (friends) throw new AppError(409, 'You are already friends.');
    const [theirs] = await tx
      .delete(friendRequests)
      .where(and(eq(friendRequests.senderId, userId), eq(friendRequests.recipientId, me)))
      .returning({ id: friendRequests.id });
    if (theirs) {
      await tx
        .insert(friendships)
        .values([
          { userId: me, friendId: userId },
          { userId, friendId: me },
        ])
        .onConflictDoNothing();
      return 'friends' as const;
    }
    const inserted = await tx
      .insert(friendRequests)
      .values({ senderId: me, recipientId: userId })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new AppError(409, 'Your friend request is already pending.');
    return 'pending_sent' as const;
  });
}
