import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { hashedKey } from '../lib/hashed-key.ts';
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

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement: on PostgreSQL each connection parses it once, and once
 * PostgreSQL settles on a generic plan, plans it once too; for the lists' statements planning costs more
 * than running them (docs/decisions/008-one-request-path.md). The name comes from the text, so the text
 * must not vary with the data: every value goes in as a parameter.
 */
export async function selectPrepared<T>(db: Tx, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = `q_${hashedKey(compiled.sql).slice(0, 20)}`;
  return rowsOf<T>(await db._.session.prepareQuery(compiled, undefined, name, false).execute());
}

/**
 * A timestamptz as UTC ISO 8601 text, made by PostgreSQL so no precision is lost on the way:
 * 'us' keeps the microseconds that keyset cursors compare, 'ms' is what clients show, 's' for event times.
 */
export function utcText(column: SQL, precision: 'us' | 'ms' | 's' = 'us'): SQL {
  const fraction = { us: '.US', ms: '.MS', s: '' }[precision];
  return sql`to_char(${column} at time zone 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS${fraction}"Z"'`)})`;
}
