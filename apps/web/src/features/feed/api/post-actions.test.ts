import type { Comment, FeedItem, PagedFeed } from '@corral/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../components/comment-thread.tsx';
import { appendComment, type CommentsPage, prependToTimeline, sharedOriginalId } from './post-actions.ts';
import { patchTimelineItem } from './timeline.ts';

const item = (id: number, extra: Partial<FeedItem> = {}) =>
  ({ id, type: '1', shares_count: 0, comments_count: 0, shared_item: null, ...extra }) as FeedItem;
const feed = (...pages: FeedItem[][]): InfiniteData<PagedFeed, string | null> => ({
  pages: pages.map((data, index) => ({ data, next_cursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
});
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

describe('timeline cache', () => {
  it('puts a new share first on the first page', () => {
    const next = prependToTimeline(feed([item(1), item(2)], [item(3)]), item(9));
    expect(next?.pages.map((page) => page.data.map((i) => i.id))).toEqual([[9, 1, 2], [3]]);
    expect(prependToTimeline(undefined, item(9))).toBeUndefined();
  });

  it('patches an item and the shares that carry it', () => {
    const original = item(1);
    const data = feed([original, item(5, { type: '2', shared_item: original })], [item(1)]);
    const next = patchTimelineItem(data, 1, (i) => ({ ...i, shares_count: i.shares_count + 1 }));
    expect(next?.pages[0]?.data[0]?.shares_count).toBe(1);
    expect(next?.pages[0]?.data[1]?.shares_count).toBe(0);
    expect(next?.pages[0]?.data[1]?.shared_item?.shares_count).toBe(1);
    expect(next?.pages[1]?.data[0]?.shares_count).toBe(1);
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

describe('comment timestamps', () => {
  it('reads as a US date and time, empty when invalid', () => {
    expect(formatTimestamp('2026-11-22T15:04:00.000Z')).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatTimestamp('nope')).toBe('');
  });
});
