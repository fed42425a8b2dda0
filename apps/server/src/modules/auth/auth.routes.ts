import {
  API_PATHS,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  resetPasswordRequestSchema,
  signedInResponseSchema,
  signupRequestSchema,
  suspendedResponseSchema,
  verifyResponseSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { deleteAccount } from './account.service.ts';
import { currentUser, logIn, logOut, signUp } from './auth.service.ts';
import { requestMeta } from './auth-log.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

const tags = ['account'];
const errors = { '4xx': errorResponseSchema };

/** The doors in: sign-up, login and password reset, for callers without a session. */
export const accountEntryRoutes = routeGroup('guest', async (app) => {
  const { ctx } = app;

  app.post(
    API_PATHS.signup,
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: signupRequestSchema,
        response: { 200: signedInResponseSchema, ...errors },
      },
    },
    async (request) => signUp(ctx, request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.login,
    {
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: loginRequestSchema,
        // 200: signed in, or (two-factor on) a challenge for /login/two-factor. 403: a suspended member's right
        // password (the date and the reason).
        response: { 200: loginResponseSchema, 403: suspendedResponseSchema, ...errors },
      },
    },
    async (request) => logIn(ctx, request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.forgotPassword,
    {
      schema: {
        tags,
        summary: 'Email a password reset link (answers the same whether or not the address is known)',
        body: forgotPasswordRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => requestPasswordReset(ctx, request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.resetPassword,
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset email',
        body: resetPasswordRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => resetPassword(ctx, request.body, requestMeta(request)),
  );
});

/** The signed-in member's own session and account: session check, logout, account deletion. */
export const sessionRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;

  app.get(
    API_PATHS.verify,
    {
      schema: {
        tags,
        summary: 'The member behind the token presented',
        response: { 200: verifyResponseSchema, ...errors },
      },
    },
    async (request) => currentUser(viewerOf(request)),
  );

  app.post(
    API_PATHS.logout,
    {
      schema: {
        tags,
        summary: 'Revoke the session of the token presented',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => logOut(ctx, viewerOf(request), requestMeta(request)),
  );

  app.delete(
    API_PATHS.accountDelete,
    {
      schema: {
        tags,
        summary: 'Delete the account: hidden and signed out at once, purged after 30 days',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => deleteAccount(ctx, viewerOf(request), requestMeta(request)),
  );
});
