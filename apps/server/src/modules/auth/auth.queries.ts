import { and, asc, eq, gt, inArray, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import { sessions, users, verifications } from '../../db/schema.ts';
import { selectRows, type Tx } from '../../db/sql.ts';
import type { UserRow } from '../../lib/viewer.ts';

/** better-auth's name for a reset token in the verifications table. */
export const resetIdentifier = (token: string) => `reset-password:${token}`;

/** A member who has not deleted the account, as the whole row a `Viewer` carries. */
export async function selectLiveUser(db: Tx, userId: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user;
}

/**
 * The member's latest suspension (modules/moderation writes it to the audit log): its entry, its reason, and how
 * its appeal stands, if it was appealed.
 */
export async function selectSuspension(
  db: Tx,
  userId: string,
): Promise<{ actionId: number; reason: string; appealStatus: 'open' | 'granted' | 'denied' | null } | undefined> {
  const [row] = await selectRows<{ id: string; reason: string; appeal_status: 'open' | 'granted' | 'denied' | null }>(
    db,
    sql`select a.id, a.reason, (select ap.status from moderation_appeals ap where ap.action_id = a.id) as appeal_status
      from moderation_actions a where a.subject_user_id = ${userId} and a.action = 'suspend'
      order by a.created_at desc, a.id desc limit 1`,
  );
  return row ? { actionId: Number(row.id), reason: row.reason, appealStatus: row.appeal_status } : undefined;
}

/** Whether the id names a member who has not deleted the account. */
export async function isLiveUser(db: Tx, userId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return live !== undefined;
}

/**
 * Whether the id names a member others may find: not deleted, onboarded and phone verified (search,
 * suggestions and profiles show no one else; a friend request to anyone else is a 404).
 */
export async function isFindableUser(db: Tx, userId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        isNull(users.deletedAt),
        eq(users.isOnboard, true),
        eq(users.phoneNumberVerified, true),
      ),
    );
  return live !== undefined;
}

/** The member holding an address (stored lowercase), deleted or not. */
export async function selectUserByEmail(
  db: Tx,
  email: string,
): Promise<{ id: string; deletedAt: Date | null } | undefined> {
  const [user] = await db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email));
  return user;
}

export async function markUserDeleted(db: Tx, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

export async function deleteSessionsOf(db: Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Every reset link of the member that has not been used yet. */
export async function deleteResetTokensOf(db: Tx, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, resetIdentifier('%')), eq(verifications.value, userId)));
}

/** The member a reset token belongs to, while the token is alive at `now`. */
export async function selectResetTokenUserId(db: Tx, token: string, now: Date): Promise<string | undefined> {
  const [pending] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, resetIdentifier(token)), gt(verifications.expiresAt, now)));
  return pending?.userId;
}

/** Takes a PostgreSQL advisory lock until the transaction ends, or answers false if another holds it. */
export async function tryTransactionLock(tx: Tx, key: number): Promise<boolean> {
  const [lock] = await selectRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as locked`);
  return Boolean(lock?.locked);
}

/** Up to `limit` members deleted before the cutoff, longest deleted first. */
export async function selectUsersDeletedBefore(db: Tx, cutoff: Date, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, cutoff)))
    .orderBy(asc(users.deletedAt))
    .limit(limit);
  return due.map((row) => row.id);
}

/** Removes these members, if still deleted before the cutoff, with every row that cascades from them. */
export async function deleteUsersDeletedBefore(db: Tx, userIds: readonly string[], cutoff: Date): Promise<void> {
  await db.delete(users).where(and(inArray(users.id, [...userIds]), lt(users.deletedAt, cutoff)));
}
