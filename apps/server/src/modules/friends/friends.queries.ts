import { and, eq } from 'drizzle-orm';
import { friendRequests, friendships } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

export async function areFriends(db: Tx, userId: string, friendId: string): Promise<boolean> {
  const [friends] = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
  return friends !== undefined;
}

/** Withdraws a pending request; answers whether there was one. */
export async function deleteFriendRequest(db: Tx, senderId: string, recipientId: string): Promise<boolean> {
  const deleted = await db
    .delete(friendRequests)
    .where(and(eq(friendRequests.senderId, senderId), eq(friendRequests.recipientId, recipientId)))
    .returning({ id: friendRequests.id });
  return deleted.length > 0;
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

/** Answers false when the same request is already pending. */
export async function insertFriendRequest(db: Tx, senderId: string, recipientId: string): Promise<boolean> {
  const inserted = await db
    .insert(friendRequests)
    .values({ senderId, recipientId })
    .onConflictDoNothing()
    .returning({ id: friendRequests.id });
  return inserted.length > 0;
}
