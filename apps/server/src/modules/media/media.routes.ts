import { MESSAGES } from '@corral/contract';
import type { FastifyPluginAsync } from 'fastify';
import { isLiveImage } from '../posts/posts.service.ts';
import { isLiveAvatar } from '../profiles/profiles.service.ts';

/** GET /media/*: the stored WebP variants of live posts and members' photos, cached for good, never sniffed. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    // `i/<128 random bits>/<width>.webp`: served while the image's post and author are live, or while it is
    // a live member's profile photo.
    const storageKey = /^(i\/[0-9a-f]{32})\/\d+\.webp$/.exec(key)?.[1];
    const live = storageKey ? (await isLiveImage(app.ctx, storageKey)) || (await isLiveAvatar(app.ctx, key)) : false;
    const bytes = live ? await app.ctx.storage.get(key) : null;
    if (!bytes) return reply.status(404).send({ message: MESSAGES.http.notFound });
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  });
};
