import { MESSAGES, type OkResponse } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { closeExportsOf } from '../data-export/data-export.service.ts';
import { forgetInteractionsOf } from '../posts/posts.service.ts';
import { deleteResetTokensOf, deleteSessionsOf, markUserDeleted } from './auth.queries.ts';
import type { RequestMeta } from './auth-log.ts';

/**
 * DELETE /account-delete. In one transaction the member is marked deleted (hidden everywhere at once,
 * refused at login), their likes, comments and shares leave the counters, and every session and pending
 * reset link dies, so every token stops working on every
 * server process. The rows themselves go 30 days later (account-purge.ts).
 */
export async function deleteAccount(ctx: AppContext, viewer: Viewer, meta: RequestMeta): Promise<OkResponse> {
  const now = new Date(ctx.clock.now());
  const userId = viewer.user.id;
  await ctx.db.transaction((tx) => closeAccount(tx, userId, now));
  meta.log.info({ event: 'account.deleted', user_id: userId }, 'account deleted');
  return { status: true, message: MESSAGES.account.deletedText };
}

/**
 * An account's deletion inside the caller's transaction: the member's own (above) and a moderator's ban
 * (modules/moderation) take the same path, and the same 30-day purge.
 */
export async function closeAccount(tx: Tx, userId: string, now: Date): Promise<void> {
  await markUserDeleted(tx, userId, now);
  await endSessionsOf(tx, userId);
  await deleteResetTokensOf(tx, userId);
  await forgetInteractionsOf(tx, userId);
  // Their data exports end at once; the export worker's sweep deletes the files (ADR 035).
  await closeExportsOf(tx, userId, now);
}

/** Every session of the member ends, on every server process at once (each request reads its session). */
export async function endSessionsOf(tx: Tx, userId: string): Promise<void> {
  await deleteSessionsOf(tx, userId);
}
