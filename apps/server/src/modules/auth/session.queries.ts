import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/**
 * The session of a token joined with its live member, in one statement, prepared once per connection:
 * every authenticated request runs it.
 */
export function prepareSessionLookup(db: Database) {
  return db
    .select({
      user: users,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.createdAt, sql.placeholder('bornAfter')),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('session_viewer');
}

export async function extendSession(db: Database, sessionId: string, expiresAt: Date, now: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt, updatedAt: now }).where(eq(sessions.id, sessionId));
}
