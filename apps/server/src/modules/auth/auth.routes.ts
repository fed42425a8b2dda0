import {
  API_PATHS,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  okResponseSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  userResponseSchema,
  verifyResponseSchema,
} from '@corral/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../lib/viewer.ts';
import { deleteAccount } from './account.service.ts';
import { currentUser, logIn, logOut, signUp } from './auth.service.ts';
import { requestMeta } from './auth-log.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

const tags = ['account'];
const bearer = [{ bearer: [] }];
const errors = { '4xx': errorResponseSchema };

/** The account endpoints: sign-up, login, logout, session check, password reset, account deletion. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    API_PATHS.signup,
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: signupRequestSchema,
        response: { 200: userResponseSchema, ...errors },
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
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => logIn(ctx, request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.logout,
    {
      schema: {
        tags,
        summary: 'Revoke the session of the token presented',
        security: bearer,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => logOut(ctx, await requireViewer(ctx, request), requestMeta(request)),
  );

  app.get(
    API_PATHS.verify,
    {
      schema: {
        tags,
        summary: 'The member behind the token presented',
        security: bearer,
        response: { 200: verifyResponseSchema, ...errors },
      },
    },
    async (request) => currentUser(await requireViewer(ctx, request)),
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

  app.delete(
    API_PATHS.accountDelete,
    {
      schema: {
        tags,
        summary: 'Delete the account: hidden and signed out at once, purged after 30 days',
        security: bearer,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => deleteAccount(ctx, await requireViewer(ctx, request), requestMeta(request)),
  );
};
