import { MESSAGES, type OkResponse } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../lib/viewer.ts';
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
  await ctx.db.transaction(async (tx) => {
    await markUserDeleted(tx, userId, now);
    await deleteSessionsOf(tx, userId);
    await deleteResetTokensOf(tx, userId);
    await forgetInteractionsOf(tx, userId);
  });
  meta.log.info({ event: 'account.deleted', user_id: userId }, 'account deleted');
  return { status: true, message: MESSAGES.account.deletedText };
}
