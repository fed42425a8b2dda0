import { createHash } from 'node:crypto';
import { MESSAGES } from '@corral/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { users } from '../db/schema.ts';
import { AppError } from './errors.ts';

export type UserRow = typeof users.$inferSelect;

/** The member making a request, and the session token they used. */
export interface Viewer {
  user: UserRow;
  token: string;
  sessionId: string;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 512 ? token : undefined;
}

/** A short, non-reversible name for a token, for rate-limit keys and logs. */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  const token = bearerToken(request);
  if (token) headers.set('authorization', `Bearer ${token}`);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** The signed-in member, or null: an unknown, expired or revoked token, or a deleted member. */
export async function findViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const session = await ctx.auth.api.getSession({ headers: toHeaders(request), query: { disableCookieCache: true } });
  if (!session) return null;
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, session.user.id), isNull(users.deletedAt)));
  return user ? { user, token: session.session.token, sessionId: session.session.id } : null;
}

/** The signed-in member, or a 401. */
export async function requireViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await findViewer(ctx, request);
  if (!viewer) throw new AppError(401, MESSAGES.http.unauthenticated);
  return viewer;
}

/** A member who has onboarded and verified a phone number: the social endpoints ask for this. */
export async function requireMember(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(ctx, request);
  if (!viewer.user.isOnboard) throw new AppError(403, MESSAGES.http.notOnboarded);
  if (!viewer.user.phoneNumberVerified) throw new AppError(403, MESSAGES.http.notVerified);
  return viewer;
}
