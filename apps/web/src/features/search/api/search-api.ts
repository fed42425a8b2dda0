import { API_PATHS, SEARCH_LIMITS, type SearchResponse, type SearchType } from '@corral/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Search answers hold no feed items (names, avatars, event titles and dates): they live under their own root. */
export const searchKeys = {
  all: ['search'] as const,
  dropdown: (q: string) => [...searchKeys.all, 'dropdown', q] as const,
  results: (q: string, type: Exclude<SearchType, 'all'>) => [...searchKeys.all, 'results', type, q] as const,
};

export const getSearch = (
  query: { q: string; type: SearchType; cursor?: string | null | undefined },
  signal?: AbortSignal,
) => api.get<SearchResponse>(API_PATHS.search, { query, ...(signal ? { signal } : {}) });

/** The top bar's dropdown: a few members and events for what was typed; the last answer stays while the next loads. */
export const searchDropdownQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.dropdown(q),
    queryFn: ({ signal }) => getSearch({ q, type: 'all' }, signal),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSearchDropdown = (q: string) => useQuery(searchDropdownQuery(q));

/** The results page: one kind, page by page (Show More). */
export const searchResultsQuery = (q: string, type: Exclude<SearchType, 'all'>) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(q, type),
    queryFn: ({ pageParam, signal }) => getSearch({ q, type, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last[type].next_cursor,
    enabled: q.length > 0,
    staleTime: 30_000,
  });

export const useSearchResults = (q: string, type: Exclude<SearchType, 'all'>) =>
  useInfiniteQuery(searchResultsQuery(q, type));

/** What the member typed, as the server reads it: trimmed, inner spaces collapsed, at most the contract's length. */
export const normalizeQuery = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, SEARCH_LIMITS.queryMax);
