import {
  API_PATHS,
  errorResponseSchema,
  sendVerificationCodeRequestSchema,
  sendVerificationCodeResponseSchema,
  validateVerificationCodeRequestSchema,
  validateVerificationCodeResponseSchema,
} from '@corral/contract';
import type { FastifyRequest } from 'fastify';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { type PhoneRequestMeta, sendVerificationCode, validateVerificationCode } from './phone.service.ts';

const tags = ['phone'];
const errors = { '4xx': errorResponseSchema };

/** Phone verification: a code by SMS, then the code back. The member must have onboarded first. */
export const phoneRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;

  app.post(
    API_PATHS.sendVerificationCode,
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code by SMS to the number (normalised to E.164, US by default)',
        body: sendVerificationCodeRequestSchema,
        response: { 200: sendVerificationCodeResponseSchema, ...errors },
      },
    },
    async (request) => sendVerificationCode(ctx, viewerOf(request), request.body, metaOf(request)),
  );

  app.post(
    API_PATHS.validateVerificationCode,
    {
      schema: {
        tags,
        summary: 'Check the code sent to the number; on success the number is the member’s, verified',
        body: validateVerificationCodeRequestSchema,
        response: { 200: validateVerificationCodeResponseSchema, ...errors },
      },
    },
    async (request) => validateVerificationCode(ctx, viewerOf(request), request.body, metaOf(request)),
  );
});

const metaOf = (request: FastifyRequest): PhoneRequestMeta => ({
  log: request.log,
  later: (job) => request.afterResponse(job),
});
