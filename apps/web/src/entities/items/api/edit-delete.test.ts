import type { Comment } from '@corral/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type CommentsPage, commentKeys } from './comments.ts';
import { deleteCommentMutation } from './delete-comment.ts';
import { deletePostMutation } from './delete-post.ts';
import { editCommentMutation } from './edit-comment.ts';
import { editPostMutation } from './edit-post.ts';
import { patchItem } from './item-cache.ts';
import { revisionKeys } from './revisions.ts';
import { itemCacheHarness } from './test-harness.ts';
import { item } from './test-items.ts';

const comment = (id: number, text = `#${id}`) => ({ id, text }) as Comment;

describe('editing and deleting', () => {
  const cache = itemCacheHarness();
  const thread = () => cache.queryClient.getQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(1));
  const seedThread = () =>
    cache.queryClient.setQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(1), {
      pages: [
        { data: [comment(1), comment(2)], next_cursor: 'a' },
        { data: [comment(3)], next_cursor: null },
      ],
      pageParams: [null, 'a'],
    });

  it('an edited post shows its new text on every copy, and its history is fetched again', async () => {
    cache.queryClient.setQueryData(revisionKeys.post(1), { data: [] });
    cache.respond(200, { data: item(1, { title: 'New', edited_at: '2026-05-01T12:00:00.000Z' }) });
    await cache.run(editPostMutation(cache.queryClient), { item: item(1), title: 'New' });
    expect(cache.copiesOfOne().map((copy) => [copy?.title, copy?.edited_at])).toEqual(
      Array(4).fill(['New', '2026-05-01T12:00:00.000Z']),
    );
    expect(cache.queryClient.getQueryState(revisionKeys.post(1))?.isInvalidated).toBe(true);
  });

  it('a refused edit changes nothing', async () => {
    cache.respond(403, { message: 'You can only edit or delete your own posts.' });
    await expect(cache.run(editPostMutation(cache.queryClient), { item: item(1), title: 'New' })).rejects.toMatchObject(
      { status: 403 },
    );
    expect(cache.copiesOfOne().map((copy) => copy?.title)).toEqual(Array(4).fill(undefined));
  });

  it('a deleted post leaves the timeline with the share carrying it', async () => {
    cache.respond(200, { status: true });
    await cache.run(deletePostMutation(cache.queryClient), item(1));
    expect(cache.timeline()?.pages.map((page) => page.data.map((entry) => entry.id))).toEqual([[], []]);
  });

  it('an edited comment takes its place in the loaded thread', async () => {
    seedThread();
    cache.respond(200, { data: comment(3, 'edited') });
    await cache.run(editCommentMutation(cache.queryClient, 1), { id: 3, text: 'edited' });
    expect(thread()?.pages.map((page) => page.data.map((c) => c.text))).toEqual([['#1', '#2'], ['edited']]);
  });

  it('a deleted comment leaves the thread and every copy counts one fewer', async () => {
    seedThread();
    cache.queryClient.setQueryData(commentKeys.thread(9), thread());
    patchItem(cache.queryClient, 1, (cached) => ({ ...cached, comments_count: 3 }));
    cache.respond(200, { status: true });
    await cache.run(deleteCommentMutation(cache.queryClient, 1), 2);
    expect(thread()?.pages.map((page) => page.data.map((c) => c.id))).toEqual([[1], [3]]);
    expect(cache.copiesOfOne().map((copy) => copy?.comments_count)).toEqual([2, 2, 2, 2]);
    const other = cache.queryClient.getQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(9));
    expect(other?.pages[0]?.data.map((c) => c.id)).toEqual([1, 2]);
  });
});
