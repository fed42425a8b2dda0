import type { Notification } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { batches, takeNewlyShownUnread } from './shown-read.ts';

const notification = (id: number, isRead = false) => ({ id, isRead }) as Notification;

describe('what the bell showed, marked read', () => {
  it('takes the unread ones of a page once each', () => {
    const seen = new Set<number>();
    const page = [notification(5), notification(4, true), notification(3)];
    expect(takeNewlyShownUnread(page, seen)).toEqual([5, 3]);
    // The same page shown again (a refetch, a tab back): nothing new to send.
    expect(takeNewlyShownUnread(page, seen)).toEqual([]);
    expect(takeNewlyShownUnread([notification(6), notification(5)], seen)).toEqual([6]);
  });

  it('sends at most 50 ids a call', () => {
    const ids = Array.from({ length: 120 }, (_, index) => index + 1);
    expect(batches(ids).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches([])).toEqual([]);
  });
});
