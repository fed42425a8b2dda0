import { API_PATHS, type OkResponse } from '@corral/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { FriendRequestAnswer } from './accept-friend-request.ts';
import { friendshipMutation } from './friendship-cache.ts';

/** DELETE /friends/requests/{id}: declines a request received, or cancels one sent. */
export const deleteFriendRequest = (requestId: number) =>
  api.delete<OkResponse>(API_PATHS.friendRequest(requestId)).then(() => 'not_friends' as const);

export const deleteFriendRequestMutation = (queryClient: QueryClient) =>
  friendshipMutation(queryClient, {
    userId: ({ userId }: FriendRequestAnswer) => userId,
    expected: () => 'not_friends',
    request: ({ requestId }) => deleteFriendRequest(requestId),
  });

/** Delete (decline) a request received, or Cancel request sent. */
export function useDeleteFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation(deleteFriendRequestMutation(queryClient));
}
