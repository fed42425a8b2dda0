import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and over node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** node-postgres's own counts: connections open, of them idle, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The pool's connections (metrics): null for PGlite, which has one connection and no pool. */
  poolStats(): PoolStats | null;
  migrate(): Promise<void>;
  /**
   * Runs once-per-database work (migrations, seeds) on one process at a time: on PostgreSQL under a
   * session advisory lock held on a connection of its own, so that processes started together take turns
   * and the later ones find the work done (docs/decisions/024-postgresql-outages.md).
   */
  runAlone<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work: any fixed number no other lock uses (the account purge has 7_261_001). */
const STARTUP_LOCK_KEY = 7_261_000;

/**
 * Settings of every server connection. JIT off: compiling our short OLTP queries costs 30-900 ms for
 * queries that run in about one (docs/decisions/006-timeline-query.md). Generic plans for named statements:
 * the lists' statements are prepared (db/sql.ts `selectPrepared`) and their plans do not depend on the
 * values (the timeline picks its walk at run time), so planning them once per connection saves more than
 * they cost to run (docs/decisions/008-one-request-path.md). No parallel workers: a request's statements read a
 * page, and a generic plan that guessed a parallel scan cheaper (the events under way, at 100,000 events) read
 * every row instead of the few the index holds, and starts workers besides (docs/decisions/031-lists-at-scale.md).
 */
export const POSTGRES_SESSION_OPTIONS =
  '-c jit=off -c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0';

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory, or 'memory://' for a database that lives only in this process. */
  pglitePath: string;
  /** Sees every statement sent through Drizzle (better-auth's included): tests count them. */
  onStatement?: ((sql: string, params: unknown[]) => void) | undefined;
  /**
   * Hears of an idle pooled connection that broke (PostgreSQL restarted, a backend terminated). The pool
   * drops it and opens another on demand; without a listener, node-postgres' 'error' event would end the
   * process.
   */
  onConnectionLost?: ((error: Error) => void) | undefined;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new CheckoutReturningPool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // Short OLTP queries: JIT compiling them costs 30-900 ms for queries that run in about one
      // (docs/decisions/006-timeline-query.md).
      options: POSTGRES_SESSION_OPTIONS,
    });
    pool.on('error', (error) => options.onConnectionLost?.(error));
    // Every connection listens for its 'error' event from the start: node-postgres emits it whenever a
    // connection breaks, and the pool listens only while the connection is idle.
    pool.on('connect', (connection) => connection.on('error', () => undefined));
    const db = drizzlePg(pool, { schema, logger: statementLogger(options) }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      runAlone: (work) => withAdvisoryLock(pool, STARTUP_LOCK_KEY, work),
      close: () => pool.end(),
    };
  }
  if (options.pglitePath !== 'memory://') mkdirSync(options.pglitePath, { recursive: true });
  // unaccent: search folds accents in SQL (drizzle/0006_search.sql), as on PostgreSQL; cube and earthdistance:
  // the hauling board's great-circle distances (drizzle/0012_hauling_board.sql).
  const client = new PGlite({
    ...(options.pglitePath === 'memory://' ? {} : { dataDir: options.pglitePath }),
    extensions: { unaccent, cube, earthdistance },
  });
  const db = drizzlePglite(client, { schema, logger: statementLogger(options) }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    poolStats: () => null,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    // PGlite is one process's database: nobody to take turns with.
    runAlone: (work) => work(),
    close: () => client.close(),
  };
}

/**
 * node-postgres' pool, except that a connection checked out (a Drizzle transaction) and broken meanwhile goes
 * back to the pool at once, to be closed, and releasing it again does nothing. Drizzle sends BEGIN before its
 * try block, so a transaction whose BEGIN meets a dead connection never releases it: after a PostgreSQL
 * restart the pool would fill with dead connections and every request would wait for one in vain
 * (test/postgres-connections.test.ts).
 */
type ConnectCallback = Parameters<pg.Pool['connect']>[0];

class CheckoutReturningPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: NonNullable<ConnectCallback>): void;
  override connect(callback?: ConnectCallback) {
    // pool.query checks out with a callback and watches the connection itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenBroken);
  }
}

function releasedWhenBroken(connection: pg.PoolClient): pg.PoolClient {
  const release = connection.release;
  let released = false;
  const onError = (error: Error) => connection.release(error);
  connection.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    connection.removeListener('error', onError);
    release(error);
  };
  connection.on('error', onError);
  return connection;
}

/**
 * Holds a session advisory lock on one pooled connection while `work` runs on the others. The lock lives as
 * long as that connection: a process that dies holding it lets the next one in.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, key: number, work: () => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    // Closed, not pooled: if the unlock failed, closing is what releases the lock.
    connection.release(true);
  }
}

function statementLogger({ onStatement }: DatabaseOptions) {
  return onStatement ? { logQuery: (query: string, params: unknown[]) => onStatement(query, params) } : false;
}
