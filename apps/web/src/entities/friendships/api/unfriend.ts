import { API_PATHS, type OkResponse } from '@corral/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { friendshipMutation } from './friendship-cache.ts';

/** DELETE /friends/{user_id}: the friendship ends. */
export const unfriend = (userId: string) =>
  api.delete<OkResponse>(API_PATHS.friend(userId)).then(() => 'not_friends' as const);

export const unfriendMutation = (queryClient: QueryClient) =>
  friendshipMutation(queryClient, {
    userId: (userId: string) => userId,
    expected: () => 'not_friends',
    request: unfriend,
    friendshipChanged: () => true,
  });

export function useUnfriend() {
  const queryClient = useQueryClient();
  return useMutation(unfriendMutation(queryClient));
}
