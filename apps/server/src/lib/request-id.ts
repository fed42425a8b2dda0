import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/** An id a proxy may hand us: a UUID, nginx's $request_id (32 hex digits) and the like; nothing a log could misread. */
const WELL_FORMED = /^[\w.:-]{8,128}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy set when it is well formed (the proxy's logs and
 * ours then name a request alike), otherwise a new UUID. Without TRUST_PROXY the header is the client's own
 * word and is not taken.
 */
export function requestIdFrom(trustProxy: false | number | string[]): (raw: IncomingMessage) => string {
  return (raw) => {
    const offered = raw.headers['x-request-id'];
    return trustProxy !== false && typeof offered === 'string' && WELL_FORMED.test(offered) ? offered : randomUUID();
  };
}

const currentRequest = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Every answer says its request id (`X-Request-Id`), and the work a request starts runs in its context: a
 * log line written on its behalf through any logger (ctx.logger, better-auth's, work after the answer)
 * carries its `reqId` (`requestIdMixin`). The context is entered again once the body is read, as reading
 * it resumes in the socket's context.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    currentRequest.run({ reqId: request.id }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => currentRequest.run({ reqId: request.id }, done));
}

/** Runs `work` as part of request `reqId` (work started after its answer, outside the request's own flow). */
export function asPartOf<T>(reqId: string, work: () => T): T {
  return currentRequest.run({ reqId }, work);
}

/**
 * pino's `mixin`: the id of the request a log line is written for, unless the logger already says it
 * (request.log is a child bound to it).
 */
export function requestIdMixin(_line: object, _level: number, logger: Logger): { reqId?: string } {
  const current = currentRequest.getStore();
  if (!current || 'reqId' in logger.bindings()) return {};
  return { reqId: current.reqId };
}
