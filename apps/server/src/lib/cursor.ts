import { AppError } from './errors.ts';

/** What a cursor carries: the sort key of the last row a page showed, most significant part first. */
export type CursorParts = readonly (string | number)[];

/** How one kind of list writes its key into a cursor and reads it back (null: not a key of this kind). */
export interface CursorKey<Key> {
  write(key: Key): CursorParts;
  read(parts: unknown[]): Key | null;
}

/** The one cursor codec: cursors are opaque to clients, base64url of the key's parts as JSON. */
export function encodeCursor(parts: CursorParts): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/**
 * The key a cursor carries, or null without one. Whatever `key` does not read back as one of its own
 * (garbage, a cursor of another list, a forged value) is a 400, never a 5xx, and never reaches SQL.
 */
export function decodeCursor<Key>(cursor: string | undefined, key: CursorKey<Key>): Key | null {
  if (!cursor) return null;
  let parts: unknown = null;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // not JSON: refused below
  }
  const read = Array.isArray(parts) ? key.read(parts) : null;
  if (read === null) throw new AppError(400, 'The cursor is not valid.', { cursor: ['The cursor is not valid.'] });
  return read;
}

const CURSOR_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z$/;

/**
 * A time exactly as the server writes it into cursors (ISO 8601 in UTC, microseconds at most) and a real
 * instant (JavaScript turns 30 February into 1 March; PostgreSQL refuses it), so PostgreSQL reads it.
 */
export function isCursorTime(at: unknown): at is string {
  if (typeof at !== 'string' || !CURSOR_TIME.test(at)) return false;
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
}

/** A row id (bigserial): a positive safe integer. */
export const isRowId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

/** A member id (better-auth's text ids). */
export const isMemberId = (id: unknown): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id);
