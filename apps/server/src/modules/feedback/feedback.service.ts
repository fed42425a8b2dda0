import { FEEDBACK_MESSAGES, type FeedbackRequest } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { insertFeedback } from './feedback.queries.ts';

/**
 * Help Center, Feedback Submission and Contact us: stores what the member sent, for the team to answer by
 * email (the address given, else the account's). Counted against the member's feedback budget first, so a
 * refused message stores nothing.
 */
export async function sendFeedback(ctx: AppContext, viewer: Viewer, input: FeedbackRequest): Promise<string> {
  await ctx.limiter.consume(['feedbackPerMember', viewer.user.id]);
  await insertFeedback(ctx.db, {
    userId: viewer.user.id,
    topic: input.topic,
    message: input.message,
    email: input.email || viewer.user.email,
  });
  return FEEDBACK_MESSAGES.sent;
}
