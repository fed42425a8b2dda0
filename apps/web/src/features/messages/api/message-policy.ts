import { API_PATHS, type MeResponse, type MessagePolicy } from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** Under the conversations' keys: the member's own setting for who may start one with them. */
const policyKey = [...conversationKeys.all, 'policy'] as const;

/** The member's message policy, from GET /me (their own settings). */
export const messagePolicyQuery = () =>
  queryOptions({
    queryKey: policyKey,
    queryFn: async ({ signal }) => (await api.get<MeResponse>(API_PATHS.me, { signal })).message_policy,
    staleTime: 5 * 60_000,
  });

export const useMessagePolicy = () => useQuery(messagePolicyQuery());

/** PATCH /me { message_policy }: the choice shows at once and goes back if the server refuses it. */
export function useSetMessagePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: MessagePolicy) => api.patch<MeResponse>(API_PATHS.me, { message_policy: policy }),
    onMutate: async (policy) => {
      await queryClient.cancelQueries({ queryKey: policyKey });
      const before = queryClient.getQueryData<MessagePolicy>(policyKey);
      queryClient.setQueryData<MessagePolicy>(policyKey, policy);
      return { before };
    },
    onError: (_error, _policy, context) => {
      if (context?.before) queryClient.setQueryData(policyKey, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData<MessagePolicy>(policyKey, answer.message_policy),
  });
}
