import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The member making a request, and the session token they used. */
export interface Viewer {
  user: UserRow;
  token: string;
  sessionId: string;
}

/** The token of an `Authorization: Bearer` header, or undefined (absent, another scheme, absurdly long). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  // Tokens are printable ASCII; anything else (a NUL byte, say) is no token and never reaches the database.
  return token.length <= 512 && /^[\x21-\x7e]+$/.test(token) ? token : undefined;
}
