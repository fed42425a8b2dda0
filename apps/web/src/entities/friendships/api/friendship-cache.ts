import type { FriendshipStatus, Profile, SuggestionsResponse } from '@corral/contract';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { friendKeys, itemKeys, profileKeys } from '../../../lib/query-keys.ts';

/**
 * What a friendship change does to the cache, wherever it starts (a profile's buttons, a suggestion's Add
 * Friend, a friend request card, the bell): the member's profile shows the new status at once, and what the
 * change affects on the server is fetched again.
 */

/** GET /home/upcoming-events-home as cached: `requested` marks the suggested members asked from here. */
export type Suggestions = SuggestionsResponse & { requested?: string[] };

/** Shows `status` on the member's cached profile at once; answers how to put back what it showed. */
async function showStatus(queryClient: QueryClient, userId: string, status: FriendshipStatus) {
  const key = profileKeys.profile(userId);
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  const before = queryClient.getQueryData<Profile>(key);
  putStatus(queryClient, userId, status);
  return () => queryClient.setQueryData(key, before);
}

function putStatus(queryClient: QueryClient, userId: string, status: FriendshipStatus) {
  queryClient.setQueryData<Profile>(profileKeys.profile(userId), (profile) =>
    profile ? { ...profile, friendship_status: status } : profile,
  );
}

/** A request sent: the member's suggestion card says so (the suggestions are not fetched again: it would go). */
function markRequested(queryClient: QueryClient, userId: string) {
  queryClient.setQueryData<Suggestions>(itemKeys.suggestions(), (data) =>
    data ? { ...data, requested: [...(data.requested ?? []), userId] } : data,
  );
}

/**
 * Fetches again what a friendship change with `userId` (every member's, when not known) affects: the
 * profile (status, request id, counts) and the friend lists; and when a friendship began or ended, what
 * friends see: the member's posts, the timeline and the suggestions.
 */
export function refreshAfterFriendshipChange(
  queryClient: QueryClient,
  userId: string | undefined,
  friendshipChanged: boolean,
) {
  const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  refresh(userId === undefined ? profileKeys.all : profileKeys.profile(userId));
  refresh(friendKeys.all);
  if (!friendshipChanged) return;
  refresh(userId === undefined ? itemKeys.everyProfilePosts() : itemKeys.profilePosts(userId));
  refresh(itemKeys.timeline());
  refresh(itemKeys.suggestions());
}

export interface FriendshipChange<Variables> {
  /** The member the change is with. */
  userId: (variables: Variables) => string;
  /** The status shown at once, before the server answers (spec: Add friend moves to Pending). */
  expected: (variables: Variables) => FriendshipStatus;
  /** Sends the change; answers the status it led to. */
  request: (variables: Variables) => Promise<FriendshipStatus>;
  /** Whether a friendship began or ended; by default, when the change led to friends. */
  friendshipChanged?: (status: FriendshipStatus, variables: Variables) => boolean;
}

/**
 * The mutation of a friendship change: the expected status at once (put back if the server refuses), the
 * server's status when it answers, a sent request marked on the suggestions, then what it affects refreshed.
 */
export const friendshipMutation = <Variables>(queryClient: QueryClient, change: FriendshipChange<Variables>) =>
  mutationOptions({
    mutationFn: change.request,
    onMutate: (variables: Variables) => showStatus(queryClient, change.userId(variables), change.expected(variables)),
    onSuccess: (status, variables) => {
      const userId = change.userId(variables);
      putStatus(queryClient, userId, status);
      if (status === 'pending_sent') markRequested(queryClient, userId);
    },
    onError: (_error, _variables, putBack) => putBack?.(),
    onSettled: (status, _error, variables) => {
      const changed = status !== undefined && (change.friendshipChanged ?? ((s) => s === 'friends'))(status, variables);
      refreshAfterFriendshipChange(queryClient, change.userId(variables), changed);
    },
  });
