import type { Comment } from '@corral/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addCommentMutation, appendComment } from './add-comment.ts';
import { type CommentsPage, commentKeys } from './comments.ts';
import { itemCacheHarness } from './test-harness.ts';

const comment = (id: number) => ({ id, text: `#${id}` }) as Comment;

describe('appending to a thread', () => {
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

describe('a comment', () => {
  const cache = itemCacheHarness();

  it('joins the thread and every copy counts it', async () => {
    cache.queryClient.setQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(1), {
      pages: [{ data: [comment(1)], next_cursor: null }],
      pageParams: [null],
    });
    cache.respond(200, { data: comment(2) });
    await cache.run(addCommentMutation(cache.queryClient, 1), 'Go get em!');
    expect(cache.copiesOfOne().map((copy) => copy?.comments_count)).toEqual([1, 1, 1, 1]);
    const thread = cache.queryClient.getQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(1));
    expect(thread?.pages[0]?.data.map((c) => c.id)).toEqual([1, 2]);
  });

  it('the server refuses changes no count and no thread', async () => {
    cache.respond(422, { message: 'Comment text is required.' });
    await expect(cache.run(addCommentMutation(cache.queryClient, 1), ' ')).rejects.toMatchObject({ status: 422 });
    expect(cache.copiesOfOne().map((copy) => copy?.comments_count)).toEqual([0, 0, 0, 0]);
    expect(cache.queryClient.getQueryData(commentKeys.thread(1))).toBeUndefined();
  });
});
