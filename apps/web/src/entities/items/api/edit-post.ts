import { API_PATHS, type FeedItem } from '@corral/contract';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { showsOriginal } from './item-cache.edits.ts';
import { type ItemResponse, patchItems } from './item-cache.ts';
import { revisionKeys } from './revisions.ts';

export interface EditPostRequest {
  item: FeedItem;
  /** The new text of the post, or the new comment of the share. */
  title: string;
}

/** PATCH /posts/{id}: answers the item as it now is. */
export const editPost = ({ item, title }: EditPostRequest) =>
  api.patch<ItemResponse>(API_PATHS.post(item.id), { title });

/**
 * Edits a post's text or a share's comment: every copy shows the new text and says "edited" (shares without a
 * comment showing the post too), and its history is fetched again when next opened.
 */
export const editPostMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: editPost,
    onSuccess: ({ data: edited }, { item }: EditPostRequest) => {
      const change = { title: edited.title, edited_at: edited.edited_at };
      // Shares without a comment show a post's text, not a share's.
      const shownBy = item.type === '1' ? showsOriginal(item) : () => false;
      patchItems(
        queryClient,
        (entry) => entry.id === item.id || shownBy(entry),
        (entry) => ({ ...entry, ...change }),
      );
      void queryClient.invalidateQueries({ queryKey: revisionKeys.post(item.id) });
    },
  });

export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation(editPostMutation(queryClient));
}
