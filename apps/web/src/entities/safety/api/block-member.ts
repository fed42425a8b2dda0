import { API_PATHS, type BlockResponse } from '@corral/contract';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dropFromList, refreshAfterBlockChange } from './safety-cache.ts';

export interface BlockChange {
  userId: string;
  /** True: block (POST); false: unblock (DELETE). */
  blocked: boolean;
}

/** POST or DELETE /users/{id}/block: the state after it, and the server's sentence for it. */
export const setBlocked = ({ userId, blocked }: BlockChange) =>
  blocked
    ? api.post<BlockResponse>(API_PATHS.userBlock(userId))
    : api.delete<BlockResponse>(API_PATHS.userBlock(userId));

/**
 * Block or unblock. An unblock leaves the Blocked list at once (put back if refused); either way, once the
 * server has answered, every list is fetched again (safety-cache.ts). Nothing else is shown before the answer:
 * a block hides a member everywhere, which the member should see happen only when it has.
 */
export const blockMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: setBlocked,
    onMutate: async ({ userId, blocked }: BlockChange) =>
      blocked ? undefined : { putBack: await dropFromList(queryClient, 'blocked', userId) },
    onError: (_error, _change, context) => context?.putBack(),
    onSuccess: (_answer, { userId, blocked }) => refreshAfterBlockChange(queryClient, userId, blocked),
  });

export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation(blockMutation(queryClient));
}
