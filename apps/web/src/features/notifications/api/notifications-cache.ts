import type { Notification, NotificationsResponse } from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../../lib/query-keys.ts';

/** One page with a notification changed (accepted, read); the same page when it is not there. */
export function patchPage(
  page: NotificationsResponse | undefined,
  id: number,
  patch: Partial<Notification>,
): NotificationsResponse | undefined {
  if (!page?.data.some((notification) => notification.id === id)) return page;
  return {
    ...page,
    data: page.data.map((notification) => (notification.id === id ? { ...notification, ...patch } : notification)),
  };
}

/** One page without a removed notification, its total one less (the page refills when it is fetched again). */
export function dropFromPage(page: NotificationsResponse | undefined, id: number): NotificationsResponse | undefined {
  if (!page?.data.some((notification) => notification.id === id)) return page;
  return {
    ...page,
    data: page.data.filter((notification) => notification.id !== id),
    total: Math.max(0, page.total - 1),
  };
}

/** The badge's count, as the last answer or stream event gave it. */
export function putUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData<number>(notificationKeys.unread(), Math.max(0, unread));
}

export function patchNotification(queryClient: QueryClient, id: number, patch: Partial<Notification>): void {
  queryClient.setQueriesData<NotificationsResponse>({ queryKey: notificationKeys.pages() }, (page) =>
    patchPage(page, id, patch),
  );
}

export function dropNotification(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<NotificationsResponse>({ queryKey: notificationKeys.pages() }, (page) =>
    dropFromPage(page, id),
  );
}
