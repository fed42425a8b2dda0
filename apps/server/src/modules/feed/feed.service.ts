import { LIMITS, type PagedFeed, type PageQuery } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { itemPage } from '../items/items.service.ts';
import { selectTimelinePage } from './feed.queries.ts';

/**
 * GET /home/timeline: one statement for the page, hydrated. `page` (1-based, OFFSET) stays for clients
 * written against the spec; the web uses cursors.
 */
export function timeline(ctx: AppContext, viewer: Viewer, query: PageQuery): Promise<PagedFeed> {
  const size = LIMITS.timelinePageSize;
  return itemPage(ctx, query, size, ({ after, offset }) =>
    selectTimelinePage(ctx.db, viewer.user.id, after, size, { offset }),
  );
}
