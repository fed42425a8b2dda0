import { API_PATHS, type PagedFeed, type Profile, type ProfileCounts } from '@corral/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { itemKeys, profileKeys } from '../../../lib/query-keys.ts';

export const getProfile = (id: string) => api.get<Profile>(API_PATHS.user(id));
export const getProfileCounts = (id: string) => api.get<ProfileCounts>(API_PATHS.userCounts(id));
export const getProfilePosts = (id: string, cursor: string | null) =>
  api.get<PagedFeed>(API_PATHS.userPosts(id), { query: { cursor } });

/**
 * A member's profile (header, friendship status, counts). Fresh on every visit: a friendship or a post
 * made elsewhere shows when the page opens again.
 */
export const profileQuery = (id: string) =>
  queryOptions({ queryKey: profileKeys.profile(id), queryFn: () => getProfile(id), staleTime: 0 });

export const useProfile = (id: string) => useQuery(profileQuery(id));

/** The spec's "Profile counts" (GET /user/get/{id}), under the profile's key so they refresh with it. */
export const profileCountsQuery = (id: string) =>
  queryOptions({
    queryKey: [...profileKeys.profile(id), 'counts'] as const,
    queryFn: () => getProfileCounts(id),
    staleTime: 0,
  });

export const useProfileCounts = (id: string) => useQuery(profileCountsQuery(id));

/** A member's own posts and events, newest first, 10 a page: items, so likes and comments stay in step (ADR 009). */
export const profilePostsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: itemKeys.profilePosts(id),
    queryFn: ({ pageParam }) => getProfilePosts(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });

export const useProfilePosts = (id: string, enabled = true) => useInfiniteQuery({ ...profilePostsQuery(id), enabled });
