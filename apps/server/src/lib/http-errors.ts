import { MESSAGES } from '@corral/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, serviceUnavailable } from './errors.ts';

/**
 * One error handler for the whole API: AppError and bad input become `{ message, errors? }` with a
 * 4xx; the database out of reach becomes a 503 with Retry-After; anything else is a bug, logged in full and
 * answered with a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, request, reply) => {
    let error = thrown;
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the client tries again (the web keeps the session and what was typed).
      request.log.warn({ err: error, event: 'database_unavailable' }, 'database unavailable');
      error = serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS);
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.status === 429)
        request.log.warn({ event: 'rate_limited', url: request.routeOptions.url }, 'rate limited');
      return reply
        .status(error.status)
        .send({ message: error.message, ...error.fields, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        errors[field] = [...(errors[field] ?? []), issue.message ?? MESSAGES.http.validation];
      }
      const first = error.validation[0]?.message ?? MESSAGES.http.validation;
      return reply.status(422).send({ message: first, errors });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type …
      return reply.status(status).send({ message: clientErrorMessage(status, error.message) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.http.serverError });
  });
}

function clientErrorMessage(status: number, message: string): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'Unsupported content type.';
  if (status === 400 && /JSON/i.test(message)) return 'The request body is not valid JSON.';
  return status === 404 ? MESSAGES.http.notFound : 'The request could not be understood.';
}
