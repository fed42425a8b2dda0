import type { Notification, NotificationsResponse } from '@corral/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../../../lib/query-keys.ts';
import { dropFromPage, dropNotification, patchNotification, patchPage, putUnread } from './notifications-cache.ts';

const notification = (id: number, over: Partial<Notification> = {}) =>
  ({ id, isRead: false, can_accept: false, accepted: false, ...over }) as Notification;
const page = (ids: number[], total: number, number = 1): NotificationsResponse => ({
  data: ids.map((id) => notification(id)),
  total,
  unread: total,
  page: number,
});

describe('the bell’s pages in the cache', () => {
  it('patches one notification and leaves the others and other pages alone', () => {
    const before = page([3, 2, 1], 3);
    const after = patchPage(before, 2, { accepted: true, can_accept: false, isRead: true });
    expect(after?.data.map((item) => [item.id, item.accepted, item.isRead])).toEqual([
      [3, false, false],
      [2, true, true],
      [1, false, false],
    ]);
    expect(before.data[1]?.accepted).toBe(false);
    const other = page([9], 1);
    expect(patchPage(other, 2, { accepted: true })).toBe(other);
    expect(patchPage(undefined, 2, { accepted: true })).toBeUndefined();
  });

  it('drops a removed notification and counts one less', () => {
    const after = dropFromPage(page([3, 2, 1], 8, 2), 2);
    expect(after).toMatchObject({ total: 7, page: 2 });
    expect(after?.data.map((item) => item.id)).toEqual([3, 1]);
    const other = page([9], 1);
    expect(dropFromPage(other, 2)).toBe(other);
  });

  it('changes every cached page of both tabs, and the badge never goes below zero', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.page('all', 1), page([3, 2], 2));
    queryClient.setQueryData(notificationKeys.page('unread', 1), page([2], 1));
    patchNotification(queryClient, 2, { accepted: true });
    expect(queryClient.getQueryData<NotificationsResponse>(notificationKeys.page('unread', 1))?.data[0]?.accepted).toBe(
      true,
    );
    dropNotification(queryClient, 2);
    expect(queryClient.getQueryData<NotificationsResponse>(notificationKeys.page('all', 1))?.data).toHaveLength(1);
    expect(queryClient.getQueryData<NotificationsResponse>(notificationKeys.page('unread', 1))?.total).toBe(0);
    putUnread(queryClient, -1);
    expect(queryClient.getQueryData(notificationKeys.unread())).toBe(0);
  });
});
