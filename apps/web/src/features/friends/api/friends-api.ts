import { API_PATHS, type FriendRequestsResponse, type FriendsResponse } from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptFriendRequest } from '../../../entities/friendships/api/accept-friend-request.ts';
import { deleteFriendRequest } from '../../../entities/friendships/api/delete-friend-request.ts';
import { refreshAfterFriendshipChange } from '../../../entities/friendships/api/friendship-cache.ts';
import { api } from '../../../lib/api-client.ts';
import { friendKeys } from '../../../lib/query-keys.ts';

/** GET /friends/requests: the requests this member received, newest first. */
export const getFriendRequests = () => api.get<FriendRequestsResponse>(API_PATHS.friendRequests);

export const friendRequestsQuery = () =>
  queryOptions({ queryKey: friendKeys.requests(), queryFn: getFriendRequests, staleTime: 30_000 });

export const useFriendRequests = () => useQuery(friendRequestsQuery());

/** GET /friends?q=: Contacts, the member's friends, filtered by the start of a name. */
export const getFriends = (q: string) => api.get<FriendsResponse>(API_PATHS.friends, { query: { q: q || undefined } });

export const friendsQuery = (q: string) =>
  queryOptions({
    queryKey: friendKeys.list(q),
    queryFn: () => getFriends(q),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

export const useFriends = (q: string) => useQuery(friendsQuery(q));

export type Answer = 'accept' | 'remove';

/**
 * Confirm or Delete a request, by the friend-request calls of entities/friendships. The card shows the
 * outcome first; `settle` (called by the card once it has shown it) refreshes what the answer changed, the
 * list of requests included, so the answered request leaves only then.
 */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: Answer }) =>
      answer === 'accept' ? acceptFriendRequest(id) : deleteFriendRequest(id),
    // Who asked, read while the request is still listed; the context `settle` reads.
    onMutate: ({ id }) =>
      queryClient.getQueryData<FriendRequestsResponse>(friendKeys.requests())?.data.find((r) => r.id === id)?.user.id,
  });
  const settle = (answer: Answer) => refreshAfterFriendshipChange(queryClient, mutation.context, answer === 'accept');
  return { ...mutation, settle };
}
