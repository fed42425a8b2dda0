import type { Comment, PagedFeed } from '@corral/contract';
import { type InfiniteData, MutationObserver, type MutationOptions, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemResponse } from '../../lib/item-cache.ts';
import { itemKeys } from '../../lib/query-keys.ts';
import { feed, item } from '../../lib/test-items.ts';
import {
  addCommentMutation,
  appendComment,
  type CommentsPage,
  commentKeys,
  sharedOriginalId,
  shareMutation,
  toggleLikeMutation,
} from './item-actions.ts';

const comment = (id: number) => ({ id, text: `#${id}` }) as Comment;

describe('comments cache', () => {
  it('adds a new comment at the end of the last loaded page', () => {
    const data: InfiniteData<CommentsPage, string | null> = {
      pages: [
        { data: [comment(1)], next_cursor: 'a' },
        { data: [comment(2)], next_cursor: null },
      ],
      pageParams: [null, 'a'],
    };
    const next = appendComment(data, comment(3));
    expect(next?.pages.map((page) => page.data.map((c) => c.id))).toEqual([[1], [2, 3]]);
    expect(data.pages[1]?.data).toHaveLength(1);
  });

  it('leaves an unloaded thread alone', () => {
    expect(appendComment(undefined, comment(1))).toBeUndefined();
  });
});

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

/** The feed's mutations run as useMutation runs them, against a real QueryClient and a stubbed network. */
describe('actions on an item', () => {
  let queryClient: QueryClient;
  let answers: Response[];
  const run = <T, V, R>(options: MutationOptions<T, Error, V, R>, variables: V) =>
    new MutationObserver(queryClient, options).mutate(variables);
  const respond = (status: number, body: unknown) => answers.push(new Response(JSON.stringify(body), { status }));
  const timeline = () => queryClient.getQueryData<InfiniteData<PagedFeed>>(itemKeys.timeline());
  const detail = (id: number) => queryClient.getQueryData<ItemResponse>(itemKeys.detail(id))?.data;
  /** Item 1 wherever it is: on timeline page 1, inside shares, on page 2, and as its own detail. */
  const copiesOfOne = () => [
    ...(timeline()?.pages ?? [])
      .flatMap((page) => page.data)
      .flatMap((entry) => [entry, entry.shared_item])
      .filter((entry) => entry?.id === 1),
    detail(1),
  ];

  beforeEach(() => {
    answers = [];
    queryClient = new QueryClient();
    vi.stubGlobal('localStorage', { getItem: () => 'token' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift() ?? new Response('{}', { status: 500 })),
    );
    const original = item(1);
    queryClient.setQueryData(
      itemKeys.timeline(),
      feed([original, item(5, { type: '2', shared_item: original })], [original]),
    );
    queryClient.setQueryData<ItemResponse>(itemKeys.detail(1), { data: original });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a like shows on every copy and the server settles the count', async () => {
    respond(200, { is_liked: true, likes_count: 4 });
    await run(toggleLikeMutation(queryClient), 1);
    for (const copy of copiesOfOne()) expect(copy).toMatchObject({ is_liked: true, likes_count: 4 });
  });

  it('a like the server refuses is put back on every copy', async () => {
    respond(500, { message: 'Something went wrong.' });
    await expect(run(toggleLikeMutation(queryClient), 1)).rejects.toMatchObject({ status: 500 });
    for (const copy of copiesOfOne()) expect(copy).toMatchObject({ is_liked: false, likes_count: 0 });
  });

  it('a comment joins the thread and every copy counts it', async () => {
    queryClient.setQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(1), {
      pages: [{ data: [comment(1)], next_cursor: null }],
      pageParams: [null],
    });
    respond(200, { data: comment(2) });
    await run(addCommentMutation(queryClient, 1), 'Go get em!');
    expect(copiesOfOne().map((copy) => copy?.comments_count)).toEqual([1, 1, 1, 1]);
    const thread = queryClient.getQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(1));
    expect(thread?.pages[0]?.data.map((c) => c.id)).toEqual([1, 2]);
  });

  it('Share Now counts on every copy of the original and puts the re-share first', async () => {
    respond(200, { data: item(9, { type: '3' }) });
    await run(shareMutation(queryClient), { item: item(1) });
    expect(copiesOfOne().map((copy) => copy?.shares_count)).toEqual([1, 1, 1, 1]);
    expect(timeline()?.pages.map((page) => page.data.map((entry) => entry.id))).toEqual([[9, 1, 5], [1]]);
    expect(timeline()?.pages[0]?.data[0]?.shares_count).toBe(0);
  });

  it("puts a share first on the sharer's profile when it is loaded, and leaves other profiles alone", async () => {
    queryClient.setQueryData(itemKeys.profilePosts('me'), feed([item(4)]));
    queryClient.setQueryData(itemKeys.profilePosts('someone'), feed([item(6)]));
    respond(200, { data: item(9, { type: '3', shared_by_user_id: 'me', user_id: 'author' }) });
    await run(shareMutation(queryClient), { item: item(1) });
    const ids = (user: string) =>
      queryClient.getQueryData<InfiniteData<PagedFeed>>(itemKeys.profilePosts(user))?.pages[0]?.data.map((e) => e.id);
    expect(ids('me')).toEqual([9, 4]);
    expect(ids('someone')).toEqual([6]);
    expect(queryClient.getQueryData(itemKeys.profilePosts('author'))).toBeUndefined();
  });

  it("a share with a comment takes the original's count from the server", async () => {
    respond(200, { data: item(10, { type: '2', shared_item: item(1, { shares_count: 7 }) }) });
    // Shared from the share row: the original is what counts.
    await run(shareMutation(queryClient), { item: item(5, { type: '2', shared_item: item(1) }), comment: 'Proud' });
    expect(copiesOfOne().map((copy) => copy?.shares_count)).toEqual([7, 7, 7, 7, 7]);
    expect(timeline()?.pages[0]?.data[0]).toMatchObject({ id: 10, shared_item: { id: 1, shares_count: 7 } });
    expect(detail(10)?.id).toBe(10);
  });
});
