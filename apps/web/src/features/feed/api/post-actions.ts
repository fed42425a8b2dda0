import { API_PATHS, type Comment, type FeedItem, type PagedFeed, type ReportRequest } from '@corral/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { feedKeys } from './query-keys.ts';
import { patchTimelineItem } from './timeline.ts';

interface ItemResponse {
  data: FeedItem;
}
interface CommentsPage {
  data: Comment[];
  next_cursor: string | null;
}

export const postQuery = (id: number) =>
  queryOptions({
    queryKey: feedKeys.item(id),
    queryFn: () => api.get<ItemResponse>(API_PATHS.post(id)),
    select: (answer) => answer.data,
  });

export const usePost = (id: number) => useQuery(postQuery(id));

/** Applies `update` to item `id` wherever it is cached: the timeline, shares embedding it, its own query. */
export function patchItemEverywhere(queryClient: QueryClient, id: number, update: (item: FeedItem) => FeedItem) {
  queryClient.setQueryData<InfiniteData<PagedFeed>>(feedKeys.timeline(), (data) => patchTimelineItem(data, id, update));
  queryClient.setQueryData<ItemResponse>(feedKeys.item(id), (answer) =>
    answer ? { ...answer, data: update(answer.data) } : answer,
  );
}

export const commentsQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: feedKeys.comments(id),
    queryFn: ({ pageParam }) =>
      api.get<CommentsPage>(
        `${API_PATHS.postComments(id)}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useComments = (id: number) => useInfiniteQuery(commentsQuery(id));

/** Posts a comment; it joins the end of the loaded thread and every copy of the item counts it. */
export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<{ data: Comment }>(API_PATHS.postComments(id), { text }),
    onSuccess: ({ data: comment }) => {
      queryClient.setQueryData<InfiniteData<CommentsPage>>(feedKeys.comments(id), (data) => {
        if (!data) return data;
        const pages = [...data.pages];
        const last = pages.at(-1);
        if (last) pages[pages.length - 1] = { ...last, data: [...last.data, comment] };
        return { ...data, pages };
      });
      patchItemEverywhere(queryClient, id, (item) => ({ ...item, comments_count: item.comments_count + 1 }));
    },
  });
}

/** Shares an item (a comment makes a '2' or '5', none a '3' or '6'); the share comes first in the feed. */
export function useShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment }: { id: number; comment?: string }) =>
      api.post<ItemResponse>(API_PATHS.postShare(id), comment ? { comment } : {}),
    onSuccess: ({ data: share }, { id }) => {
      patchItemEverywhere(queryClient, id, (item) => ({ ...item, shares_count: item.shares_count + 1 }));
      queryClient.setQueryData<InfiniteData<PagedFeed>>(feedKeys.timeline(), (data) => {
        const first = data?.pages[0];
        if (!data || !first) return data;
        return { ...data, pages: [{ ...first, data: [share, ...first.data] }, ...data.pages.slice(1)] };
      });
    },
  });
}

export function useReport() {
  return useMutation({
    mutationFn: ({ id, report }: { id: number; report: ReportRequest }) =>
      api.post<{ status: true; message: string }>(API_PATHS.postReport(id), report),
  });
}
