import { API_PATHS } from '@corral/contract';
import {
  type InfiniteData,
  mutationOptions,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type CommentsPage, commentKeys } from './comments.ts';
import { withCommentUncounted } from './item-cache.edits.ts';
import { patchItem } from './item-cache.ts';

/** DELETE /comments/{id}: by its author, or by the author of the item it is on. */
export const deleteComment = (id: number) => api.delete<{ status: true }>(API_PATHS.comment(id));

/** The thread without comment `id`. */
export function dropComment(data: InfiniteData<CommentsPage> | undefined, id: number) {
  if (!data?.pages.some((page) => page.data.some((entry) => entry.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, data: page.data.filter((entry) => entry.id !== id) })),
  };
}

/** Deletes a comment of item `postId`: it leaves the thread, and every copy of the item counts one fewer. */
export const deleteCommentMutation = (queryClient: QueryClient, postId: number) =>
  mutationOptions({
    mutationFn: deleteComment,
    onSuccess: (_answer, id: number) => {
      queryClient.setQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(postId), (data) => dropComment(data, id));
      patchItem(queryClient, postId, withCommentUncounted);
    },
  });

export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation(deleteCommentMutation(queryClient, postId));
}
