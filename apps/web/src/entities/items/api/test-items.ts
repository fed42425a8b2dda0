import type { FeedItem, PagedFeed } from '@corral/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** Test fixtures: a feed item with only the fields the cache reads, and timeline pages of items. */
export const item = (id: number, extra: Partial<FeedItem> = {}) =>
  ({
    id,
    type: '1',
    is_liked: false,
    likes_count: 0,
    shares_count: 0,
    comments_count: 0,
    shared_item: null,
    ...extra,
  }) as FeedItem;

export const feed = (...pages: FeedItem[][]): InfiniteData<PagedFeed, string | null> => ({
  pages: pages.map((data, index) => ({ data, next_cursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
});
