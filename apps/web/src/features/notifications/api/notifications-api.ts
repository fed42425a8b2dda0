import {
  API_PATHS,
  type Notification,
  type NotificationFilter,
  type NotificationsResponse,
  type UnreadResponse,
} from '@corral/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { refreshAfterFriendshipChange } from '../../../entities/friendships/api/friendship-cache.ts';
import { api } from '../../../lib/api-client.ts';
import { friendKeys, notificationKeys } from '../../../lib/query-keys.ts';
import { dropNotification, patchNotification, putUnread } from './notifications-cache.ts';

export const getNotifications = (filter: NotificationFilter, page: number, signal?: AbortSignal) =>
  api.get<NotificationsResponse>(API_PATHS.notifications, { query: { filter, page }, signal });
export const markNotificationsRead = (ids: number[]) => api.post<UnreadResponse>(API_PATHS.notificationsRead, { ids });
export const acceptNotification = (id: number) => api.post<UnreadResponse>(API_PATHS.notificationAccept(id));
export const removeNotification = (id: number) => api.delete<UnreadResponse>(API_PATHS.notification(id));

/**
 * One page of the bell. Every answer also puts the badge's count, and an answer the server clamped to an
 * earlier page (the list shrank) is kept under that page too, so moving there shows it at once. Fetched
 * afresh whenever the bell opens or a tab or page is shown (staleTime 0); the previous page stays on
 * screen while the next one loads.
 */
export function notificationsPageOptions(queryClient: QueryClient, filter: NotificationFilter, page: number) {
  return queryOptions({
    queryKey: notificationKeys.page(filter, page),
    queryFn: async ({ signal }) => {
      const answer = await getNotifications(filter, page, signal);
      putUnread(queryClient, answer.unread);
      if (answer.page !== page) queryClient.setQueryData(notificationKeys.page(filter, answer.page), answer);
      return answer;
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useNotificationsPage(filter: NotificationFilter, page: number) {
  const queryClient = useQueryClient();
  return useQuery(notificationsPageOptions(queryClient, filter, page));
}

/**
 * The badge's count. Asked once with the first page of All (kept for the bell, which then opens at once);
 * from then on the live stream, and every answer that carries the count, keep it right.
 */
export function useUnreadCount() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) => {
      const answer = await getNotifications('all', 1, signal);
      queryClient.setQueryData(notificationKeys.page('all', 1), answer);
      return answer.unread;
    },
  });
}

/** What the bell showed is read: the badge drops at once, then takes the server's count. */
export function useMarkShownRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids: number[]) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.unread() });
      const before = queryClient.getQueryData<number>(notificationKeys.unread());
      if (before !== undefined) putUnread(queryClient, before - ids.length);
    },
    onSuccess: (answer) => putUnread(queryClient, answer.unread),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  });
}

/** Accept a friend request from the bell: the item says so, and what a new friend changes is fetched again. */
export function useAcceptNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => acceptNotification(notification.id),
    onSuccess: (answer, notification) => {
      putUnread(queryClient, answer.unread);
      patchNotification(queryClient, notification.id, { accepted: true, can_accept: false, isRead: true });
      refreshAfterFriendshipChange(queryClient, notification.actor.id, true);
    },
  });
}

/** Remove: gone from every page at once; the pages then refill (and clamp) from the server. */
export function useRemoveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => removeNotification(notification.id),
    onSuccess: (answer, notification) => {
      putUnread(queryClient, answer.unread);
      dropNotification(queryClient, notification.id);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages() });
      // Removing a pending request declines it.
      if (notification.can_accept) void queryClient.invalidateQueries({ queryKey: friendKeys.requests() });
    },
  });
}
