import {
  API_PATHS,
  cursorQuerySchema,
  eventDetailResponseSchema,
  eventDraftMultipartSchema,
  eventUpdateMultipartSchema,
  followEventResponseSchema,
  itemIdParamsSchema,
  itemResponseSchema,
  okResponseSchema,
  pagedFeedSchema,
} from '@corral/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { imageQueue } from '../media/image-queue.ts';
import { readImageForm, registerImageForms } from '../media/media.multipart.ts';
import {
  calendarFeedIcs,
  cancelEvent,
  createEvent,
  eventIcs,
  getEvent,
  listEvents,
  makeCalendarFeed,
  revokeCalendarFeed,
  setFollowing,
  updateEvent,
} from './events.service.ts';

const tags = ['events'];
const byId = { params: itemIdParamsSchema };
/** The draft's text fields (18, and removeImage) with room to spare; one image file (a second is refused). */
const FORM_LIMITS = { fields: 30, files: 2 };

const idFilter = z.coerce.number().int().positive().max(2_147_483_647).optional();
const listQuery = cursorQuerySchema.extend({
  scope: z.enum(['upcoming', 'mine', 'history']).default('upcoming'),
  event_type: idFilter,
  association: idFilter,
});

function sendIcs(reply: FastifyReply, body: string, filename: string) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

const memberRoutes = routeGroup('member', async (app) => {
  await registerImageForms(app, FORM_LIMITS);

  app.post(
    API_PATHS.events,
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: itemResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readImageForm(request, eventDraftMultipartSchema);
      const create = () => createEvent(app.ctx, viewer, { draft: fields, files });
      return { data: await (files.length > 0 ? imageQueue.withPlace(create) : create()) };
    },
  );

  app.get(
    API_PATHS.events,
    { schema: { tags, querystring: listQuery, response: { 200: pagedFeedSchema } } },
    (request) => listEvents(app.ctx, viewerOf(request), request.query),
  );

  app.get(
    API_PATHS.event.pattern,
    { schema: { tags, ...byId, response: { 200: eventDetailResponseSchema } } },
    async (request) => ({
      data: await getEvent(app.ctx, viewerOf(request), request.params.id),
    }),
  );

  app.patch(
    API_PATHS.event.pattern,
    { schema: { tags, ...byId, consumes: ['multipart/form-data'], response: { 200: eventDetailResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readImageForm(request, eventUpdateMultipartSchema);
      const update = () => updateEvent(app.ctx, viewer, request.params.id, { draft: fields, files });
      return { data: await (files.length > 0 ? imageQueue.withPlace(update) : update()) };
    },
  );

  app.post(
    API_PATHS.eventCancel.pattern,
    { schema: { tags, ...byId, response: { 200: eventDetailResponseSchema } } },
    async (request) => ({ data: await cancelEvent(app.ctx, viewerOf(request), request.params.id) }),
  );

  app.post(
    API_PATHS.eventFollow.pattern,
    { schema: { tags, ...byId, response: { 200: followEventResponseSchema } } },
    (request) => setFollowing(app.ctx, viewerOf(request), request.params.id, true),
  );
  app.delete(
    API_PATHS.eventFollow.pattern,
    { schema: { tags, ...byId, response: { 200: followEventResponseSchema } } },
    (request) => setFollowing(app.ctx, viewerOf(request), request.params.id, false),
  );

  app.get(API_PATHS.eventIcs.pattern, { schema: { tags, ...byId } }, async (request, reply) =>
    sendIcs(reply, await eventIcs(app.ctx, viewerOf(request), request.params.id), `event-${request.params.id}.ics`),
  );

  app.post(API_PATHS.calendarFeed, { schema: { tags, response: { 200: z.object({ url: z.string() }) } } }, (request) =>
    makeCalendarFeed(app.ctx, viewerOf(request)),
  );
  app.delete(API_PATHS.calendarFeed, { schema: { tags, response: { 200: okResponseSchema } } }, async (request) => {
    await revokeCalendarFeed(app.ctx, viewerOf(request));
    return { status: true as const };
  });
});

/**
 * The calendar feed: calendar apps send no bearer token, so the URL's secret is the access; anonymous calls
 * are counted per IP by the access hook (apiPerIpAnonymous).
 */
const calendarRoutes = routeGroup('public', async (app) => {
  app.get(
    API_PATHS.calendarFeedIcs.pattern,
    { schema: { tags, params: z.object({ token: z.string().max(100) }) } },
    async (request, reply) => sendIcs(reply, await calendarFeedIcs(app.ctx, request.params.token), 'corral.ics'),
  );
});

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberRoutes);
  await app.register(calendarRoutes);
};
