import { type FeedItem, LIMITS } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toFeedItems } from '../posts/posts.service.ts';
import { selectTimelinePage } from './feed.queries.ts';

/**
 * GET /home/timeline: one statement for the page, hydrated. `page` (1-based, OFFSET) stays for clients
 * written against the spec; the web uses cursors.
 */
export async function timeline(
  ctx: AppContext,
  viewer: Viewer,
  query: { cursor?: string | undefined; page?: number | undefined },
): Promise<{ data: FeedItem[]; next_cursor: string | null }> {
  const size = LIMITS.timelinePageSize;
  const offset = !query.cursor && query.page ? (query.page - 1) * size : 0;
  const rows = await selectTimelinePage(ctx.db, viewer.user.id, decodeCursor(query.cursor), size, { offset });
  const last = rows.at(-1);
  const more = last !== undefined && Number(last.found) > size;
  return {
    data: toFeedItems(ctx.storage, rows),
    next_cursor: more ? encodeCursor(last.sort_date, last.item.id) : null,
  };
}
