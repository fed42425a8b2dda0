import { and, eq, gt, gte, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { phoneCodes, users } from '../../db/schema.ts';
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

export interface NewPhoneCode {
  userId: string;
  phoneNumber: string;
  codeHash: string;
  expiresAt: Date;
  now: Date;
}

/** Stores the member's new code for the number, replacing only that member's previous one for it. */
export async function upsertPhoneCode(db: Tx, code: NewPhoneCode) {
  const { userId, phoneNumber, codeHash, expiresAt, now } = code;
  await db
    .insert(phoneCodes)
    .values({ userId, phoneNumber, codeHash, attempts: 0, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: [phoneCodes.userId, phoneCodes.phoneNumber],
      set: { codeHash, attempts: 0, expiresAt, createdAt: now },
    });
}

/** Drops the member's codes that have expired, whatever their number. */
export async function deleteExpiredPhoneCodes(db: Tx, userId: string, now: Date) {
  await db.delete(phoneCodes).where(and(eq(phoneCodes.userId, userId), lte(phoneCodes.expiresAt, now)));
}

/** The member's code for the number, while it has not expired. */
const unexpiredCodeOf = (userId: string, phoneNumber: string, now: Date) =>
  and(eq(phoneCodes.userId, userId), eq(phoneCodes.phoneNumber, phoneNumber), gt(phoneCodes.expiresAt, now));

/**
 * Counts one try at the member's live code for the number and returns its hash; undefined when there is
 * no live code (none, expired, or already tried `allowedAttempts` times). One statement, so concurrent
 * tries never get more than `allowedAttempts` looks at a code.
 */
export async function claimPhoneCodeTry(
  db: Tx,
  userId: string,
  phoneNumber: string,
  now: Date,
  allowedAttempts: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(unexpiredCodeOf(userId, phoneNumber, now), lt(phoneCodes.attempts, allowedAttempts)))
    .returning({ codeHash: phoneCodes.codeHash });
  return row?.codeHash;
}

/** Whether the member's code for the number is unexpired but used up by wrong tries. */
export async function hasKilledPhoneCode(
  db: Tx,
  userId: string,
  phoneNumber: string,
  now: Date,
  allowedAttempts: number,
): Promise<boolean> {
  const rows = await db
    .select({ attempts: phoneCodes.attempts })
    .from(phoneCodes)
    .where(and(unexpiredCodeOf(userId, phoneNumber, now), gte(phoneCodes.attempts, allowedAttempts)));
  return rows.length > 0;
}

/** Deletes the member's code for the number if it is still the one with `codeHash`; whether it was. */
export async function consumePhoneCode(db: Tx, userId: string, phoneNumber: string, codeHash: string) {
  const rows = await db
    .delete(phoneCodes)
    .where(
      and(eq(phoneCodes.userId, userId), eq(phoneCodes.phoneNumber, phoneNumber), eq(phoneCodes.codeHash, codeHash)),
    )
    .returning({ userId: phoneCodes.userId });
  return rows.length > 0;
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
