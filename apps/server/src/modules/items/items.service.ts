import { type FeedItem, MESSAGES, type PagedFeed, type PageQuery } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { byTimeAndId, type Keyset, keysetPage, type PageWindow } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { HydratedRow } from './items.hydrate.ts';
import { toFeedItems } from './items.mapper.ts';
import { selectItemsById, selectVisibleItem, type VisibleItem } from './items.queries.ts';

/*
 * Items (posts, events and shares, one `posts` table) as every module shows them: the cards, the one item,
 * and whether a viewer may see it. Posts and events write items; the feed, home, profiles, events and search
 * read them through here, and compose items.policy.ts and items.hydrate.ts into their own page statements.
 */

export type { HydratedRow, VisibleItem };
export { toFeedItems };

const notFound = () => new AppError(404, MESSAGES.http.notFound);

/** Feed items for a set of ids, in that order, without what the viewer may not see (one statement). */
export async function feedItems(ctx: AppContext, viewerId: string, ids: number[]): Promise<FeedItem[]> {
  return toFeedItems(ctx.storage, await selectItemsById(ctx.db, viewerId, ids));
}

/** One item as a card, if this viewer may see it; a hidden item and a missing one answer the same 404. */
export async function getItem(ctx: AppContext, viewer: Viewer, id: number): Promise<FeedItem> {
  const [item] = await feedItems(ctx, viewer.user.id, [id]);
  if (!item) throw notFound();
  return item;
}

/** The item, if this viewer may see it; a hidden item and a missing one answer the same 404. */
export async function visibleItem(ctx: AppContext, viewer: Viewer, id: number): Promise<VisibleItem> {
  const item = await selectVisibleItem(ctx.db, viewer.user.id, id);
  if (!item) throw notFound();
  return item;
}

/**
 * A page of cards from a statement built around `hydrated` (the timeline, a member's items, the events
 * lists): keyed by (sort_date, id); the statement hydrates only the page's rows, and `found` says whether
 * there was one more.
 */
export function itemPage(
  ctx: AppContext,
  query: PageQuery,
  size: number,
  fetch: (window: PageWindow<Keyset>) => Promise<HydratedRow[]>,
): Promise<PagedFeed> {
  return keysetPage(query, fetch, {
    size,
    key: byTimeAndId,
    keyOf: (row) => ({ at: row.sort_date, id: row.item.id }),
    toItems: (rows) => toFeedItems(ctx.storage, rows),
    more: (rows) => Number(rows.at(-1)?.found ?? 0) > size,
  });
}
