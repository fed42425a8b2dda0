import { API_PATHS, type OkResponse } from '@corral/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { friendshipMutation } from './friendship-cache.ts';

export interface FriendRequestAnswer {
  requestId: number;
  /** Who sent the request. */
  userId: string;
}

/** POST /friends/requests/{id}/accept: the two members are friends. */
export const acceptFriendRequest = (requestId: number) =>
  api.post<OkResponse>(API_PATHS.friendRequestAccept(requestId)).then(() => 'friends' as const);

export const acceptFriendRequestMutation = (queryClient: QueryClient) =>
  friendshipMutation(queryClient, {
    userId: ({ userId }: FriendRequestAnswer) => userId,
    expected: () => 'friends',
    request: ({ requestId }) => acceptFriendRequest(requestId),
  });

/** Confirm a request received. */
export function useAcceptFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation(acceptFriendRequestMutation(queryClient));
}
