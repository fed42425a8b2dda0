import { API_PATHS, MESSAGES, outboxResponseSchema } from '@corral/contract';
import type { FastifyRequest } from 'fastify';
import { routeGroup } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';

const isLoopback = (address: string | undefined) =>
  address !== undefined && (/^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address));

/**
 * The outbox holds every reset link and phone code, so it answers this machine only: the socket and, behind
 * a trusted proxy, the client it names must both be loopback. Anyone else gets the 404 of a missing route.
 */
const fromThisMachine = (request: FastifyRequest) => isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);

/** The dev outbox (architecture "Runtime modes"): registered only while the outbox transports are used. */
export const devRoutes = routeGroup('public', async (app) => {
  app.get(
    API_PATHS.devOutbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Emails and SMS sent in the embedded default, newest first; loopback clients only',
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => {
      if (!fromThisMachine(request)) throw new AppError(404, MESSAGES.http.notFound);
      return app.ctx.outbox.list();
    },
  );
});
