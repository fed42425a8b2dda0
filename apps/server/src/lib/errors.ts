import { MESSAGES } from '@corral/contract';

/** The one error type services throw; the error handler turns it into `{ message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Fields the answer carries beside `message` (a suspended member's login: the date and the reason). */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, message);

/**
 * A refusal that says when to try again (`Retry-After`): 429 when the client is over a limit, 503 when the
 * server is full or a part it needs is away for a moment.
 */
export const retryLater = (status: 429 | 503, message: string, retryAfterSeconds: number) =>
  new AppError(status, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** 503: a part the request needs (the database, Redis's counters) is away for a moment. */
export const serviceUnavailable = (retryAfterSeconds: number) =>
  retryLater(503, MESSAGES.http.serviceUnavailable(retryAfterSeconds), retryAfterSeconds);

/** What a client is told to wait when the database is gone: about what a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * node-postgres' and the network's ways of saying the database cannot be reached now (as opposed to a
 * statement it refused): no connection, a connection dropped, the server shutting down or starting up
 * (SQLSTATE class 08 and 57P01-57P03), or no connection free within the pool's connect timeout.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123])$/;
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether an error, or one it wraps (Drizzle wraps the driver's error in `cause`; a refused connection to a
 * host with several addresses is an AggregateError), says the database is unreachable: the request is then
 * answered 503 with Retry-After, never as a bug, and never as "no session".
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
  if (UNREACHABLE_MESSAGES.test(error.message)) return true;
  const wrapped = error instanceof AggregateError ? error.errors : [error.cause];
  return wrapped.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
