import { AppError } from './errors.ts';

const CURSOR_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z$/;

/** A date that exists (JavaScript turns 30 February into 1 March; PostgreSQL refuses it). */
const isRealInstant = (at: string) => {
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
};

/** Keyset cursors are opaque to clients: base64url of a (timestamp, tie-breaker) pair. */
export function encodeCursor(at: string, id: number | string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/**
 * The (timestamp, id) of a cursor, or null without one. The timestamp must be exactly the text the server
 * writes (ISO 8601 in UTC, microseconds at most) and a real instant, so PostgreSQL reads whatever passed
 * here; `isId` says what the tie-breaker may be. Anything else is a 400.
 */
function decodePair<Id>(cursor: string | undefined, isId: (id: unknown) => id is Id): { at: string; id: Id } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && CURSOR_TIME.test(at) && isRealInstant(at) && isId(id)) return { at, id };
  } catch {
    // fall through
  }
  throw new AppError(400, 'The cursor is not valid.', { cursor: ['The cursor is not valid.'] });
}

const isRowId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;
const isMemberId = (id: unknown): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id);

/** A cursor whose tie-breaker is a row id (posts, comments, requests). */
export const decodeCursor = (cursor: string | undefined) => decodePair(cursor, isRowId);

/** A cursor whose tie-breaker is a member id (friends). */
export const decodeTextCursor = (cursor: string | undefined) => decodePair(cursor, isMemberId);
