import { API_PATHS, errorResponseSchema, onboardingRequestSchemaAt, userResponseSchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { onBoard } from './onboarding.service.ts';

/** The onboarding wizard's submission. */
export const onboardingRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;
  // The date of birth may not be later than today on the server's clock (the injected one in tests).
  const body = onboardingRequestSchemaAt(() => new Date(ctx.clock.now()));
  app.post(
    API_PATHS.onBoard,
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Save date of birth, gender, hauling option, events and associations; marks the member onboarded',
        body,
        response: { 200: userResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (request) => onBoard(ctx, viewerOf(request), request.body),
  );
});
