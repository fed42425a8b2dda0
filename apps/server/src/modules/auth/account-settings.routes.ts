import {
  API_PATHS,
  accountLinkErrorSchema,
  accountLinkRequestSchema,
  accountLinkResponseSchema,
  accountSessionParamsSchema,
  accountSessionsResponseSchema,
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  changePasswordRequestSchema,
  emailStatusResponseSchema,
  errorResponseSchema,
  okResponseSchema,
  signOutOthersResponseSchema,
} from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { requestMeta } from './auth-log.ts';
import { listSessions, signOutOtherSessions, signOutSession } from './device-sessions.service.ts';
import {
  cancelEmailChange,
  confirmEmailChange,
  emailStatus,
  requestEmailChange,
  undoEmailChange,
} from './email-change.service.ts';
import { changePassword } from './password-change.service.ts';

const tags = ['account'];
const errors = { '4xx': errorResponseSchema };

/**
 * The Account page (docs/decisions/033-account-settings.md): the password, the email address and the
 * signed-in devices. Any signed-in member, whatever the setup steps: securing an account comes first.
 */
export const accountSettingsRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;

  app.post(
    API_PATHS.mePassword,
    {
      schema: {
        tags,
        summary: "Change the password: every other session ends, the caller's stays; the member is emailed",
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    (request) => changePassword(ctx, viewerOf(request), request.body, requestMeta(request)),
  );

  app.get(
    API_PATHS.meEmail,
    {
      schema: {
        tags,
        summary: 'The email address and a change waiting for its confirmation',
        response: { 200: emailStatusResponseSchema, ...errors },
      },
    },
    (request) => emailStatus(ctx, viewerOf(request)),
  );

  app.post(
    API_PATHS.meEmail,
    {
      schema: {
        tags,
        summary: 'Change the email address: a link to the new one confirms it (the same answer for any address)',
        body: changeEmailRequestSchema,
        response: { 200: changeEmailResponseSchema, ...errors },
      },
    },
    (request) => requestEmailChange(ctx, viewerOf(request), request.body, requestMeta(request)),
  );

  app.delete(
    API_PATHS.meEmail,
    {
      schema: {
        tags,
        summary: 'Cancel the email change waiting for its confirmation',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    (request) => cancelEmailChange(ctx, viewerOf(request), requestMeta(request)),
  );

  app.get(
    API_PATHS.meSessions,
    {
      schema: {
        tags,
        summary: 'The signed-in devices: browser, system, network, when signed in and last used',
        response: { 200: accountSessionsResponseSchema, ...errors },
      },
    },
    (request) => listSessions(ctx, viewerOf(request)),
  );

  app.delete(
    API_PATHS.meSessions,
    {
      schema: {
        tags,
        summary: 'Sign out every other device',
        response: { 200: signOutOthersResponseSchema, ...errors },
      },
    },
    (request) => signOutOtherSessions(ctx, viewerOf(request), requestMeta(request)),
  );

  app.delete(
    API_PATHS.meSession.pattern,
    {
      schema: {
        tags,
        summary: "Sign out one of one's own sessions (another member's id is a 404)",
        params: accountSessionParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    (request) => signOutSession(ctx, viewerOf(request), request.params.id, requestMeta(request)),
  );
});

/** The links of the email change's mails: opened anywhere, signed in or not; the token is the proof. */
export const accountLinkRoutes = routeGroup('public', async (app) => {
  const { ctx } = app;
  const linkErrors = { 400: accountLinkErrorSchema, ...errors };

  app.post(
    API_PATHS.meEmailConfirm,
    {
      schema: {
        tags,
        summary: 'Confirm an email change with the token of the link sent to the new address',
        body: accountLinkRequestSchema,
        response: { 200: accountLinkResponseSchema, ...linkErrors },
      },
    },
    (request) => confirmEmailChange(ctx, request.body.token, requestMeta(request)),
  );

  app.post(
    API_PATHS.meEmailUndo,
    {
      schema: {
        tags,
        summary: 'Undo an email change within 7 days with the link sent to the former address; signs out everywhere',
        body: accountLinkRequestSchema,
        response: { 200: accountLinkResponseSchema, ...linkErrors },
      },
    },
    (request) => undoEmailChange(ctx, request.body.token, requestMeta(request)),
  );
});
