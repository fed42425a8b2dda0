import { API_PATHS, type LikeResponse, type PagedFeed } from '@corral/contract';
import {
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patchItem, patchItemOptimistically, withLikeToggled } from '../../../lib/item-cache.ts';
import { itemKeys } from '../../../lib/query-keys.ts';

export const getTimeline = (cursor: string | null) => api.get<PagedFeed>(API_PATHS.timeline, { query: { cursor } });

export const timelineQuery = infiniteQueryOptions({
  queryKey: itemKeys.timeline(),
  queryFn: ({ pageParam }) => getTimeline(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export const useTimeline = () => useInfiniteQuery(timelineQuery);

/** Like or unlike at once, on every copy of the item; the server's answer settles the count, a failure puts it back. */
export const toggleLikeMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (id: number) => api.post<LikeResponse>(API_PATHS.postLike(id)),
    onMutate: (id) => patchItemOptimistically(queryClient, id, withLikeToggled),
    onSuccess: (answer, id) => patchItem(queryClient, id, (item) => ({ ...item, ...answer })),
    onError: (_error, _id, rollback) => rollback?.(),
  });

export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation(toggleLikeMutation(queryClient));
}
