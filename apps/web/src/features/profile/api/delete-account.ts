import { API_PATHS, type OkResponse } from '@corral/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteAccount = () => api.delete<OkResponse>(API_PATHS.accountDelete);

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => queryClient.clear() });
}
