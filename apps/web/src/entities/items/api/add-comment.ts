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
import { patchItem, withCommentCounted } from './item-cache.ts';

/** POST /posts/{id}/comments. */
export const addComment = (id: number, text: string) =>
  api.post<{ data: Comment }>(API_PATHS.postComments(id), { text });

/** The thread with `comment` at the end of its last loaded page (comments run oldest first). */
export function appendComment(data: InfiniteData<CommentsPage> | undefined, comment: Comment) {
  const last = data?.pages.at(-1);
  if (!data || !last) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, data: [...last.data, comment] }] };
}

/** Posts a comment; it joins the end of the loaded thread and every copy of the item counts it. */
export const addCommentMutation = (queryClient: QueryClient, id: number) =>
  mutationOptions({
    mutationFn: (text: string) => addComment(id, text),
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
