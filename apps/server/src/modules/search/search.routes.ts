import { API_PATHS, searchQuerySchema, searchResponseSchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { search } from './search.service.ts';

/** GET /search?q=&type=&cursor=: members and events. */
export const searchRoutes = routeGroup('member', async (app) => {
  app.get(
    API_PATHS.search,
    { schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    (request) => search(app.ctx, viewerOf(request), request.query),
  );
});
