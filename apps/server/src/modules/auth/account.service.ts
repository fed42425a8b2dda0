import { MESSAGES, type OkResponse } from '@corral/contract';
import { and, eq, like } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { sessions, users, verifications } from '../../db/schema.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RequestMeta } from './auth-log.ts';
import { resetIdentifier } from './password-reset.service.ts';

/**
 * DELETE /account-delete. In one transaction the member is marked deleted (hidden everywhere at once,
 * refused at login) and every session and pending reset link dies, so every token stops working on every
 * server process. The rows themselves go 30 days later (account-purge.ts).
 */
export async function deleteAccount(ctx: AppContext, viewer: Viewer, meta: RequestMeta): Promise<OkResponse> {
  const now = new Date(ctx.clock.now());
  const userId = viewer.user.id;
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, resetIdentifier('%')), eq(verifications.value, userId)));
  });
  meta.log.info({ event: 'account.deleted', user_id: userId }, 'account deleted');
  return { status: true, message: MESSAGES.account.deletedText };
}
