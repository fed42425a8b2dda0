import { API_PATHS, LIMITS, pagedFeedSchema, pageQuerySchema } from '@corral/contract';
import { routeGroup, viewerOf } from '../../lib/access.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { hydrateFeedItems } from '../posts/posts.service.ts';
import { timelinePageIds } from './feed.queries.ts';

export const feedRoutes = routeGroup('member', async (app) => {
  app.get(
    API_PATHS.timeline,
    { schema: { tags: ['feed'], querystring: pageQuerySchema, response: { 200: pagedFeedSchema } } },
    async (request) => {
      const viewer = viewerOf(request);
      const size = LIMITS.timelinePageSize;
      // `page` (1-based, OFFSET) stays for clients written against the spec; the web uses cursors.
      const legacyOffset = !request.query.cursor && request.query.page ? (request.query.page - 1) * size : 0;
      const entries = await timelinePageIds(app.ctx.db, viewer.user.id, decodeCursor(request.query.cursor), size + 1, {
        offset: legacyOffset,
      });
      const page = entries.slice(0, size);
      const last = page.at(-1);
      return {
        data: await hydrateFeedItems(
          app.ctx,
          viewer.user.id,
          page.map((entry) => entry.id),
        ),
        next_cursor: entries.length > size && last ? encodeCursor(last.sortDate, last.id) : null,
      };
    },
  );
});
