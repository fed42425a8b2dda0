import { API_PATHS, pagedFeedSchema, pageQuerySchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { timeline } from './feed.service.ts';

export const feedRoutes = routeGroup('member', async (app) => {
  app.get(
    API_PATHS.timeline,
    { schema: { tags: ['feed'], querystring: pageQuerySchema, response: { 200: pagedFeedSchema } } },
    async (request) => timeline(app.ctx, viewerOf(request), request.query),
  );
});
