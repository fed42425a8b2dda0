import { API_PATHS, suggestionsResponseSchema, upcomingEventsResponseSchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { suggestions, upcomingEvents } from './home.service.ts';

const tags = ['home'];

export const homeRoutes = routeGroup('member', async (app) => {
  app.get(API_PATHS.upcomingEvents, { schema: { tags, response: { 200: upcomingEventsResponseSchema } } }, (request) =>
    upcomingEvents(app.ctx, viewerOf(request)),
  );
  app.get(API_PATHS.suggestions, { schema: { tags, response: { 200: suggestionsResponseSchema } } }, (request) =>
    suggestions(app.ctx, viewerOf(request)),
  );
});
