import type { PagedFeed } from '@corral/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { itemKeys } from '../../../lib/query-keys.ts';
import { sharedOriginalId, shareMutation } from './share-item.ts';
import { itemCacheHarness } from './test-harness.ts';
import { feed, item } from './test-items.ts';

describe('the item a share counts on', () => {
  it('is the item itself for a post or an event', () => {
    expect(sharedOriginalId(item(4))).toBe(4);
    expect(sharedOriginalId(item(4, { type: '4' }))).toBe(4);
  });

  it('is the original a share with a comment carries', () => {
    expect(sharedOriginalId(item(7, { type: '2', shared_item: item(3) }))).toBe(3);
    expect(sharedOriginalId(item(7, { type: '5', shared_item: item(3, { type: '4' }) }))).toBe(3);
  });

  it('is unknown for a re-share, whose own counters the card shows', () => {
    expect(sharedOriginalId(item(7, { type: '3' }))).toBeNull();
    expect(sharedOriginalId(item(7, { type: '6' }))).toBeNull();
  });
});

describe('a share', () => {
  const cache = itemCacheHarness();

  it('Share Now counts on every copy of the original and puts the re-share first', async () => {
    cache.respond(200, { data: item(9, { type: '3' }) });
    await cache.run(shareMutation(cache.queryClient), { item: item(1) });
    expect(cache.copiesOfOne().map((copy) => copy?.shares_count)).toEqual([1, 1, 1, 1]);
    expect(cache.timeline()?.pages.map((page) => page.data.map((entry) => entry.id))).toEqual([[9, 1, 5], [1]]);
    expect(cache.timeline()?.pages[0]?.data[0]?.shares_count).toBe(0);
  });

  it("comes first on the sharer's profile when it is loaded, and leaves other profiles alone", async () => {
    cache.queryClient.setQueryData(itemKeys.profilePosts('me'), feed([item(4)]));
    cache.queryClient.setQueryData(itemKeys.profilePosts('someone'), feed([item(6)]));
    cache.respond(200, { data: item(9, { type: '3', shared_by_user_id: 'me', user_id: 'author' }) });
    await cache.run(shareMutation(cache.queryClient), { item: item(1) });
    const ids = (user: string) =>
      cache.queryClient
        .getQueryData<InfiniteData<PagedFeed>>(itemKeys.profilePosts(user))
        ?.pages[0]?.data.map((e) => e.id);
    expect(ids('me')).toEqual([9, 4]);
    expect(ids('someone')).toEqual([6]);
    expect(cache.queryClient.getQueryData(itemKeys.profilePosts('author'))).toBeUndefined();
  });

  it("with a comment takes the original's count from the server", async () => {
    cache.respond(200, { data: item(10, { type: '2', shared_item: item(1, { shares_count: 7 }) }) });
    // Shared from the share row: the original is what counts.
    await cache.run(shareMutation(cache.queryClient), {
      item: item(5, { type: '2', shared_item: item(1) }),
      comment: 'Proud',
    });
    expect(cache.copiesOfOne().map((copy) => copy?.shares_count)).toEqual([7, 7, 7, 7, 7]);
    expect(cache.timeline()?.pages[0]?.data[0]).toMatchObject({ id: 10, shared_item: { id: 1, shares_count: 7 } });
    expect(cache.detail(10)?.id).toBe(10);
  });
});
