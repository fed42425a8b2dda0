import {
  API_PATHS,
  errorResponseSchema,
  loginTwoFactorRequestSchema,
  loginTwoFactorResponseSchema,
  okResponseSchema,
  recoveryCodesResponseSchema,
  suspendedResponseSchema,
  twoFactorPasswordRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
  twoFactorVerifyRequestSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { requestMeta } from './auth-log.ts';
import {
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactor,
  twoFactorStatus,
  verifyTwoFactor,
} from './two-factor.service.ts';
import { completeTwoFactorLogIn } from './two-factor-login.service.ts';

const tags = ['account'];
const errors = { '4xx': errorResponseSchema };

/** The code step of a sign-in with two-factor on: a door in, like /login (docs/decisions/034-two-factor.md). */
export const twoFactorLoginRoutes = routeGroup('guest', async (app) => {
  const { ctx } = app;

  app.post(
    API_PATHS.loginTwoFactor,
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with a code from the authenticator app or a recovery code',
        body: loginTwoFactorRequestSchema,
        response: { 200: loginTwoFactorResponseSchema, 403: suspendedResponseSchema, ...errors },
      },
    },
    async (request) => completeTwoFactorLogIn(ctx, request.body, requestMeta(request)),
  );
});

/** The member's own two-factor settings: any live session, whatever the setup steps. */
export const twoFactorRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;

  app.get(
    API_PATHS.meTwoFactor,
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        response: { 200: twoFactorStatusResponseSchema, ...errors },
      },
    },
    async (request) => twoFactorStatus(ctx, viewerOf(request)),
  );

  app.post(
    API_PATHS.meTwoFactor,
    {
      schema: {
        tags,
        summary: 'Start turning two-factor sign-in on (password): the secret and its otpauth URI',
        body: twoFactorPasswordRequestSchema,
        response: { 200: twoFactorSetupResponseSchema, ...errors },
      },
    },
    async (request) => startTwoFactor(ctx, viewerOf(request), request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.meTwoFactorVerify,
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a code from the app; answers the ten recovery codes, once',
        body: twoFactorVerifyRequestSchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => verifyTwoFactor(ctx, viewerOf(request), request.body, requestMeta(request)),
  );

  app.delete(
    API_PATHS.meTwoFactor,
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (password)',
        body: twoFactorPasswordRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => disableTwoFactor(ctx, viewerOf(request), request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.meTwoFactorRecoveryCodes,
    {
      schema: {
        tags,
        summary: 'New recovery codes (password); the old ones stop working',
        body: twoFactorPasswordRequestSchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => regenerateRecoveryCodes(ctx, viewerOf(request), request.body, requestMeta(request)),
  );
});
