import {
  API_PATHS,
  errorResponseSchema,
  loginResponseSchema,
  oauthCallbackSchema,
  oauthExchangeRequestSchema,
  oauthLinkEmailRequestSchema,
  oauthLinkRequestSchema,
  oauthLinkRequiredResponseSchema,
  oauthProviderParamsSchema,
  oauthProvidersResponseSchema,
  oauthStartRequestSchema,
  oauthStartResponseSchema,
  okResponseSchema,
  signInMethodsResponseSchema,
  suspendedResponseSchema,
} from '@corral/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { requestMeta } from './auth-log.ts';
import {
  callbackUrl,
  configuredProviders,
  exchangeCode,
  finishAtProvider,
  linkByEmail,
  linkWithPassword,
  signInMethods,
  startConnect,
  startSignIn,
  unlinkProvider,
} from './oauth.service.ts';
import { OAuthProviders } from './oauth-providers.ts';

const tags = ['account'];
const errors = { '4xx': errorResponseSchema };
/** What a provider's form POST (Apple) may weigh. */
const callbackBodyLimit = 16 * 1024;

/** One set of providers (and their discovery documents) per app. */
const providersOf = (() => {
  const byContext = new WeakMap<AppContext, OAuthProviders>();
  return (ctx: AppContext) => {
    let providers = byContext.get(ctx);
    if (!providers) {
      providers = new OAuthProviders(ctx.config, (id) => callbackUrl(ctx.config.publicUrl, id));
      byContext.set(ctx, providers);
    }
    return providers;
  };
})();

/** Google and Apple sign-in for callers without a session (docs/decisions/036-google-and-apple-sign-in.md). */
export const oauthEntryRoutes = routeGroup('guest', async (app) => {
  const { ctx } = app;
  const providers = providersOf(ctx);
  registerFormBodies(app);

  app.get(
    API_PATHS.oauthProviders,
    {
      schema: {
        tags,
        summary: 'The providers (Google, Apple) this server offers sign-in with',
        response: { 200: oauthProvidersResponseSchema, ...errors },
      },
    },
    async () => configuredProviders(providers),
  );

  app.post(
    API_PATHS.oauthStart.pattern,
    {
      schema: {
        tags,
        summary: "Start a provider sign-in: the provider's URL to send the browser to",
        params: oauthProviderParamsSchema,
        body: oauthStartRequestSchema,
        response: { 200: oauthStartResponseSchema, ...errors },
      },
    },
    async (request) => startSignIn(ctx, providers, request.params.provider, request.body.binding, requestMeta(request)),
  );

  const callbackSchema = {
    tags,
    summary: "The provider's answer: redirects to the web's /auth/callback with a one-time code or an error",
    params: oauthProviderParamsSchema,
    response: { 303: z.null(), ...errors },
  };
  app.get(
    API_PATHS.oauthCallback.pattern,
    { schema: { ...callbackSchema, querystring: oauthCallbackSchema } },
    async (request, reply) =>
      reply.redirect(
        await finishAtProvider(ctx, providers, request.params.provider, request.query, requestMeta(request)),
        303,
      ),
  );
  // Apple answers by a form POST (response_mode=form_post).
  app.post(
    API_PATHS.oauthCallback.pattern,
    { bodyLimit: callbackBodyLimit, schema: { ...callbackSchema, body: oauthCallbackSchema } },
    async (request, reply) =>
      reply.redirect(
        await finishAtProvider(ctx, providers, request.params.provider, request.body, requestMeta(request)),
        303,
      ),
  );

  app.post(
    API_PATHS.oauthExchange,
    {
      schema: {
        tags,
        summary: "Trade the callback's one-time code for a session (the answer of POST /login)",
        body: oauthExchangeRequestSchema,
        response: {
          200: loginResponseSchema,
          403: suspendedResponseSchema,
          // The link step, or a provider identity connected to another account already.
          409: z.union([oauthLinkRequiredResponseSchema, errorResponseSchema]),
          ...errors,
        },
      },
    },
    async (request) => exchangeCode(ctx, request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.oauthLink,
    {
      schema: {
        tags,
        summary: 'Prove an existing account by its password: the provider is linked and the member signed in',
        body: oauthLinkRequestSchema,
        response: { 200: loginResponseSchema, 403: suspendedResponseSchema, ...errors },
      },
    },
    async (request) => linkWithPassword(ctx, request.body, requestMeta(request)),
  );

  app.post(
    API_PATHS.oauthLinkEmail,
    {
      schema: {
        tags,
        summary: 'Prove an existing account by a link emailed to its address',
        body: oauthLinkEmailRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => linkByEmail(ctx, request.body, requestMeta(request)),
  );
});

/** The signed-in member's ways to sign in (the Account page). */
export const signInMethodRoutes = routeGroup('signed-in', async (app) => {
  const { ctx } = app;
  const providers = providersOf(ctx);

  app.get(
    API_PATHS.signInMethods,
    {
      schema: {
        tags,
        summary: "The member's ways to sign in: a password, and the providers linked",
        response: { 200: signInMethodsResponseSchema, ...errors },
      },
    },
    async (request) => signInMethods(ctx, providers, viewerOf(request)),
  );

  app.post(
    API_PATHS.signInMethod.pattern,
    {
      schema: {
        tags,
        summary: "Connect a provider: the provider's URL to send the browser to (then as a sign-in)",
        params: oauthProviderParamsSchema,
        body: oauthStartRequestSchema,
        response: { 200: oauthStartResponseSchema, ...errors },
      },
    },
    async (request) =>
      startConnect(
        ctx,
        providers,
        viewerOf(request),
        request.params.provider,
        request.body.binding,
        requestMeta(request),
      ),
  );

  app.delete(
    API_PATHS.signInMethod.pattern,
    {
      schema: {
        tags,
        summary: 'Unlink a provider, while another way to sign in remains',
        params: oauthProviderParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => unlinkProvider(ctx, viewerOf(request), request.params.provider, requestMeta(request)),
  );
});

/** Apple's form POST, URL-encoded, for this group only. */
function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: callbackBodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
