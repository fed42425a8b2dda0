import type { FeedItem } from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/query-keys.ts';
import { findCached, type ItemMatch, type ItemUpdate, isFeedItem, isPlainObject, patchItem } from './item-cache.ts';

/*
 * The item cache's part for edits and deletes (item-cache.ts is the rest): loaded with their dialogs, so the
 * feed's first load carries none of it.
 */

export const withCommentUncounted: ItemUpdate = (item) => ({
  ...item,
  comments_count: Math.max(0, item.comments_count - 1),
});

export const withShareUncounted: ItemUpdate = (item) => ({ ...item, shares_count: Math.max(0, item.shares_count - 1) });

/**
 * A share without a comment ('3', '6') is its original's card under the share's own id and counters, and does
 * not name the original's id (ADR 005); it shows the original's author and creation time, to the millisecond,
 * which together name it. So an edit or a deletion of `original` reaches those cards too.
 */
export const showsOriginal =
  (original: Pick<FeedItem, 'id' | 'user_id' | 'created_at'>): ItemMatch =>
  (entry) =>
    (entry.type === '3' || entry.type === '6') &&
    entry.id !== original.id &&
    entry.user_id === original.user_id &&
    entry.created_at === original.created_at;

/** `value` without the list entries `match` picks, in every list of it (as `patchIn` walks it). */
function removeIn(value: unknown, match: ItemMatch): unknown {
  if (isFeedItem(value)) return value;
  if (Array.isArray(value)) {
    const next = value.filter((entry) => !(isFeedItem(entry) && match(entry))).map((entry) => removeIn(entry, match));
    return next.length !== value.length || next.some((entry, index) => entry !== value[index]) ? next : value;
  }
  if (isPlainObject(value)) {
    let next: Record<string, unknown> | undefined;
    for (const [key, entry] of Object.entries(value)) {
      const removed = removeIn(entry, match);
      if (removed !== entry) {
        next ??= { ...value };
        next[key] = removed;
      }
    }
    return next ?? value;
  }
  return value;
}

/**
 * A deleted item leaves every cached list at once (timeline pages, profiles, events, suggestions, search),
 * and so do what showed it: shares with a comment carrying it, shares without one showing it. A share
 * deleted stops counting on its original. Its own detail is fetched again (the server answers 404).
 */
export function removeItem(queryClient: QueryClient, item: FeedItem): void {
  const isShare = item.type === '2' || item.type === '3' || item.type === '5' || item.type === '6';
  // The original a share counts on: carried by a '2' or '5', named by what a '3' or '6' shows.
  const original =
    item.shared_item ??
    (item.type === '3' || item.type === '6'
      ? findCached(
          queryClient,
          (entry) =>
            entry.id !== item.id &&
            (entry.type === '1' || entry.type === '4') &&
            entry.user_id === item.user_id &&
            entry.created_at === item.created_at,
        )
      : undefined);
  const gone: ItemMatch = isShare
    ? (entry) => entry.id === item.id
    : (entry) => entry.id === item.id || entry.shared_item?.id === item.id || showsOriginal(item)(entry);
  queryClient.setQueriesData<unknown>({ queryKey: itemKeys.all }, (data: unknown) => {
    const next = removeIn(data, gone);
    return next === data ? undefined : next;
  });
  if (isShare && original) patchItem(queryClient, original.id, withShareUncounted);
  void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item.id) });
}
