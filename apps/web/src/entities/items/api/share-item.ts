import { API_PATHS, type FeedItem } from '@corral/contract';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';
import { type ItemResponse, patchItem, prependItem, withShareCounted } from './item-cache.ts';

export interface ShareRequest {
  item: FeedItem;
  /** With a comment the share is a '2' or '5' (Share to Feed), without one a '3' or '6' (Share Now). */
  comment?: string;
}

/** POST /posts/{id}/share: answers the new share. */
export const shareItem = ({ item, comment }: ShareRequest) =>
  api.post<ItemResponse>(API_PATHS.postShare(item.id), comment ? { comment } : {});

/**
 * The item whose shares_count a share of `item` raises. Sharing a share shares its original
 * (docs/decisions/005-share-items.md): a '2' or '5' carries it; a '3' or '6' does not name it, so null.
 */
export function sharedOriginalId(item: FeedItem): number | null {
  if (item.type === '2' || item.type === '5') return item.shared_item?.id ?? null;
  if (item.type === '3' || item.type === '6') return null;
  return item.id;
}

/**
 * Shares an item: every copy of the original counts it and the share comes first in the feed and on the
 * sharer's profile.
 */
export const shareMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: shareItem,
    onSuccess: ({ data: share }, { item }: ShareRequest) => {
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
