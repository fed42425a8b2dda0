import { LIMITS } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { extendSession, prepareSessionLookup } from './session.queries.ts';

const IDLE_MS = LIMITS.sessionExpiresInSeconds * 1000;
const MAX_AGE_MS = LIMITS.sessionMaxAgeSeconds * 1000;
const UPDATE_AGE_MS = LIMITS.sessionUpdateAgeSeconds * 1000;

/**
 * Bearer tokens to viewers. better-auth creates, revokes and resets sessions; reading one is ours, as one
 * statement (the session joined with its live member) instead of better-auth's session read plus a member
 * read. A session lives 7 days from its last use, moved forward at most once a day, and never more than
 * 30 days after sign-in (security.md). A database out of reach is an error (answered 503), never "no
 * session": that would answer 401 and the web would sign the member out (docs/decisions/024-postgresql-outages.md).
 */
export function sessionReader(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const lookup = prepareSessionLookup(ctx.db);
  return async function viewerFromToken(token: string): Promise<Viewer | null> {
    const now = ctx.clock.now();
    const [row] = await lookup.execute({
      token,
      now: new Date(now).toISOString(),
      bornAfter: new Date(now - MAX_AGE_MS).toISOString(),
    });
    if (!row) return null;
    // A suspended member is signed out: their sessions ended with the suspension; this covers any left over.
    if (row.user.suspendedUntil && row.user.suspendedUntil.getTime() > now) return null;
    const extended = Math.min(now + IDLE_MS, row.createdAt.getTime() + MAX_AGE_MS);
    // One write a day at most per session: the other requests of the day stay at one statement.
    if (extended - row.expiresAt.getTime() >= UPDATE_AGE_MS)
      await extendSession(ctx.db, row.sessionId, new Date(extended), new Date(now));
    return { user: row.user, token, sessionId: row.sessionId };
  };
}
