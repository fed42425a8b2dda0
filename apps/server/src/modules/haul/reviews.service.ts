import { HAUL_LIMITS, HAUL_MESSAGES, type HaulBooking, type reviewHaulBookingRequestSchema } from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { News, recordHaulNotice } from '../notifications/notifications.service.ts';
import * as q from './bookings.queries.ts';
import { bookingOf } from './bookings.service.ts';

/*
 * Two-way reviews of a completed haul (docs/decisions/030-hauling-board.md, "Reviews"): one per side, within
 * `reviewWindowDays` of completion; each is hidden from the other side until both have reviewed or
 * `reviewRevealDays` have passed (toHaulBooking and the stats' `shown` rule).
 */

export type ReviewInput = z.output<typeof reviewHaulBookingRequestSchema>;

/** POST /haul/bookings/{id}/review: the viewer's review of the other side; 409 when not reviewable or done. */
export async function reviewBooking(
  ctx: AppContext,
  viewer: Viewer,
  bookingId: number,
  input: ReviewInput,
): Promise<HaulBooking> {
  await ctx.limiter.consume(['haulBookingsPerMember', viewer.user.id]);
  const me = viewer.user.id;
  const at = new Date(ctx.clock.now());
  const news = new News();
  await ctx.db.transaction(async (tx) => {
    const facts = await q.lockBooking(tx, bookingId, me, at, HAUL_LIMITS);
    if (!facts) throw new AppError(404, HAUL_MESSAGES.bookingNotFound);
    if (facts.reviewed) throw new AppError(409, HAUL_MESSAGES.alreadyReviewed);
    if (!facts.reviewable) throw new AppError(409, HAUL_MESSAGES.notReviewable);
    const subject = facts.rider_id === me ? facts.driver_id : facts.rider_id;
    const written = await q.insertReview(tx, {
      bookingId,
      authorId: me,
      subjectId: subject,
      rating: input.rating,
      comment: input.comment,
      at,
    });
    if (!written) throw new AppError(409, HAUL_MESSAGES.alreadyReviewed);
    await recordHaulNotice(tx, news, {
      kind: 'haul_review',
      userId: subject,
      actorId: me,
      eventId: Number(facts.event_id),
      bookingId,
      at,
    });
  });
  await news.send(ctx);
  return bookingOf(ctx, me, bookingId);
}
