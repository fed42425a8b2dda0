import { AppError } from './errors.ts';

/** Keyset cursors are opaque to clients: base64url of a (timestamp, id) pair. */
export function encodeCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && Number.isSafeInteger(id))
      return { at, id: id as number };
  } catch {
    // fall through
  }
  throw new AppError(400, 'The cursor is not valid.', { cursor: ['The cursor is not valid.'] });
}
