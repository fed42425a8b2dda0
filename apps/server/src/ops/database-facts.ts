import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/sql.ts';
import type { DatabaseFacts } from './manifest.ts';
import { OpsError } from './ops-error.ts';

const JOURNAL = path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json');

/** The tags of the code's migrations, in order (drizzle-kit's journal). */
export function codeMigrationTags(): string[] {
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

/** The tables of the public schema: the app's own (drizzle keeps its migration log in the 'drizzle' schema). */
async function appTables(db: Tx): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name);
}

/**
 * The migration level and the rows of every table. Read in the transaction of the dump (PostgreSQL) or on
 * the database no one else holds (PGlite), so the figures are those of the backup.
 */
export async function readDatabaseFacts(db: Tx): Promise<DatabaseFacts> {
  const [log] = await selectRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!log?.exists) throw new OpsError('The database has never been migrated: there is nothing to back up');
  const [level] = await selectRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  const applied = level?.applied ?? 0;
  const rows: Record<string, number> = {};
  for (const table of await appTables(db)) {
    const [count] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    rows[table] = count?.n ?? 0;
  }
  return { migrations: { applied, latest: codeMigrationTags()[applied - 1] ?? null }, rows };
}

/** How many tables the database holds outside PostgreSQL's own schemas: 0 for a fresh database. */
export async function countTables(db: Tx): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return row?.n ?? 0;
}
