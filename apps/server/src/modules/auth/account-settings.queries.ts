import { and, desc, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import { accounts, emailChanges, sessions, users } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

/** The member's password account (better-auth's 'credential' provider): its id and scrypt hash. */
export async function selectPasswordAccount(
  db: Tx,
  userId: string,
): Promise<{ id: string; hash: string | null } | undefined> {
  const [account] = await db
    .select({ id: accounts.id, hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return account;
}

export async function updatePasswordHash(tx: Tx, accountId: string, hash: string, now: Date): Promise<void> {
  await tx.update(accounts).set({ password: hash, updatedAt: now }).where(eq(accounts.id, accountId));
}

/** Ends every session of the member but one; answers how many ended. */
export async function deleteOtherSessions(tx: Tx, userId: string, keepSessionId: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends one session if it is the member's; answers whether one ended. */
export async function deleteSessionOf(tx: Tx, userId: string, sessionId: string): Promise<boolean> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** The member's live sessions (not expired, not past the 30 days since sign-in), latest used first. */
export function selectLiveSessions(db: Tx, userId: string, now: Date, bornAfter: Date) {
  return db
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.createdAt, bornAfter)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt))
    .limit(200);
}

/** Whether an address belongs to any account, deleted ones included (they keep it 30 days; ADR 004). */
export async function isEmailTaken(db: Tx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** The member's change waiting for its confirmation, while its link lives. */
export async function selectPendingEmailChange(db: Tx, userId: string, now: Date) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.confirmExpiresAt })
    .from(emailChanges)
    .where(
      and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.confirmExpiresAt, now)),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row;
}

/** Drops the member's changes that were never confirmed (a newer one replaces them; cancel). */
export async function deleteUnconfirmedEmailChanges(tx: Tx, userId: string): Promise<number> {
  const dropped = await tx
    .delete(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)))
    .returning({ id: emailChanges.id });
  return dropped.length;
}

export async function insertEmailChange(
  tx: Tx,
  change: {
    id: string;
    userId: string;
    oldEmail: string;
    newEmail: string;
    confirmTokenHash: string;
    confirmExpiresAt: Date;
    now: Date;
  },
): Promise<void> {
  const { now, ...values } = change;
  await tx.insert(emailChanges).values({ ...values, createdAt: now });
}

const changeColumns = {
  id: emailChanges.id,
  userId: emailChanges.userId,
  oldEmail: emailChanges.oldEmail,
  newEmail: emailChanges.newEmail,
  confirmExpiresAt: emailChanges.confirmExpiresAt,
  confirmedAt: emailChanges.confirmedAt,
  undoExpiresAt: emailChanges.undoExpiresAt,
  undoneAt: emailChanges.undoneAt,
  currentEmail: users.email,
  firstName: users.firstName,
  name: users.name,
  deletedAt: users.deletedAt,
};

/** The change a confirmation link names, locked until the transaction ends, with its member's address. */
export async function selectChangeByConfirmHash(tx: Tx, hash: string) {
  const [row] = await tx
    .select(changeColumns)
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(eq(emailChanges.confirmTokenHash, hash))
    .for('update', { of: emailChanges });
  return row;
}

/** The change an undo link names, locked until the transaction ends, with its member's address. */
export async function selectChangeByUndoHash(tx: Tx, hash: string) {
  const [row] = await tx
    .select(changeColumns)
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(eq(emailChanges.undoTokenHash, hash))
    .for('update', { of: emailChanges });
  return row;
}

export async function markEmailChangeConfirmed(
  tx: Tx,
  id: string,
  undo: { hash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ confirmedAt: now, undoTokenHash: undo.hash, undoExpiresAt: undo.expiresAt })
    .where(eq(emailChanges.id, id));
}

/** The member's change confirmed at `confirmedAt` and every later one: their undo links die. */
export async function markEmailChangesUndoneFrom(tx: Tx, userId: string, confirmedAt: Date, now: Date): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ undoneAt: now })
    .where(and(eq(emailChanges.userId, userId), gte(emailChanges.confirmedAt, confirmedAt)));
}

/** Sets the member's address (confirmed by the link that brought it, so verified). */
export async function updateUserEmail(tx: Tx, userId: string, email: string, now: Date): Promise<void> {
  await tx.update(users).set({ email, emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
}

/** Whether the address holds another member's account, when the statement runs (`for update` on none). */
export async function isEmailTakenByOther(tx: Tx, email: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export const isUniqueViolation = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = current.cause;
  }
  return false;
};
