import { API_PATHS, type AppealCreate } from '@corral/contract';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { safetyKeys } from '../../../lib/query-keys.ts';

/** POST /appeals: one appeal per action; the server answers its sentence ('Your appeal was received. …'). */
export const sendAppeal = (body: AppealCreate) => api.post<{ status: true; message: string }>(API_PATHS.appeals, body);

/** An appeal sent, or refused as already made: either way the standing page's appeal state is fetched again. */
export const appealMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: sendAppeal,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.standing() }),
  });

export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation(appealMutation(queryClient));
}
