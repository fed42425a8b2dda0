import { MESSAGES, type Role } from '@corral/contract';
import type { FastifyInstance, FastifyPluginOptions, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { bearerToken, type Viewer } from './viewer.ts';

/**
 * What a route group asks of its callers, declared once per group (`routeGroup`):
 * - 'member': a live session of a member who has onboarded and verified a phone (the social endpoints);
 * - 'signed-in': a live session, whatever the setup steps (verify, logout, onboarding, phone, deletion);
 * - 'guest': the doors in (sign-up, login, password reset): any caller, a token is not even looked at;
 * - 'public': any caller (reference lists); a valid token only moves the call to the member's budget.
 * - 'probe': any caller, never counted (health checks: a load balancer probing from a busy address must not
 *   take a healthy process out of rotation); such routes read no token and no body.
 * - 'moderator', 'admin': a live session of staff with that role or above (docs/decisions/028). To anyone
 *   else, a guest included, the route does not exist: they get the missing route's answer, before the body
 *   is read and without counting the call (a missing route counts nothing either).
 */
export type Access = 'member' | 'signed-in' | 'guest' | 'public' | 'probe' | 'moderator' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set before the body is read; null for guests and anonymous callers. */
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

const NEEDS_SESSION: ReadonlySet<Access> = new Set(['member', 'signed-in']);

/** The roles each staff access lets in: admins may do whatever moderators may. */
const STAFF_ROLES: Partial<Record<Access, ReadonlySet<Role>>> = {
  moderator: new Set(['moderator', 'admin']),
  admin: new Set(['admin']),
};

/**
 * A module's routes with the access they all need. Routes that need a session are marked for the OpenAPI
 * document too, so tests can find every operation that must refuse a caller without one.
 */
export function routeGroup<Options extends FastifyPluginOptions = Record<never, never>>(
  access: Access,
  routes: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, access };
      if (NEEDS_SESSION.has(access)) route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    await routes(app, options);
  };
}

/**
 * The one authentication path. On every API request, before the body is parsed or validated: the bearer
 * token becomes the viewer (one statement), the call is counted against the member's budget once the
 * token is valid and against the IP otherwise (a made-up token counts against its IP), and the route's
 * access is enforced. A route that declares nothing is treated as 'member' (closed by default).
 */
export function registerAccess(
  api: FastifyInstance,
  { viewerFromToken, limiter }: { viewerFromToken: (token: string) => Promise<Viewer | null>; limiter: RateLimiter },
): void {
  api.decorateRequest('viewer', null);
  api.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access ?? 'member';
    if (access === 'probe') return;
    const staffRoles = STAFF_ROLES[access];
    if (staffRoles) {
      const token = bearerToken(request);
      const staff = token ? await viewerFromToken(token) : null;
      if (!staff || !staffRoles.has(staff.user.role)) {
        // The very answer of a path no route has (the not-found handler itself), so nothing tells them apart.
        reply.callNotFound();
        return reply;
      }
      request.viewer = staff;
      await limiter.consume(['apiPerMember', staff.user.id]);
      return;
    }
    const token = access === 'guest' ? undefined : bearerToken(request);
    const viewer = token ? await viewerFromToken(token) : null;
    request.viewer = viewer;
    await limiter.consume(viewer ? ['apiPerMember', viewer.user.id] : ['apiPerIpAnonymous', request.ip]);
    if (!NEEDS_SESSION.has(access)) return;
    if (!viewer) throw new AppError(401, MESSAGES.http.unauthenticated);
    if (access === 'member' && !viewer.user.isOnboard) throw new AppError(403, MESSAGES.http.notOnboarded);
    if (access === 'member' && !viewer.user.phoneNumberVerified) throw new AppError(403, MESSAGES.http.notVerified);
  });
}

/** The viewer of a route whose group needs a session. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new Error(`${request.routeOptions.url} reads the viewer but its group needs no session`);
  return request.viewer;
}
