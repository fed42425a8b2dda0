import type { FeedItem, PagedFeed } from '@corral/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/query-keys.ts';

/**
 * The one place that edits cached feed items (bluesky's pattern): a like, a comment or a share changes
 * every cached copy of the item at once (timeline pages, its detail, suggestions, any list keyed under
 * `itemKeys.all`, and the originals that shares carry), so every view agrees. What only edits and deletes
 * need (removing an item from every list) is in item-cache.edits.ts, loaded with their dialogs.
 */

/** GET /posts/{id}, POST /posts and POST /posts/{id}/share answer one item. */
export interface ItemResponse {
  data: FeedItem;
}

export type ItemUpdate = (item: FeedItem) => FeedItem;

/** The like button pressed: liked becomes unliked and back, and the count follows. */
export const withLikeToggled: ItemUpdate = (item) => ({
  ...item,
  is_liked: !item.is_liked,
  likes_count: item.likes_count + (item.is_liked ? -1 : 1),
});

export const withCommentCounted: ItemUpdate = (item) => ({ ...item, comments_count: item.comments_count + 1 });

export const withShareCounted: ItemUpdate = (item) => ({ ...item, shares_count: item.shares_count + 1 });

/** Which cached items a change is about. */
export type ItemMatch = (item: FeedItem) => boolean;

/** Tells an item from the other objects of cached answers (pages, suggested friends, comments). */
export function isFeedItem(value: unknown): value is FeedItem {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return typeof fields.id === 'number' && typeof fields.type === 'string' && typeof fields.likes_count === 'number';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `value` with `update` applied to every copy of item `id` in it, whatever the answer's shape: infinite
 * pages (`{ pages: [{ data: FeedItem[] }] }`), a detail (`{ data: FeedItem }`), suggestions
 * (`{ suggested_events: FeedItem[] }`), and the `shared_item` of shares. What does not change keeps its
 * identity, and `value` itself comes back when the item is not in it.
 */
function patchIn(value: unknown, match: ItemMatch, update: ItemUpdate): unknown {
  if (isFeedItem(value)) {
    const item = match(value) ? update(value) : value;
    const shared = item.shared_item;
    if (!shared) return item;
    const patched = patchIn(shared, match, update) as FeedItem;
    return patched === shared ? item : { ...item, shared_item: patched };
  }
  if (Array.isArray(value)) {
    const next = value.map((entry) => patchIn(entry, match, update));
    return next.some((entry, index) => entry !== value[index]) ? next : value;
  }
  if (isPlainObject(value)) {
    let next: Record<string, unknown> | undefined;
    for (const [key, entry] of Object.entries(value)) {
      const patched = patchIn(entry, match, update);
      if (patched !== entry) {
        next ??= { ...value };
        next[key] = patched;
      }
    }
    return next ?? value;
  }
  return value;
}

function findIn(value: unknown, match: ItemMatch): FeedItem | undefined {
  if (isFeedItem(value)) return match(value) ? value : findIn(value.shared_item, match);
  const entries = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [];
  for (const entry of entries) {
    const found = findIn(entry, match);
    if (found) return found;
  }
  return undefined;
}

export function findCached(queryClient: QueryClient, match: ItemMatch): FeedItem | undefined {
  for (const [, data] of queryClient.getQueriesData({ queryKey: itemKeys.all })) {
    const found = findIn(data, match);
    if (found) return found;
  }
  return undefined;
}

/** The first cached copy of item `id`, if any list or detail holds it. */
export function findCachedItem(queryClient: QueryClient, id: number): FeedItem | undefined {
  return findCached(queryClient, (item) => item.id === id);
}

/** Applies `update` to every cached copy of item `id`; queries that do not hold it are left untouched. */
export function patchItem(queryClient: QueryClient, id: number, update: ItemUpdate): void {
  patchItems(queryClient, (item) => item.id === id, update);
}

/** Applies `update` to every cached item `match` picks, wherever it is (as `patchItem`). */
export function patchItems(queryClient: QueryClient, match: ItemMatch, update: ItemUpdate): void {
  queryClient.setQueriesData<unknown>({ queryKey: itemKeys.all }, (data: unknown) => {
    const next = patchIn(data, match, update);
    // undefined tells TanStack Query to leave the query as it is (no new data, no new timestamp).
    return next === data ? undefined : next;
  });
}

/**
 * `patchItem` ahead of the server's answer. Fetches of lists holding the item are cancelled first (their
 * answer would undo the change); the function returned puts back, on every copy, the fields `update`
 * changed, for when the server refuses. Only those fields: pages loaded meanwhile stay.
 */
export async function patchItemOptimistically(
  queryClient: QueryClient,
  id: number,
  update: ItemUpdate,
): Promise<() => void> {
  await queryClient.cancelQueries({
    queryKey: itemKeys.all,
    predicate: (query) => findIn(query.state.data, (item) => item.id === id) !== undefined,
  });
  const before = findCachedItem(queryClient, id);
  patchItem(queryClient, id, update);
  if (!before) return () => undefined;
  const after = update(before);
  const changed = (Object.keys(after) as (keyof FeedItem)[]).filter((key) => after[key] !== before[key]);
  const previous = Object.fromEntries(changed.map((key) => [key, before[key]])) as Partial<FeedItem>;
  return () => patchItem(queryClient, id, (item) => ({ ...item, ...previous }));
}

/**
 * A new item (a post, a share) first on the first page of the timeline (or of the lists given), so the
 * member sees it at once, and cached as its own detail.
 */
export function prependItem(
  queryClient: QueryClient,
  item: FeedItem,
  lists: readonly QueryKey[] = [itemKeys.timeline()],
): void {
  for (const list of lists) {
    queryClient.setQueryData<InfiniteData<PagedFeed>>(list, (data) => {
      const first = data?.pages[0];
      if (!data || !first) return undefined;
      return { ...data, pages: [{ ...first, data: [item, ...first.data] }, ...data.pages.slice(1)] };
    });
  }
  queryClient.setQueryData<ItemResponse>(itemKeys.detail(item.id), { data: item });
}
