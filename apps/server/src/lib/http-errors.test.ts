import { MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.ts';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './errors.ts';
import { registerErrorHandler } from './http-errors.ts';

/** A pool aimed at a port nobody listens on: every statement fails the way a stopped PostgreSQL makes it. */
const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/corral` });
afterAll(() => pool.end());

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the statement succeeded'),
    (error: unknown) => error,
  );
}

/** PostgreSQL's own error for a SQLSTATE, as node-postgres builds it from the server's message. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
}

describe('isDatabaseUnavailable', () => {
  it('knows a refused connection, through Drizzle too', async () => {
    expect(isDatabaseUnavailable(await failureOf(pool.query('select 1')))).toBe(true);
    expect(isDatabaseUnavailable(await failureOf(drizzle(pool).execute(sql`select 1`)))).toBe(true);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
  ])('knows SQLSTATE %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(serverError(code, message))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
  ])('knows node-postgres saying "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('leaves statements the database refused, and bugs, alone', () => {
    expect(isDatabaseUnavailable(serverError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(new AppError(404, 'Not found.'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers a database out of reach with 503, Retry-After and a message, never 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/needs-the-database', async () => (await pool.query('select 1')).rows);
    app.get('/bug', async () => {
      throw new Error('a bug');
    });

    const unavailable = await app.inject('/needs-the-database');
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(unavailable.json()).toEqual({ message: MESSAGES.http.serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS) });

    const bug = await app.inject('/bug');
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
