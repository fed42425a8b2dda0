import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { phoneCodeRequests, users } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

/** Whether a member other than `userId`, and not deleted, holds the number. */
export async function numberHeldByAnotherMember(db: Tx, phoneNumber: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), ne(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Records which member asked for the code now live for a number (one row per number). */
export async function upsertCodeRequest(db: Tx, phoneNumber: string, userId: string, now: Date) {
  await db
    .insert(phoneCodeRequests)
    .values({ phoneNumber, userId, createdAt: now })
    .onConflictDoUpdate({ target: phoneCodeRequests.phoneNumber, set: { userId, createdAt: now } });
}

export async function selectCodeRequester(db: Tx, phoneNumber: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: phoneCodeRequests.userId })
    .from(phoneCodeRequests)
    .where(eq(phoneCodeRequests.phoneNumber, phoneNumber));
  return row?.userId;
}

export async function deleteCodeRequest(db: Tx, phoneNumber: string) {
  await db.delete(phoneCodeRequests).where(eq(phoneCodeRequests.phoneNumber, phoneNumber));
}

/** A deleted account (waiting for its purge) gives up its number, so that a live member can verify it. */
export async function releaseNumberFromDeletedMembers(db: Tx, phoneNumber: string) {
  await db
    .update(users)
    .set({ phoneNumber: null, phoneNumberVerified: false })
    .where(and(eq(users.phoneNumber, phoneNumber), isNotNull(users.deletedAt)));
}

export async function setVerifiedPhoneNumber(db: Tx, userId: string, phoneNumber: string, now: Date) {
  await db.update(users).set({ phoneNumber, phoneNumberVerified: true, updatedAt: now }).where(eq(users.id, userId));
}

export async function selectUser(db: Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}
