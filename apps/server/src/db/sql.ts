import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** A transaction, or the database itself: queries take either, so a service decides the boundaries. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** The rows of `db.execute(sql...)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Runs raw SQL and answers its rows. */
export async function selectRows<T>(db: Tx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * A timestamptz as UTC ISO 8601 text, made by PostgreSQL so no precision is lost on the way:
 * 'us' keeps the microseconds that keyset cursors compare, 'ms' is what clients show, 's' for event times.
 */
export function utcText(column: SQL, precision: 'us' | 'ms' | 's' = 'us'): SQL {
  const fraction = { us: '.US', ms: '.MS', s: '' }[precision];
  return sql`to_char(${column} at time zone 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS${fraction}"Z"'`)})`;
}
