import {
  API_PATHS,
  newsletterOneClickQuerySchema,
  newsletterResponseSchema,
  newsletterSubscribeRequestSchema,
  newsletterUnsubscribeRequestSchema,
} from '@corral/contract';
import type { FastifyInstance } from 'fastify';
import { routeGroup } from '../../lib/access.ts';
import { subscribe, unsubscribe } from './newsletter.service.ts';

const tags = ['newsletter'];
const response = { 200: newsletterResponseSchema };
/** An address or a token is all these routes read. */
const bodyLimit = 4 * 1024;

/**
 * The footer's form (any caller: a member may subscribe too) and the emails' unsubscribe links. Besides JSON,
 * these routes read plain HTML forms: the footer form posted without JavaScript, and RFC 8058's one-click POST,
 * which mail clients send as a form.
 */
export const newsletterRoutes = routeGroup('public', async (app) => {
  registerFormBodies(app);

  app.post(
    API_PATHS.newsletter,
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Subscribe an email address to the newsletter; the same answer whether or not it was subscribed',
        body: newsletterSubscribeRequestSchema,
        response,
      },
    },
    async (request) => ({
      message: await subscribe(app.ctx, { ip: request.ip, later: (job) => request.afterResponse(job) }, request.body),
    }),
  );

  app.post(
    API_PATHS.newsletterUnsubscribe,
    {
      bodyLimit,
      schema: {
        tags,
        summary: "Unsubscribe the address of an email's link (its token); idempotent",
        body: newsletterUnsubscribeRequestSchema,
        response,
      },
    },
    async (request) => ({ message: await unsubscribe(app.ctx, request.body.token) }),
  );

  app.post(
    API_PATHS.newsletterOneClick,
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'RFC 8058 one-click unsubscription (the List-Unsubscribe header); the body is not read',
        querystring: newsletterOneClickQuerySchema,
        response,
      },
    },
    async (request) => ({ message: await unsubscribe(app.ctx, request.query.token) }),
  );
});

/** HTML form bodies, for this group only: URL-encoded ones as an object of their fields, multipart ones ignored. */
function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit }, (_request, _body, done) =>
    done(null, {}),
  );
}
