import { API_PATHS, type FeedItem } from '@corral/contract';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { removeItem } from './item-cache.edits.ts';

/** DELETE /posts/{id}: one's own post, share or event. */
export const deletePost = (item: FeedItem) => api.delete<{ status: true }>(API_PATHS.post(item.id));

/** Deletes an item: it leaves every cached list at once, with the shares that showed it (item-cache.ts). */
export const deletePostMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deletePost,
    onSuccess: (_answer, item: FeedItem) => removeItem(queryClient, item),
  });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation(deletePostMutation(queryClient));
}
