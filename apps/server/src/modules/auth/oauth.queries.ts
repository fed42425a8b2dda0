import { and, asc, eq, gt, inArray, like, lte } from 'drizzle-orm';
import { accounts, users, verifications } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

/**
 * Provider sign-in's short-lived rows (state, one-time codes, link steps) live in better-auth's verifications
 * table, under an `oauth-…:` identifier holding only the SHA-256 of the secret (docs/decisions/036).
 */
export async function insertOneTime(db: Tx, identifier: string, value: unknown, expiresAt: Date): Promise<void> {
  const now = new Date();
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier,
    value: JSON.stringify(value),
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
}

/** Takes a row once: whoever deletes it has it; a second take (a replay) finds nothing. Null when expired. */
export async function takeOneTime(db: Tx, identifier: string, now: Date): Promise<unknown | null> {
  const rows = await db
    .delete(verifications)
    .where(eq(verifications.identifier, identifier))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  const row = rows.find((r) => r.expiresAt.getTime() > now.getTime());
  return row ? JSON.parse(row.value) : null;
}

/** Reads a live row without taking it (a link step a wrong password may try again). */
export async function peekOneTime(db: Tx, identifier: string, now: Date): Promise<unknown | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)))
    .limit(1);
  return row ? JSON.parse(row.value) : null;
}

/** Expired provider sign-in rows, removed as new ones are made. */
export async function deleteExpiredOneTimes(db: Tx, now: Date): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'oauth-%'), lte(verifications.expiresAt, now)));
}

/** The member a provider identity is linked to. */
export async function selectLinkedUserId(db: Tx, provider: string, subject: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, provider), eq(accounts.accountId, subject)));
  return row?.userId;
}

/**
 * Links a provider identity to a member; false when it is linked already (to them or to someone else: the
 * unique index on provider and subject decides between two at once), or the member has that provider already.
 */
export async function insertProviderAccount(
  db: Tx,
  userId: string,
  provider: string,
  subject: string,
): Promise<boolean> {
  const now = new Date();
  const inserted = await db
    .insert(accounts)
    .values({
      id: crypto.randomUUID(),
      userId,
      providerId: provider,
      accountId: subject,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  return inserted.length > 0;
}

/** The member's ways in: `credential` (a password) and the providers, oldest first. */
export function selectSignInAccounts(db: Tx, userId: string) {
  return db
    .select({ providerId: accounts.providerId, password: accounts.password, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
}

/** Holds the member's row until the transaction ends: changes to their ways in take turns. */
export async function lockUser(db: Tx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function deleteProviderAccounts(db: Tx, userId: string, providers: string[]): Promise<number> {
  const deleted = await db
    .delete(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.providerId, providers)))
    .returning({ id: accounts.id });
  return deleted.length;
}
