import { eq, sql } from 'drizzle-orm';
import { newsletterSubscriptions as subscriptions } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

/** An address's row, locked until the transaction ends (two subscriptions of one address take turns). */
export async function selectSubscriptionForUpdate(
  tx: Tx,
  email: string,
): Promise<{ status: 'subscribed' | 'unsubscribed'; lastEmailedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ status: subscriptions.status, lastEmailedAt: subscriptions.lastEmailedAt })
    .from(subscriptions)
    .where(eq(subscriptions.email, email))
    .for('update');
  return row;
}

/** A new address on the list; false when another request put it there first. */
export async function insertSubscription(
  tx: Tx,
  row: { email: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(subscriptions)
    .values({
      email: row.email,
      status: 'subscribed',
      tokenHash: row.tokenHash,
      subscribedAt: row.now,
      lastEmailedAt: row.now,
      createdAt: row.now,
    })
    .onConflictDoNothing({ target: subscriptions.email })
    .returning({ id: subscriptions.id });
  return inserted.length > 0;
}

/**
 * An address already known, subscribed (again): `subscribed_at` moves only for one that had left the list.
 * The token's hash is written each time, since it follows the server's secret.
 */
export async function resubscribe(
  tx: Tx,
  row: { email: string; tokenHash: string; now: Date; emailed: boolean },
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      subscribedAt: sql`case when ${subscriptions.status} = 'unsubscribed' then ${row.now.toISOString()}::timestamptz
                             else ${subscriptions.subscribedAt} end`,
      status: 'subscribed',
      unsubscribedAt: null,
      tokenHash: row.tokenHash,
      ...(row.emailed ? { lastEmailedAt: row.now } : {}),
    })
    .where(eq(subscriptions.email, row.email));
}

/**
 * Takes the address of a link's token off the list; `unsubscribed_at` keeps the first time. Answers whether
 * the token belongs to any row (an address already off the list counts: unsubscribing is idempotent).
 */
export async function unsubscribeByTokenHash(tx: Tx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`case when ${subscriptions.status} = 'subscribed' then ${now.toISOString()}::timestamptz
                               else ${subscriptions.unsubscribedAt} end`,
    })
    .where(eq(subscriptions.tokenHash, tokenHash))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
