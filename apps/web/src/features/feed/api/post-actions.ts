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
export interface CommentsPage {
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

/** The thread with `comment` at the end of its last loaded page (comments run oldest first). */
export function appendComment(data: InfiniteData<CommentsPage> | undefined, comment: Comment) {
  const last = data?.pages.at(-1);
  if (!data || !last) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, data: [...last.data, comment] }] };
}

/** The timeline with `item` first on its first page. */
export function prependToTimeline(data: InfiniteData<PagedFeed> | undefined, item: FeedItem) {
  const first = data?.pages[0];
  if (!data || !first) return data;
  return { ...data, pages: [{ ...first, data: [item, ...first.data] }, ...data.pages.slice(1)] };
}

/**
 * The item whose shares_count a share of `item` raises. Sharing a share shares its original
 * (docs/decisions/005-share-items.md): a '2' or '5' carries it; a '3' or '6' does not name it, so null.
 */
export function sharedOriginalId(item: FeedItem): number | null {
  if (item.type === '2' || item.type === '5') return item.shared_item?.id ?? null;
  if (item.type === '3' || item.type === '6') return null;
  return item.id;
}

/** Posts a comment; it joins the end of the loaded thread and every copy of the item counts it. */
export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<{ data: Comment }>(API_PATHS.postComments(id), { text }),
    onSuccess: ({ data: comment }) => {
      queryClient.setQueryData<InfiniteData<CommentsPage>>(feedKeys.comments(id), (data) =>
        appendComment(data, comment),
      );
      patchItemEverywhere(queryClient, id, (item) => ({ ...item, comments_count: item.comments_count + 1 }));
    },
  });
}

/** Shares an item (a comment makes a '2' or '5', none a '3' or '6'); the share comes first in the feed. */
export function useShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, comment }: { item: FeedItem; comment?: string }) =>
      api.post<ItemResponse>(API_PATHS.postShare(item.id), comment ? { comment } : {}),
    onSuccess: ({ data: share }, { item }) => {
      const original = share.shared_item;
      if (original) {
        // A share with a comment carries its original with the server's count.
        patchItemEverywhere(queryClient, original.id, (cached) => ({ ...cached, shares_count: original.shares_count }));
      } else {
        const originalId = sharedOriginalId(item);
        if (originalId !== null)
          patchItemEverywhere(queryClient, originalId, (cached) => ({
            ...cached,
            shares_count: cached.shares_count + 1,
          }));
      }
      queryClient.setQueryData<InfiniteData<PagedFeed>>(feedKeys.timeline(), (data) => prependToTimeline(data, share));
    },
  });
}

export function useReport() {
  return useMutation({
    mutationFn: ({ id, report }: { id: number; report: ReportRequest }) =>
      api.post<{ status: true; message: string }>(API_PATHS.postReport(id), report),
  });
}
