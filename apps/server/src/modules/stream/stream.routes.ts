import { API_PATHS } from '@corral/contract';
import { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { OpenStreams, type StreamSources, serveStream } from './stream.service.ts';

/**
 * GET /stream: server-sent events to every open tab of a member (notifications, friend requests, unread
 * counts). A client resumes with the standard Last-Event-ID header; `last_event_id` in the query does the same
 * for clients that cannot set headers on a reconnection.
 */
export const streamRoutes = routeGroup<{ sources: StreamSources }>('member', async (app, { sources }) => {
  const streams = new OpenStreams();
  // Open streams never finish on their own: end them so that the server can close (clients reconnect).
  app.addHook('preClose', async () => streams.closeAll());

  app.get(
    API_PATHS.stream,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Server-sent events: notification, unread, friend_request, friend_request_removed, friendship, ready',
        headers: z.object({ 'last-event-id': z.string().max(40).optional() }),
        querystring: z.object({ last_event_id: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const lastEventId = request.headers['last-event-id'] ?? request.query.last_event_id;
      // Refusals (too many streams) are ordinary JSON answers; once serving, the response is ours to write.
      await serveStream(app.ctx, { streams, sources }, viewer, reply.raw, reply.getHeaders(), lastEventId, () =>
        reply.hijack(),
      );
    },
  );
});
