import {
  API_PATHS,
  createHaulOfferRequestSchema,
  createHaulRequestRequestSchema,
  createHaulSavedSearchRequestSchema,
  createHorseRequestSchema,
  HAUL_MESSAGES,
  haulIdParamsSchema,
  haulingQuerySchema,
  haulingResponseSchema,
  haulOfferResponseSchema,
  haulOffersResponseSchema,
  haulRequestResponseSchema,
  haulSavedSearchesResponseSchema,
  haulSavedSearchSchema,
  horseResponseSchema,
  horsesResponseSchema,
  myHaulsResponseSchema,
  okResponseSchema,
  updateHaulOfferRequestSchema,
  updateHorseRequestSchema,
} from '@corral/contract';
import { z } from 'zod';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { selectTabOffers, selectTabRequests } from './hauling.queries.ts';
import { createHorse, deleteHorse, listHorses, updateHorse } from './horses.service.ts';
import { myHauls } from './my-hauls.service.ts';
import { closeOffer, createOffers, getOffer, updateOffer } from './offers.service.ts';
import { closeRequest, createRequest } from './requests.service.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from './saved-searches.service.ts';

const tags = ['haul'];
const params = haulIdParamsSchema;
const ok = { 200: okResponseSchema };
const done = { status: true as const };

/**
 * The hauling board's offers, requests, an event's Hauling tab, horses, my hauls and saved searches
 * (docs/decisions/030-hauling-board.md); bookings and reviews are in bookings.routes.ts.
 */
export const haulRoutes = routeGroup('member', async (app) => {
  app.get(
    API_PATHS.eventHauling.pattern,
    { schema: { tags, params, querystring: haulingQuerySchema, response: { 200: haulingResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request).user.id;
      const now = new Date(app.ctx.clock.now());
      const eventId = request.params.id;
      const tab = await selectTabOffers(app.ctx.db, viewer, eventId, request.query, now);
      if (!tab.visible) throw new AppError(404, HAUL_MESSAGES.eventNotFound);
      if (request.query.near !== undefined && tab.near === null)
        throw new AppError(422, HAUL_MESSAGES.placeNotFound, { near: [HAUL_MESSAGES.placeNotFound] });
      const requests = await selectTabRequests(app.ctx.db, viewer, eventId, request.query, now);
      return { offers: tab.offers, requests, near: tab.near, friends_going: tab.friendsGoing };
    },
  );

  app.post(
    API_PATHS.haulOffers,
    { schema: { tags, body: createHaulOfferRequestSchema, response: { 201: haulOffersResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createOffers(app.ctx, viewerOf(request), request.body) }),
  );

  app.get(
    API_PATHS.haulOffer.pattern,
    { schema: { tags, params, response: { 200: haulOfferResponseSchema } } },
    async (request) => ({
      data: await getOffer(app.ctx, viewerOf(request), request.params.id),
    }),
  );

  app.patch(
    API_PATHS.haulOffer.pattern,
    { schema: { tags, params, body: updateHaulOfferRequestSchema, response: { 200: haulOfferResponseSchema } } },
    async (request) => ({ data: await updateOffer(app.ctx, viewerOf(request), request.params.id, request.body) }),
  );

  app.delete(API_PATHS.haulOffer.pattern, { schema: { tags, params, response: ok } }, async (request) => {
    await closeOffer(app.ctx, viewerOf(request), request.params.id);
    return done;
  });

  app.post(
    API_PATHS.haulRequests,
    { schema: { tags, body: createHaulRequestRequestSchema, response: { 201: haulRequestResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createRequest(app.ctx, viewerOf(request), request.body) }),
  );

  app.delete(API_PATHS.haulRequest.pattern, { schema: { tags, params, response: ok } }, async (request) => {
    await closeRequest(app.ctx, viewerOf(request), request.params.id);
    return done;
  });

  app.get(API_PATHS.meHauls, { schema: { tags, response: { 200: myHaulsResponseSchema } } }, (request) =>
    myHauls(app.ctx, viewerOf(request)),
  );

  app.get(API_PATHS.meHorses, { schema: { tags, response: { 200: horsesResponseSchema } } }, async (request) => ({
    data: await listHorses(app.ctx, viewerOf(request)),
  }));

  app.post(
    API_PATHS.meHorses,
    { schema: { tags, body: createHorseRequestSchema, response: { 201: horseResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createHorse(app.ctx, viewerOf(request), request.body) }),
  );

  app.patch(
    API_PATHS.meHorse.pattern,
    { schema: { tags, params, body: updateHorseRequestSchema, response: { 200: horseResponseSchema } } },
    async (request) => ({ data: await updateHorse(app.ctx, viewerOf(request), request.params.id, request.body) }),
  );

  app.delete(API_PATHS.meHorse.pattern, { schema: { tags, params, response: ok } }, async (request) => {
    await deleteHorse(app.ctx, viewerOf(request), request.params.id);
    return done;
  });

  app.get(
    API_PATHS.haulSavedSearches,
    { schema: { tags, response: { 200: haulSavedSearchesResponseSchema } } },
    async (request) => ({ data: await listSavedSearches(app.ctx, viewerOf(request)) }),
  );

  app.post(
    API_PATHS.haulSavedSearches,
    {
      schema: {
        tags,
        body: createHaulSavedSearchRequestSchema,
        response: { 201: z.object({ data: haulSavedSearchSchema }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createSavedSearch(app.ctx, viewerOf(request), request.body) }),
  );

  app.delete(API_PATHS.haulSavedSearch.pattern, { schema: { tags, params, response: ok } }, async (request) => {
    await deleteSavedSearch(app.ctx, viewerOf(request), request.params.id);
    return done;
  });
});
