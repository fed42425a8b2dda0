import { API_PATHS } from '@corral/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { friendshipMutation } from './friendship-cache.ts';

interface SendFriendRequestAnswer {
  status: true;
  friendship_status: 'pending_sent' | 'friends';
}

/** POST /friends/requests: answers pending_sent, or friends when the member had asked first. */
export const sendFriendRequest = (userId: string) =>
  api
    .post<SendFriendRequestAnswer>(API_PATHS.friendRequests, { user_id: userId })
    .then((answer) => answer.friendship_status);

export const sendFriendRequestMutation = (queryClient: QueryClient) =>
  friendshipMutation(queryClient, {
    userId: (userId: string) => userId,
    expected: () => 'pending_sent',
    request: sendFriendRequest,
  });

/** Add friend (a profile) and Add Friend (a suggestion). */
export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation(sendFriendRequestMutation(queryClient));
}
