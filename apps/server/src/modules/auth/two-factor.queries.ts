import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { accounts, twoFactor, twoFactorChallenges, twoFactorRecoveryCodes, users } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

/** The password hash of the member's email-and-password account (null for a member without one). */
export async function selectPasswordHash(db: Tx, userId: string): Promise<string | null> {
  const [account] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return account?.password ?? null;
}

export interface TwoFactorRow {
  secret: string;
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

export async function selectTwoFactor(db: Tx, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db
    .select({ secret: twoFactor.secret, enabledAt: twoFactor.enabledAt, lastUsedStep: twoFactor.lastUsedStep })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row;
}

export async function countRecoveryCodes(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return Number(row?.n ?? 0);
}

/** A new pending setup (not on until a code proves it), replacing any earlier pending one. */
export async function upsertPendingSecret(db: Tx, userId: string, sealedSecret: string, now: Date): Promise<void> {
  await db
    .insert(twoFactor)
    .values({ userId, secret: sealedSecret, enabledAt: null, lastUsedStep: null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret: sealedSecret, enabledAt: null, lastUsedStep: null, updatedAt: now },
      // Never over a setup that is on: turning it off asks for the password first.
      setWhere: isNull(twoFactor.enabledAt),
    });
}

/** Turns a pending setup on, with the step of the code that proved it; false if it was not pending. */
export async function markEnabled(db: Tx, userId: string, step: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(twoFactor)
    .set({ enabledAt: now, lastUsedStep: step, updatedAt: now })
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .returning({ userId: twoFactor.userId });
  return updated.length > 0;
}

/**
 * Records that a code of this step was used, if no code of this step or a later one was: the one atomic
 * statement that makes a code good once (two requests with the same code: one wins).
 */
export async function useStep(db: Tx, userId: string, step: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(twoFactor)
    .set({ lastUsedStep: step, updatedAt: now })
    .where(
      and(
        eq(twoFactor.userId, userId),
        isNotNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return updated.length > 0;
}

export async function replaceRecoveryCodes(db: Tx, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Uses a recovery code up: true if it was the member's and unused (one statement: used once, whoever races). */
export async function useRecoveryCode(db: Tx, userId: string, codeHash: string): Promise<boolean> {
  const deleted = await db
    .delete(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash)))
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return deleted.length > 0;
}

/** Two-factor off: the secret, the recovery codes and every pending challenge go. */
export async function deleteTwoFactor(db: Tx, userId: string): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/**
 * The live member an address names when their two-factor sign-in is on (undefined otherwise: the login goes
 * the password-only way), with what the password step needs.
 */
export async function selectTwoFactorLogin(
  db: Tx,
  email: string,
): Promise<{ userId: string; enabledAt: Date; passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ userId: users.id, enabledAt: twoFactor.enabledAt, passwordHash: accounts.password })
    .from(users)
    .innerJoin(twoFactor, and(eq(twoFactor.userId, users.id), isNotNull(twoFactor.enabledAt)))
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row?.enabledAt ? { userId: row.userId, enabledAt: row.enabledAt, passwordHash: row.passwordHash } : undefined;
}

export interface ChallengeRow {
  userId: string;
  accountKey: string;
  deviceKey: string | null;
}

/** A new challenge; the member's expired ones are swept on the way. */
export async function insertChallenge(
  db: Tx,
  challenge: ChallengeRow & { id: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.userId, challenge.userId), lt(twoFactorChallenges.expiresAt, now)));
  await db.insert(twoFactorChallenges).values({ ...challenge, createdAt: now });
}

export async function selectLiveChallenge(db: Tx, id: string, now: Date): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select({
      userId: twoFactorChallenges.userId,
      accountKey: twoFactorChallenges.accountKey,
      deviceKey: twoFactorChallenges.deviceKey,
    })
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.id, id), gt(twoFactorChallenges.expiresAt, now)));
  return row;
}

/** Counts a wrong code against the challenge (one atomic statement); answers the count, 0 if it is gone. */
export async function addWrongTry(db: Tx, id: string): Promise<number> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ wrongTries: sql`${twoFactorChallenges.wrongTries} + 1` })
    .where(eq(twoFactorChallenges.id, id))
    .returning({ wrongTries: twoFactorChallenges.wrongTries });
  return row?.wrongTries ?? 0;
}

/** Uses the challenge up: true for the one request that does, while it is alive. */
export async function consumeChallenge(db: Tx, id: string, now: Date): Promise<boolean> {
  const deleted = await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.id, id), gt(twoFactorChallenges.expiresAt, now)))
    .returning({ id: twoFactorChallenges.id });
  return deleted.length > 0;
}
