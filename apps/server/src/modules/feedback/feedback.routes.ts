import { API_PATHS, feedbackRequestSchema, feedbackResponseSchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { sendFeedback } from './feedback.service.ts';

/** POST /feedback: Help Center, Feedback Submission and Contact us. */
export const feedbackRoutes = routeGroup('member', async (app) => {
  app.post(
    API_PATHS.feedback,
    { schema: { tags: ['feedback'], body: feedbackRequestSchema, response: { 200: feedbackResponseSchema } } },
    async (request) => ({
      status: true as const,
      message: await sendFeedback(app.ctx, viewerOf(request), request.body),
    }),
  );
});
