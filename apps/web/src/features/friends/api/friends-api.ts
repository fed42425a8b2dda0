import { API_PATHS, type FriendRequestsResponse, type FriendsResponse, type OkResponse } from '@corral/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { friendKeys, itemKeys } from '../../../lib/query-keys.ts';

export const getFriendRequests = () => api.get<FriendRequestsResponse>(API_PATHS.friendRequests);
export const getFriends = (q: string) => api.get<FriendsResponse>(API_PATHS.friends, { query: { q: q || undefined } });

/** The requests this member received, newest first. */
export const useFriendRequests = () =>
  useQuery({ queryKey: friendKeys.requests(), queryFn: getFriendRequests, staleTime: 30_000 });

/** Contacts: the member's friends, filtered by the start of a name. */
export const useFriends = (q: string) =>
  useQuery({
    queryKey: friendKeys.list(q),
    queryFn: () => getFriends(q),
    staleTime: 30_000,
    placeholderData: (x) => x,
  });

export type Answer = 'accept' | 'remove';

/**
 * Confirm or Delete a request. The card shows the outcome first; `settle` (called by the card once it has
 * shown it) drops the request from the list and refreshes what a new friend changes.
 */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: Answer }) =>
      answer === 'accept'
        ? api.post<OkResponse>(API_PATHS.friendRequestAccept(id))
        : api.delete<OkResponse>(API_PATHS.friendRequest(id)),
  });
  const settle = (answer: Answer) => {
    void queryClient.invalidateQueries({ queryKey: friendKeys.requests() });
    if (answer === 'accept') {
      void queryClient.invalidateQueries({ queryKey: friendKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.timeline() });
      void queryClient.invalidateQueries({ queryKey: itemKeys.suggestions() });
    }
  };
  return { ...mutation, settle };
}
