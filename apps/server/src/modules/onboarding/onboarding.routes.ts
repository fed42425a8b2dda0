import { API_PATHS, errorResponseSchema, onboardingRequestSchema, userResponseSchema } from '@corral/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, viewerOf } from '../../lib/authenticate.ts';
import { onBoard } from './onboarding.service.ts';

/** The onboarding wizard's submission. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    API_PATHS.onBoard,
    {
      preValidation: authenticate(ctx),
      schema: {
        tags: ['onboarding'],
        summary: 'Save date of birth, gender, hauling option, events and associations; marks the member onboarded',
        security: [{ bearer: [] }],
        body: onboardingRequestSchema,
        response: { 200: userResponseSchema, '4xx': errorResponseSchema },
      },
    },
    async (request) => onBoard(ctx, viewerOf(request), request.body),
  );
};
