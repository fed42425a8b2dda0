import { API_PATHS, errorResponseSchema, onboardingRequestSchema, userResponseSchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { onBoard } from './onboarding.service.ts';

/** The onboarding wizard's submission. */
export const onboardingRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;
  app.post(
    API_PATHS.onBoard,
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Save date of birth, gender, hauling option, events and associations; marks the member onboarded',
        body: onboardingRequestSchema,
        response: { 200: userResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (request) => onBoard(ctx, viewerOf(request), request.body),
  );
});
