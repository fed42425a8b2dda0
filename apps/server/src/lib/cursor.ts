import { AppError } from './errors.ts';

const CURSOR_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z$/;

/** A date that exists (JavaScript turns 30 February into 1 March; PostgreSQL refuses it). */
const isRealInstant = (at: string) => {
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
};

/** Keyset cursors are opaque to clients: base64url of a (timestamp, id) pair. */
export function encodeCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    // Exactly the text the server writes (ISO 8601 in UTC, microseconds at most), so PostgreSQL reads
    // whatever JavaScript accepted; and a positive id.
    if (typeof at === 'string' && CURSOR_TIME.test(at) && isRealInstant(at) && Number.isSafeInteger(id))
      if ((id as number) > 0) return { at, id: id as number };
  } catch {
    // fall through
  }
  throw new AppError(400, 'The cursor is not valid.', { cursor: ['The cursor is not valid.'] });
}

/** A cursor whose tie-breaker is text (a member id): base64url of a (timestamp, id) pair. */
export function encodeTextCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

export function decodeTextCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && CURSOR_TIME.test(at) && isRealInstant(at) && typeof id === 'string')
      if (/^[\w-]{1,64}$/.test(id)) return { at, id };
  } catch {
    // fall through
  }
  throw new AppError(400, 'The cursor is not valid.', { cursor: ['The cursor is not valid.'] });
}
