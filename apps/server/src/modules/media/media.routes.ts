import { MESSAGES } from '@corral/contract';
import type { FastifyPluginAsync } from 'fastify';

/** GET /media/* in the embedded mode: the stored WebP variants, cached for good, never sniffed. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const bytes = key.endsWith('.webp') ? await app.ctx.storage.get(key) : null;
    if (!bytes) return reply.status(404).send({ message: MESSAGES.http.notFound });
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  });
};
