import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * What request and error log lines may hold (security.md "Logs"): a request is its method, route pattern
 * and client address, never its query string (a reset link's token, a search); a failed SQL statement is
 * its text and PostgreSQL's error code, never its parameters (nor PostgreSQL's message, which quotes them).
 */
export const logSerializers = {
  req(request: FastifyRequest): { method: string; url: string; remoteAddress: string } {
    return {
      method: request.method,
      url: request.routeOptions?.url ?? request.url.split('?')[0] ?? '',
      remoteAddress: request.ip,
    };
  },
  err(error: Error) {
    if (!('params' in error && 'query' in error)) return pino.stdSerializers.err(error);
    const cause = error.cause as Record<string, unknown> | undefined;
    return {
      type: error.name,
      message: 'A database statement failed.',
      query: String(error.query),
      sqlState: cause?.code,
      routine: cause?.routine,
      constraint: cause?.constraint,
      stack: typeof cause?.stack === 'string' ? cause.stack.split('\n').slice(1).join('\n') : '',
    };
  },
};
