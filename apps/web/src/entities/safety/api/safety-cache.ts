import type { MeBlocksResponse, Profile } from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';
import { itemKeys, notificationKeys, profileKeys, safetyKeys } from '../../../lib/query-keys.ts';

/**
 * What a block or a mute does to the cache, wherever it starts (a profile's menu, the Blocked and muted page,
 * an Undo).
 */

/**
 * A block (or its end) reaches every list the two members appear in: timelines, profiles and their counts,
 * friends and requests (a block ends them), comments, search, suggestions, notifications. Everything cached is
 * marked stale (what is on screen is fetched again at once, the rest when next shown) rather than a list of
 * keys that a new list would have to join. The blocked member's profile and posts are dropped: they answer
 * 404 now, and a Back to the profile must not show them from the cache.
 */
export function refreshAfterBlockChange(queryClient: QueryClient, userId: string, blocked: boolean) {
  if (blocked) {
    queryClient.removeQueries({ queryKey: profileKeys.profile(userId) });
    queryClient.removeQueries({ queryKey: itemKeys.profilePosts(userId) });
  }
  void queryClient.invalidateQueries();
}

/** A mute (or its end) changes only the muter's timeline and notifications, and the Blocked and muted page. */
export function refreshAfterMuteChange(queryClient: QueryClient, userId: string) {
  const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  refresh(profileKeys.profile(userId));
  refresh(itemKeys.timeline());
  refresh(notificationKeys.all);
  refresh(safetyKeys.blocks());
}

/** Shows `muted` on the member's cached profile at once; answers how to put back what it showed. */
export async function showMuted(queryClient: QueryClient, userId: string, muted: boolean) {
  const key = profileKeys.profile(userId);
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  const before = queryClient.getQueryData<Profile>(key);
  queryClient.setQueryData<Profile>(key, (profile) => (profile ? { ...profile, is_muted: muted } : profile));
  return () => queryClient.setQueryData(key, before);
}

/**
 * Takes the member off one list of the Blocked and muted page at once (an Unblock or Unmute there); answers
 * how to put the list back if the server refuses.
 */
export async function dropFromList(queryClient: QueryClient, list: keyof MeBlocksResponse, userId: string) {
  const key = safetyKeys.blocks();
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  const before = queryClient.getQueryData<MeBlocksResponse>(key);
  queryClient.setQueryData<MeBlocksResponse>(key, (data) =>
    data ? { ...data, [list]: data[list].filter((member) => member.id !== userId) } : data,
  );
  return () => queryClient.setQueryData(key, before);
}
