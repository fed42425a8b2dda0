import { API_PATHS, type LikeResponse } from '@corral/contract';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patchItem, patchItemOptimistically, withLikeToggled } from './item-cache.ts';

/** POST /posts/{id}/like: likes, or unlikes what the member liked; answers the new state and count. */
export const toggleLike = (id: number) => api.post<LikeResponse>(API_PATHS.postLike(id));

/** Like or unlike at once, on every copy of the item; the server's answer settles the count, a failure puts it back. */
export const toggleLikeMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: toggleLike,
    onMutate: (id: number) => patchItemOptimistically(queryClient, id, withLikeToggled),
    onSuccess: (answer, id) => patchItem(queryClient, id, (item) => ({ ...item, ...answer })),
    onError: (_error, _id, rollback) => rollback?.(),
  });

export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation(toggleLikeMutation(queryClient));
}
