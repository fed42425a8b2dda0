import {
  ACCOUNT_MESSAGES,
  type AccountSessionsResponse,
  LIMITS,
  type OkResponse,
  type SignOutOthersResponse,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { deleteOtherSessions, deleteSessionOf, selectLiveSessions } from './account-settings.queries.ts';
import type { RequestMeta } from './auth-log.ts';
import { describeDevice } from './session-device.ts';

/**
 * GET /me/sessions: the member's live sessions, the caller's first. "Last used" is the session's updated_at,
 * which the request path moves when it extends the session: at most once a day (ADR 008), so it is right to
 * within a day and costs no write; the caller's own is now.
 */
export async function listSessions(ctx: AppContext, viewer: Viewer): Promise<AccountSessionsResponse> {
  const now = ctx.clock.now();
  const rows = await selectLiveSessions(
    ctx.db,
    viewer.user.id,
    new Date(now),
    new Date(now - LIMITS.sessionMaxAgeSeconds * 1000),
  );
  const sessions = rows.map((row) => {
    const current = row.id === viewer.sessionId;
    return {
      id: row.id,
      ...describeDevice(row.userAgent, row.ipAddress),
      created_at: row.createdAt.toISOString(),
      last_used_at: (current ? new Date(now) : row.updatedAt).toISOString(),
      current,
    };
  });
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/** DELETE /me/sessions/:id: one of the member's own sessions ends; anyone else's id is a 404 and ends nothing. */
export async function signOutSession(
  ctx: AppContext,
  viewer: Viewer,
  sessionId: string,
  meta: RequestMeta,
): Promise<OkResponse> {
  if (!(await deleteSessionOf(ctx.db, viewer.user.id, sessionId))) throw notFound();
  meta.log.info({ event: 'account.session_revoked', user_id: viewer.user.id }, 'session signed out');
  return { status: true, message: ACCOUNT_MESSAGES.sessionSignedOut };
}

/** DELETE /me/sessions: every session of the member but the caller's ends. */
export async function signOutOtherSessions(
  ctx: AppContext,
  viewer: Viewer,
  meta: RequestMeta,
): Promise<SignOutOthersResponse> {
  const count = await deleteOtherSessions(ctx.db, viewer.user.id, viewer.sessionId);
  meta.log.info({ event: 'account.sessions_revoked', user_id: viewer.user.id, count }, 'other sessions signed out');
  return { status: true, message: ACCOUNT_MESSAGES.otherSessionsSignedOut(count), count };
}
