import { API_PATHS, type Comment } from '@corral/contract';
import {
  type InfiniteData,
  mutationOptions,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type CommentsPage, commentKeys } from './comments.ts';
import { revisionKeys } from './revisions.ts';

export interface EditCommentRequest {
  id: number;
  text: string;
}

/** PATCH /comments/{id}: answers the comment as it now is. */
export const editComment = ({ id, text }: EditCommentRequest) =>
  api.patch<{ data: Comment }>(API_PATHS.comment(id), { text });

/** The thread with `comment` in place of its earlier version, wherever it is loaded. */
export function replaceComment(data: InfiniteData<CommentsPage> | undefined, comment: Comment) {
  if (!data?.pages.some((page) => page.data.some((entry) => entry.id === comment.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((entry) => (entry.id === comment.id ? comment : entry)),
    })),
  };
}

/** Edits a comment of item `postId`'s thread: the thread shows the new text, its history is fetched again. */
export const editCommentMutation = (queryClient: QueryClient, postId: number) =>
  mutationOptions({
    mutationFn: editComment,
    onSuccess: ({ data: comment }) => {
      queryClient.setQueryData<InfiniteData<CommentsPage>>(commentKeys.thread(postId), (data) =>
        replaceComment(data, comment),
      );
      void queryClient.invalidateQueries({ queryKey: revisionKeys.comment(comment.id) });
    },
  });

export function useEditComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation(editCommentMutation(queryClient, postId));
}
