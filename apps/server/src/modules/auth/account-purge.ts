import { LIMITS } from '@corral/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { purgeMembersMessages } from '../conversations/conversations.service.ts';
import { releaseMembersBookings } from '../haul/bookings.service.ts';
import { purgeMembersMedia } from '../media/media.purge.ts';
import { deleteUsersDeletedBefore, selectUsersDeletedBefore, tryTransactionLock } from './auth.queries.ts';

/**
 * One thing to remove for members whose deletion is due, before their rows go. Steps must be idempotent:
 * a step that fails rolls the batch back and the next run does it all again. Rows that reference `users`
 * with ON DELETE CASCADE need no step; media in the storage adapter does.
 */
export interface PurgeStep {
  name: string;
  run(ctx: AppContext, tx: Tx, userIds: readonly string[]): Promise<void>;
}

export const PURGE_STEPS: readonly PurgeStep[] = [
  { name: 'media', run: purgeMembersMedia },
  // Direct messages keep their place in the other member's conversation, emptied; their photos go (ADR 029).
  { name: 'messages', run: purgeMembersMessages },
  // Their haul bookings, horses and reviews go with the cascade; the stalls they held go back first (ADR 030).
  { name: 'haul bookings', run: releaseMembersBookings },
];

/** Any fixed number; two processes that run the purge at once take turns on it. */
const PURGE_LOCK_KEY = 7_261_001;
const BATCH_SIZE = 200;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Hard-deletes the members whose deletion is older than LIMITS.accountPurgeAfterDays, with everything
 * that cascades from them. Idempotent, and safe on several processes at once: each batch runs in a
 * transaction holding a PostgreSQL advisory lock, and a process that cannot take it leaves the work to the
 * one that has it. Returns how many members were purged.
 */
export async function purgeDeletedAccounts(
  ctx: AppContext,
  now: Date = new Date(ctx.clock.now()),
  steps: readonly PurgeStep[] = PURGE_STEPS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.accountPurgeAfterDays * 24 * HOUR_MS);
  let purged = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      if (!(await tryTransactionLock(tx, PURGE_LOCK_KEY))) return null;
      const ids = await selectUsersDeletedBefore(tx, cutoff, BATCH_SIZE);
      if (ids.length === 0) return 0;
      for (const step of steps) await step.run(ctx, tx, ids);
      await deleteUsersDeletedBefore(tx, ids, cutoff);
      return ids.length;
    });
    if (batch === null) return purged; // another process holds the lock and is doing this work
    purged += batch;
    if (batch < BATCH_SIZE) return purged;
  }
}

/**
 * Runs the purge every hour on this process, from 'onReady' until 'onClose'; closing waits for a run in
 * progress so that the database is not closed under it.
 */
export function scheduleAccountPurge(app: FastifyInstance, intervalMs = HOUR_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = purgeDeletedAccounts(app.ctx)
      .then((count) => {
        if (count > 0) app.log.info({ event: 'account.purged', count }, 'deleted accounts purged');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'account purge failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
