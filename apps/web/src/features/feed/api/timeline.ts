import { API_PATHS, type FeedItem, type LikeResponse, type PagedFeed } from '@corral/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { feedKeys } from './query-keys.ts';

export const getTimeline = (cursor: string | null) =>
  api.get<PagedFeed>(`${API_PATHS.timeline}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export const timelineQuery = infiniteQueryOptions({
  queryKey: feedKeys.timeline(),
  queryFn: ({ pageParam }) => getTimeline(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export const useTimeline = () => useInfiniteQuery(timelineQuery);

/** Applies `update` to every cached copy of item `id`: timeline pages and the shares that embed it. */
export function patchTimelineItem(
  data: InfiniteData<PagedFeed> | undefined,
  id: number,
  update: (item: FeedItem) => FeedItem,
) {
  if (!data) return data;
  const patch = (item: FeedItem): FeedItem => {
    const next = item.id === id ? update(item) : item;
    return next.shared_item ? { ...next, shared_item: patch(next.shared_item) } : next;
  };
  return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(patch) })) };
}

/** Like or unlike at once; the server's answer settles the count, a failure puts it back. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const key = feedKeys.timeline();
  return useMutation({
    mutationFn: (id: number) => api.post<LikeResponse>(API_PATHS.postLike(id)),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<InfiniteData<PagedFeed>>(key);
      const previousItem = queryClient.getQueryData<{ data: FeedItem }>(feedKeys.item(id));
      const flip = (item: FeedItem): FeedItem => ({
        ...item,
        is_liked: !item.is_liked,
        likes_count: item.likes_count + (item.is_liked ? -1 : 1),
      });
      queryClient.setQueryData<InfiniteData<PagedFeed>>(key, (data) => patchTimelineItem(data, id, flip));
      queryClient.setQueryData<{ data: FeedItem }>(feedKeys.item(id), (answer) =>
        answer ? { data: flip(answer.data) } : answer,
      );
      return { previous, previousItem };
    },
    onSuccess: (answer, id) => {
      queryClient.setQueryData<InfiniteData<PagedFeed>>(key, (data) =>
        patchTimelineItem(data, id, (item) => ({ ...item, ...answer })),
      );
      queryClient.setQueryData<{ data: FeedItem }>(feedKeys.item(id), (current) =>
        current ? { data: { ...current.data, ...answer } } : current,
      );
    },
    onError: (_error, id, context) => {
      queryClient.setQueryData(key, context?.previous);
      if (context?.previousItem) queryClient.setQueryData(feedKeys.item(id), context.previousItem);
    },
  });
}
