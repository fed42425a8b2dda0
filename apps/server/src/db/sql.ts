import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/** A value a statement receives: written in when the SQL is built, or named and filled in at each run. */
export type Param<T = unknown> = T | Placeholder;

/** The named placeholders of a prepared statement's values. */
export type Placeholders<Values> = { [Key in keyof Values]: Placeholder<Key & string> };

export type Statement<Values, Row> = (db: Tx, values: Values) => Promise<Row[]>;

// A statement's name only has to be unique within a process (PostgreSQL keeps prepared statements per
// connection), so a counter names them.
let statementCount = 0;

/**
 * A raw SQL statement built and compiled once, then run as a named prepared statement with its values each
 * time: the hot paths (every list) skip building the SQL in Node, and on PostgreSQL each connection parses
 * and plans it once (generic plans, db/client.ts); for the lists' statements planning costs more than
 * running them (docs/decisions/008-one-request-path.md). `build` gets a placeholder for each value.
 *
 * A generic plan knows no value, so whatever decides the plan's shape must be written into the SQL, not
 * passed as a value: above all LIMIT (as a parameter the planner assumes a tenth of the table and hashes
 * whole tables). `named: false` compiles once but lets PostgreSQL plan each run with its values (unnamed
 * statement), for shapes whose best plan depends on them (the legacy OFFSET pages).
 */
export function preparedStatement<Values extends Record<string, unknown>, Row>(
  build: (values: Placeholders<Values>) => SQL,
  { named = true }: { named?: boolean } = {},
): Statement<Values, Row> {
  let compiled: { query: Query; name: string | undefined } | undefined;
  return async (db, values) => {
    if (!compiled) {
      const names = new Proxy({}, { get: (_target, key) => sql.placeholder(String(key)) }) as Placeholders<Values>;
      const query = dialect.sqlToQuery(build(names));
      compiled = { query, name: named ? `q_${++statementCount}` : undefined };
    }
    const prepared = db._.session.prepareQuery(compiled.query, undefined, compiled.name, false);
    return rowsOf<Row>(await prepared.execute(values));
  };
}

/**
 * Prepared statements that come in a few shapes (first page or after a cursor, a page size): one statement
 * per shape, built on first use. Shapes must be few and known; values go in as placeholders.
 */
export function preparedStatements<
  Shape extends Record<string, string | number | boolean>,
  Values extends Record<string, unknown>,
  Row,
>(
  build: (shape: Shape, values: Placeholders<Values>) => SQL,
  options: (shape: Shape) => { named?: boolean } = () => ({}),
): (shape: Shape) => Statement<Values, Row> {
  const statements = new Map<string, Statement<Values, Row>>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let statement = statements.get(key);
    if (!statement) {
      statement = preparedStatement<Values, Row>((values) => build(shape, values), options(shape));
      statements.set(key, statement);
    }
    return statement;
  };
}

/** A number written into the SQL (a LIMIT the plan must know), never a value from a request. */
export const literal = (value: number): SQL => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
};

/**
 * A timestamptz as UTC ISO 8601 text, made by PostgreSQL so no precision is lost on the way:
 * 'us' keeps the microseconds that keyset cursors compare, 'ms' is what clients show, 's' for event times.
 */
export function utcText(column: SQL, precision: 'us' | 'ms' | 's' = 'us'): SQL {
  const fraction = { us: '.US', ms: '.MS', s: '' }[precision];
  return sql`to_char(${column} at time zone 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS${fraction}"Z"'`)})`;
}
