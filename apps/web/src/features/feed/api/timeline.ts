import { API_PATHS, type PagedFeed } from '@corral/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';

export const getTimeline = (cursor: string | null) => api.get<PagedFeed>(API_PATHS.timeline, { query: { cursor } });

export const timelineQuery = infiniteQueryOptions({
  queryKey: itemKeys.timeline(),
  queryFn: ({ pageParam }) => getTimeline(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export const useTimeline = () => useInfiniteQuery(timelineQuery);
