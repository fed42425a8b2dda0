import { API_PATHS } from '@corral/contract';
import { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { OpenStreams, type StreamSources, serveStream } from './stream.service.ts';

/**
 * GET /stream: server-sent events to every open tab of a member (notifications, friend requests, unread
 * counts, direct messages). A client resumes with the standard Last-Event-ID header; `last_event_id` in the query does the same
 * for clients that cannot set headers on a reconnection.
 */
export const streamRoutes = routeGroup<{ sources: StreamSources; streams?: OpenStreams }>(
  'member',
  async (app, { sources, streams = new OpenStreams() }) => {
    // What Redis could not carry while it was gone is read from the database when it returns.
    const stopCatchingUp = app.ctx.bus.onResumed((since) => void streams.catchUpAll(since));
    app.addHook('onClose', async () => stopCatchingUp());
    // Open streams never finish on their own: drain them so that the server can close (clients reconnect
    // elsewhere, after a random wait each, and resume with Last-Event-ID).
    app.addHook('preClose', async () => streams.drainAll());

    app.get(
      API_PATHS.stream,
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Server-sent events: notification, unread, friend_request, friend_request_removed, friendship, ready, ' +
            'message, message_deleted, message_read, conversation',
          headers: z.object({ 'last-event-id': z.string().max(40).optional() }),
          querystring: z.object({ last_event_id: z.string().max(40).optional() }),
        },
      },
      async (request, reply) => {
        const lastEventId = request.headers['last-event-id'] ?? request.query.last_event_id;
        // Refusals (too many streams) are ordinary JSON answers; once serving, the response is ours to write.
        await serveStream(
          app.ctx,
          { streams, sources },
          { viewer: viewerOf(request), ip: request.ip, lastEventId },
          reply.raw,
          reply.getHeaders(),
          () => reply.hijack(),
        );
      },
    );
  },
);
