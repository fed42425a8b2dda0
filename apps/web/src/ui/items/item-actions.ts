import { API_PATHS, type Comment, type FeedItem, type LikeResponse, type ReportRequest } from '@corral/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client.ts';
import {
  type ItemResponse,
  patchItem,
  patchItemOptimistically,
  prependItem,
  withCommentCounted,
  withLikeToggled,
  withShareCounted,
} from '../../lib/item-cache.ts';
import { itemKeys } from '../../lib/query-keys.ts';

/**
 * What members do to a feed item wherever its card shows (timeline, detail, profiles): like, comment, share,
 * report. Every change goes through the item cache (lib/item-cache.ts), so every copy of the item agrees.
 */

/** The comment threads of items (not items themselves, so not under `itemKeys`). */
export const commentKeys = {
  all: ['comments'] as const,
  thread: (id: number) => [...commentKeys.all, id] as const,
};

export interface CommentsPage {
  data: Comment[];
  next_cursor: string | null;
}

export const postQuery = (id: number) =>
  queryOptions({
    queryKey: itemKeys.detail(id),
    queryFn: () => api.get<ItemResponse>(API_PATHS.post(id)),
    select: (answer) => answer.data,
  });

export const usePost = (id: number) => useQuery(postQuery(id));

export const commentsQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.thread(id),
    queryFn: ({ pageParam }) => api.get<CommentsPage>(API_PATHS.postComments(id), { query: { cursor: pageParam } }),
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
export const addCommentMutation = (queryClient: QueryClient, id: number) =>
  mutationOptions({
    mutationFn: (text: string) => api.post<{ data: Comment }>(API_PATHS.postComments(id), { text }),
    onSuccess: ({ data: comment }) => {
      queryClient.setQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(id), (data) =>
        appendComment(data, comment),
      );
      patchItem(queryClient, id, withCommentCounted);
    },
  });

export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation(addCommentMutation(queryClient, id));
}

/**
 * Shares an item (a comment makes a '2' or '5', none a '3' or '6'): every copy of the original counts it
 * and the share comes first in the feed and on the sharer's profile.
 */
export const shareMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: ({ item, comment }: { item: FeedItem; comment?: string }) =>
      api.post<ItemResponse>(API_PATHS.postShare(item.id), comment ? { comment } : {}),
    onSuccess: ({ data: share }, { item }) => {
      const original = share.shared_item;
      if (original) {
        // A share with a comment carries its original with the server's count.
        patchItem(queryClient, original.id, (cached) => ({ ...cached, shares_count: original.shares_count }));
      } else {
        const originalId = sharedOriginalId(item);
        if (originalId !== null) patchItem(queryClient, originalId, withShareCounted);
      }
      // First in the timeline, and on the sharer's own profile when it is loaded.
      prependItem(queryClient, share, [
        itemKeys.timeline(),
        itemKeys.profilePosts(share.shared_by_user_id ?? share.user_id),
      ]);
    },
  });

/** What a failed share says: the server's message, or a general one. */
export const shareFailure = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Sharing failed. Please try again.';

export function useShare() {
  const queryClient = useQueryClient();
  return useMutation(shareMutation(queryClient));
}

export function useReport() {
  return useMutation({
    mutationFn: ({ id, report }: { id: number; report: ReportRequest }) =>
      api.post<{ status: true; message: string }>(API_PATHS.postReport(id), report),
  });
}

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
