import type { PagedFeed, SuggestionsResponse } from '@corral/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { itemKeys } from '../../../lib/query-keys.ts';
import { removeItem, showsOriginal } from './item-cache.edits.ts';
import {
  findCachedItem,
  type ItemResponse,
  patchItem,
  patchItemOptimistically,
  patchItems,
  prependItem,
  withCommentCounted,
  withLikeToggled,
  withShareCounted,
} from './item-cache.ts';
import { feed, item } from './test-items.ts';

let queryClient: QueryClient;
const timeline = () => queryClient.getQueryData<InfiniteData<PagedFeed>>(itemKeys.timeline());
const timelineIds = () => timeline()?.pages.map((page) => page.data.map((entry) => entry.id));
const detail = (id: number) => queryClient.getQueryData<ItemResponse>(itemKeys.detail(id))?.data;
const suggested = () => queryClient.getQueryData<SuggestionsResponse>(itemKeys.suggestions())?.suggested_events;
/** Every cached copy of item 1, in a fixed order. */
const copiesOfOne = () => {
  const [first, second] = timeline()?.pages ?? [];
  return [
    first?.data[0], // the timeline's first page
    first?.data[1]?.shared_item, // carried by a share on page 1
    second?.data[0], // page 2
    detail(1),
    detail(5)?.shared_item, // carried by the share's own detail
    suggested()?.[0],
  ];
};

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const original = item(1, { type: '4' });
  const share = item(5, { type: '5', shared_item: original });
  queryClient.setQueryData(itemKeys.timeline(), feed([original, share, item(2)], [original, item(3)]));
  queryClient.setQueryData<ItemResponse>(itemKeys.detail(1), { data: original });
  queryClient.setQueryData<ItemResponse>(itemKeys.detail(5), { data: share });
  queryClient.setQueryData<SuggestionsResponse>(itemKeys.suggestions(), {
    suggestions: { friends: [{ id: 'u1', first_name: 'Cody', last_name: 'B', user_image: '', mutual_friends: 1 }] },
    suggested_events: [original, item(8, { type: '4' })],
  });
});

describe('patching an item', () => {
  it('likes every cached copy: timeline pages 1 and 2, details, suggestions, shares', () => {
    patchItem(queryClient, 1, withLikeToggled);
    for (const copy of copiesOfOne()) expect(copy).toMatchObject({ is_liked: true, likes_count: 1 });
    expect(findCachedItem(queryClient, 5)).toMatchObject({ is_liked: false, likes_count: 0 });
  });

  it('counts a comment on every copy', () => {
    patchItem(queryClient, 1, withCommentCounted);
    expect(copiesOfOne().map((copy) => copy?.comments_count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(detail(5)?.comments_count).toBe(0);
  });

  it('counts a share on every copy, the share carrying it too but not the share itself', () => {
    patchItem(queryClient, 1, withShareCounted);
    expect(copiesOfOne().map((copy) => copy?.shares_count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(timeline()?.pages[0]?.data[1]?.shares_count).toBe(0);
  });

  it('leaves what does not hold the item as it was, same objects', () => {
    const before = {
      page2: timeline()?.pages[1]?.data[1],
      friends: queryClient.getQueryData<SuggestionsResponse>(itemKeys.suggestions())?.suggestions,
      detail5: queryClient.getQueryData(itemKeys.detail(5)),
    };
    patchItem(queryClient, 1, withLikeToggled);
    expect(timeline()?.pages[1]?.data[1]).toBe(before.page2);
    expect(queryClient.getQueryData<SuggestionsResponse>(itemKeys.suggestions())?.suggestions).toBe(before.friends);
    expect(queryClient.getQueryData(itemKeys.detail(5))).not.toBe(before.detail5); // it carries item 1

    const untouched = queryClient.getQueryData(itemKeys.detail(5));
    patchItem(queryClient, 3, withLikeToggled);
    expect(queryClient.getQueryData(itemKeys.detail(5))).toBe(untouched);
  });

  it("reaches a member's profile posts (itemKeys.profilePosts), the shares they carry included", () => {
    const profile = itemKeys.profilePosts('u1');
    queryClient.setQueryData(profile, feed([item(7, { type: '2', shared_item: item(1) }), item(1)], [item(9)]));
    patchItem(queryClient, 1, withLikeToggled);
    patchItem(queryClient, 1, withShareCounted);
    const [first, second] = queryClient.getQueryData<InfiniteData<PagedFeed>>(profile)?.pages ?? [];
    expect([first?.data[0]?.shared_item, first?.data[1]]).toMatchObject([
      { is_liked: true, likes_count: 1, shares_count: 1 },
      { is_liked: true, likes_count: 1, shares_count: 1 },
    ]);
    expect(first?.data[0]).toMatchObject({ is_liked: false, shares_count: 0 });
    expect(second?.data[0]?.is_liked).toBe(false);
  });

  it('also reaches a list added later under the items key', () => {
    const profileKey = [...itemKeys.all, 'profile', 'u1'];
    queryClient.setQueryData(profileKey, feed([item(1)]));
    patchItem(queryClient, 1, withLikeToggled);
    expect(queryClient.getQueryData<InfiniteData<PagedFeed>>(profileKey)?.pages[0]?.data[0]?.is_liked).toBe(true);
  });
});

describe('an optimistic like', () => {
  it('shows at once and is put back everywhere when the server refuses', async () => {
    const rollback = await patchItemOptimistically(queryClient, 1, withLikeToggled);
    expect(copiesOfOne().every((copy) => copy?.is_liked && copy.likes_count === 1)).toBe(true);

    // Meanwhile a comment lands and another page loads: the rollback keeps both.
    patchItem(queryClient, 1, withCommentCounted);
    queryClient.setQueryData<InfiniteData<PagedFeed>>(itemKeys.timeline(), (data) =>
      data
        ? { pages: [...data.pages, { data: [item(4)], next_cursor: null }], pageParams: [...data.pageParams, 'c1'] }
        : data,
    );

    rollback();
    for (const copy of copiesOfOne())
      expect(copy).toMatchObject({ is_liked: false, likes_count: 0, comments_count: 1 });
    expect(timelineIds()).toEqual([[1, 5, 2], [1, 3], [4]]);
  });

  it('cancels a refetch of a list holding the item, whose answer would undo it', async () => {
    // The refetch's answer arrives only after the optimistic change, when the test lets it.
    let answer: (response: ItemResponse) => void = () => undefined;
    const stale = new Promise<ItemResponse>((resolve) => {
      answer = resolve;
    });
    const refetch = queryClient.fetchQuery({ queryKey: itemKeys.detail(1), queryFn: () => stale, staleTime: 0 });
    await patchItemOptimistically(queryClient, 1, withLikeToggled);
    answer({ data: item(1) });
    await refetch.catch(() => undefined);
    expect(detail(1)).toMatchObject({ is_liked: true, likes_count: 1 });
  });

  it('does nothing, and undoes nothing, for an item no list holds', async () => {
    const before = queryClient.getQueriesData({ queryKey: itemKeys.all });
    const rollback = await patchItemOptimistically(queryClient, 99, withLikeToggled);
    rollback();
    expect(queryClient.getQueriesData({ queryKey: itemKeys.all })).toEqual(before);
  });
});

describe('a new item', () => {
  it('comes first on the first page of the timeline, and is cached as its own detail', () => {
    const post = item(9);
    prependItem(queryClient, post);
    expect(timelineIds()).toEqual([
      [9, 1, 5, 2],
      [1, 3],
    ]);
    expect(detail(9)).toBe(post);
  });

  it('leaves a timeline that was never loaded alone', () => {
    queryClient.removeQueries({ queryKey: itemKeys.timeline() });
    prependItem(queryClient, item(9));
    expect(timeline()).toBeUndefined();
    expect(queryClient.getQueryState(itemKeys.timeline())).toBeUndefined();
  });
});

describe('a deleted item', () => {
  const author = { user_id: 'u1', created_at: '2026-05-01T12:00:00.123Z' };

  it('leaves every list at once, with the shares carrying it and those showing it', () => {
    const original = item(1, { type: '1', ...author });
    const carried = item(5, { type: '2', shared_item: original });
    // A share without a comment: the original's author and time under its own id.
    const shown = item(6, { type: '3', ...author, shared_by_user_id: 'u2' });
    const other = item(7, { type: '3', user_id: 'u1', created_at: '2026-05-02T08:00:00.000Z' });
    queryClient.setQueryData(itemKeys.timeline(), feed([original, carried, item(2)], [shown, other]));
    queryClient.setQueryData(itemKeys.profilePosts('u1'), feed([original, item(3)]));
    removeItem(queryClient, original);
    expect(timelineIds()).toEqual([[2], [7]]);
    expect(
      queryClient.getQueryData<InfiniteData<PagedFeed>>(itemKeys.profilePosts('u1'))?.pages[0]?.data.map((e) => e.id),
    ).toEqual([3]);
    expect(suggested()?.map((entry) => entry.id)).toEqual([8]);
    expect(queryClient.getQueryState(itemKeys.detail(1))?.isInvalidated).toBe(true);
  });

  it('a share stops counting on its original, named by a comment share or shown by a bare one', () => {
    const original = item(1, { type: '1', ...author, shares_count: 2 });
    const withComment = item(5, { type: '2', shared_item: original });
    const bare = item(6, { type: '3', ...author, shared_by_user_id: 'u2' });
    queryClient.setQueryData(itemKeys.timeline(), feed([original, withComment, bare]));
    removeItem(queryClient, withComment);
    expect(timelineIds()).toEqual([[1, 6]]);
    expect(findCachedItem(queryClient, 1)?.shares_count).toBe(1);
    removeItem(queryClient, bare);
    expect(timelineIds()).toEqual([[1]]);
    expect(findCachedItem(queryClient, 1)?.shares_count).toBe(0);
  });
});

describe('an edited post', () => {
  it("reaches the shares without a comment that show it, and no other item's", () => {
    const original = item(1, { type: '1', user_id: 'u1', created_at: '2026-05-01T12:00:00.123Z' });
    const bare = item(6, { type: '3', user_id: 'u1', created_at: '2026-05-01T12:00:00.123Z' });
    const later = item(7, { type: '3', user_id: 'u1', created_at: '2026-05-01T12:00:00.124Z' });
    queryClient.setQueryData(itemKeys.timeline(), feed([original, bare, later]));
    patchItems(
      queryClient,
      (entry) => entry.id === 1 || showsOriginal(original)(entry),
      (entry) => ({ ...entry, title: 'v2' }),
    );
    expect(timeline()?.pages[0]?.data.map((entry) => entry.title ?? null)).toEqual(['v2', 'v2', null]);
  });
});
