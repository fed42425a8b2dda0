import { API_PATHS, suggestionsResponseSchema, upcomingEventsResponseSchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { hydrateFeedItems } from '../posts/posts.service.ts';
import { selectSuggestedEventIds, selectSuggestedFriends, selectUpcomingEvents } from './home.queries.ts';

const tags = ['home'];

export const homeRoutes = routeGroup('member', async (app) => {
  app.get(
    API_PATHS.upcomingEvents,
    { schema: { tags, response: { 200: upcomingEventsResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      return {
        upcoming_events: await selectUpcomingEvents(app.ctx.db, viewer.user.id, new Date(app.ctx.clock.now()), 10),
      };
    },
  );

  app.get(
    API_PATHS.suggestions,
    { schema: { tags, response: { 200: suggestionsResponseSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      const now = new Date(app.ctx.clock.now());
      const [friends, eventIds] = await Promise.all([
        selectSuggestedFriends(app.ctx.db, viewer.user.id, 12),
        selectSuggestedEventIds(app.ctx.db, viewer.user.id, now, 6),
      ]);
      return { suggestions: { friends }, suggested_events: await hydrateFeedItems(app.ctx, viewer.user.id, eventIds) };
    },
  );
});
