import { HAUL_LIMITS, type HaulBooking } from '@corral/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { News, recordHaulNotice } from '../notifications/notifications.service.ts';
import * as q from './bookings.queries.ts';
import { cancelBookingsOfCancelledEvent } from './bookings.service.ts';

/*
 * The hauling board's periodic sweep (docs/decisions/030-hauling-board.md, "Bookings"): offers and requests of
 * cancelled events close and their live bookings are cancelled (neither side's doing), an offer's arrive-by
 * follows its performance when the organiser moves it, requests past their
 * expiry expire, confirmed bookings of events that ended complete, and both sides of a confirmed booking are
 * reminded of the papers `reminderHoursBefore` departure, once. Each is one idempotent UPDATE … RETURNING, so
 * the sweeps of several processes never do one row twice; the notices go in the same transaction.
 */

const MINUTE_MS = 60_000;

/** What one sweep did, by kind. */
export interface SweepCounts {
  /** Bookings cancelled with their event (its offers and requests closed). */
  eventCancelled: number;
  expired: number;
  completed: number;
  reminded: number;
}

type Swept = q.SweptRow;
const ids = (row: Swept) => ({
  bookingId: Number(row.id),
  offerId: Number(row.offer_id),
  eventId: Number(row.event_id),
});

function tellBoth(news: News, row: Swept, status: HaulBooking['status']) {
  const booking = { id: Number(row.id), offer_id: Number(row.offer_id), status };
  news.event(row.rider_id, { type: 'haul_booking', booking });
  news.event(row.driver_id, { type: 'haul_booking', booking });
}

/** Notices of a status to both sides, each from the other side. */
async function noticeBoth(tx: Tx, news: News, rows: Swept[], info: 'expired' | 'completed', at: Date) {
  for (const row of rows) {
    const { bookingId, eventId } = ids(row);
    for (const [to, from] of [
      [row.rider_id, row.driver_id],
      [row.driver_id, row.rider_id],
    ] as const)
      await recordHaulNotice(tx, news, {
        kind: 'haul_booking',
        info,
        userId: to,
        actorId: from,
        eventId,
        bookingId,
        at,
      });
    tellBoth(news, row, info);
  }
}

/** One sweep, at the injected clock's time (tests call it directly after moving the clock). */
export async function sweepHauls(ctx: AppContext): Promise<SweepCounts> {
  const at = new Date(ctx.clock.now());
  const news = new News();
  const counts = await ctx.db.transaction(async (tx) => {
    let eventCancelled = 0;
    for (const offerId of await q.closeForCancelledEvents(tx, at))
      eventCancelled += await cancelBookingsOfCancelledEvent(tx, news, offerId, at);
    await q.followMovedPerformances(tx, at);
    const expired = await q.expireRequests(tx, at);
    await noticeBoth(tx, news, expired, 'expired', at);
    const completed = await q.completeEnded(tx, at);
    await noticeBoth(tx, news, completed, 'completed', at);
    const reminded = await q.markReminded(tx, at, HAUL_LIMITS.reminderHoursBefore);
    for (const row of reminded) {
      const { bookingId, eventId } = ids(row);
      await recordHaulNotice(tx, news, {
        kind: 'haul_reminder',
        userId: row.rider_id,
        actorId: row.driver_id,
        eventId,
        bookingId,
        at,
      });
      await recordHaulNotice(tx, news, {
        kind: 'haul_reminder',
        userId: row.driver_id,
        actorId: row.rider_id,
        eventId,
        bookingId,
        at,
      });
    }
    return { eventCancelled, expired: expired.length, completed: completed.length, reminded: reminded.length };
  });
  await news.send(ctx);
  return counts;
}

/**
 * Runs the sweep every minute on this process, from 'onReady' until 'onClose' (which waits for a run in
 * progress, so that the database is not closed under it).
 */
export function scheduleHaulSweep(app: FastifyInstance, intervalMs = MINUTE_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = sweepHauls(app.ctx)
      .then((counts) => {
        if (counts.eventCancelled + counts.expired + counts.completed + counts.reminded > 0)
          app.log.info({ event: 'haul.swept', ...counts }, 'hauling bookings swept');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'hauling sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
