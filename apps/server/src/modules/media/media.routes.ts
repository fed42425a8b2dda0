import { MESSAGES } from '@corral/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { LiveImageCheck } from './media.service.ts';

/**
 * GET /media/*: the stored WebP variants of live posts and members' photos, cached for good, never sniffed.
 * `isLive` holds the answers of the modules whose images these are, registered at start-up (app.ts).
 */
export const mediaRoutes: FastifyPluginAsync<{ isLive: LiveImageCheck[] }> = async (app, { isLive }) => {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const mediaKey = request.params['*'];
    // `i/<128 random bits>/<width>.webp`: served while its owner says it is live (a post's photo while the
    // post and its author are, a profile photo while it is a live member's).
    const storageKey = /^(i\/[0-9a-f]{32})\/\d+\.webp$/.exec(mediaKey)?.[1];
    const live = storageKey !== undefined && (await anyLive(isLive, app.ctx, { storageKey, mediaKey }));
    const bytes = live ? await app.ctx.storage.get(mediaKey) : null;
    if (!bytes) return reply.status(404).send({ message: MESSAGES.http.notFound });
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  });
};

/** Asks each owner in turn; the first yes is enough. */
async function anyLive(checks: LiveImageCheck[], ctx: AppContext, image: Parameters<LiveImageCheck>[1]) {
  for (const check of checks) if (await check(ctx, image)) return true;
  return false;
}
