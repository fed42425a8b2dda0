import { API_PATHS, type FriendshipStatus, type OkResponse, type Profile } from '@corral/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { friendKeys, itemKeys, profileKeys } from '../../../lib/query-keys.ts';

export type FriendshipAction = 'add' | 'cancel' | 'accept' | 'decline' | 'unfriend';

/** What each action asks of the server, and the status it leads to. */
function perform(profile: Profile, action: FriendshipAction): Promise<FriendshipStatus> {
  const request = profile.friend_request_id;
  switch (action) {
    case 'add':
      return api
        .post<{ status: true; friendship_status: 'pending_sent' | 'friends' }>(API_PATHS.friendRequests, {
          user_id: profile.id,
        })
        .then((answer) => answer.friendship_status);
    case 'cancel':
    case 'decline':
      return api.delete<OkResponse>(API_PATHS.friendRequest(request ?? 0)).then(() => 'not_friends' as const);
    case 'accept':
      return api.post<OkResponse>(API_PATHS.friendRequestAccept(request ?? 0)).then(() => 'friends' as const);
    case 'unfriend':
      return api.delete<OkResponse>(API_PATHS.friend(profile.id)).then(() => 'not_friends' as const);
  }
}

/** The status an action shows at once, before the server answers (spec: Add friend moves to Pending). */
const expected: Record<FriendshipAction, FriendshipStatus> = {
  add: 'pending_sent',
  cancel: 'not_friends',
  accept: 'friends',
  decline: 'not_friends',
  unfriend: 'not_friends',
};

/**
 * Add friend, Cancel request, Confirm, Delete and Unfriend on a profile. The button changes at once and
 * puts itself back if the server refuses; afterwards the profile (its request id, counts, what it shows),
 * the member's posts, the timeline and the friend lists load again.
 */
export function useFriendshipAction(profile: Profile) {
  const queryClient = useQueryClient();
  const key = profileKeys.profile(profile.id);
  return useMutation({
    mutationFn: (action: FriendshipAction) => perform(profile, action),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<Profile>(key);
      queryClient.setQueryData<Profile>(key, (current) =>
        current ? { ...current, friendship_status: expected[action] } : current,
      );
      return before;
    },
    onSuccess: (status) =>
      queryClient.setQueryData<Profile>(key, (current) =>
        current ? { ...current, friendship_status: status } : current,
      ),
    onError: (_error, _action, before) => queryClient.setQueryData(key, before),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: itemKeys.profilePosts(profile.id) });
      void queryClient.invalidateQueries({ queryKey: itemKeys.timeline() });
      void queryClient.invalidateQueries({ queryKey: itemKeys.suggestions() });
      void queryClient.invalidateQueries({ queryKey: friendKeys.all });
    },
  });
}
