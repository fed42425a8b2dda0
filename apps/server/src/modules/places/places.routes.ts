import { API_PATHS, placesQuerySchema, placesResponseSchema } from '@corral/contract';
import { routeGroup } from '../../lib/access.ts';
import { findPlaces } from './places.service.ts';

/** GET /places?q=&near=: the gazetteer's typeahead, for members (offers, requests, events). */
export const placesRoutes = routeGroup('member', async (app) => {
  app.get(
    API_PATHS.places,
    { schema: { tags: ['places'], querystring: placesQuerySchema, response: { 200: placesResponseSchema } } },
    (request) => findPlaces(app.ctx.db, request.query.q, request.query.near),
  );
});
