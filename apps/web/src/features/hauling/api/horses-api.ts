import { API_PATHS, type CreateHorseRequest, type Horse, type HorsesResponse } from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { haulKeys } from '../../../lib/query-keys.ts';

export const getHorses = (signal?: AbortSignal) =>
  api.get<HorsesResponse>(API_PATHS.meHorses, { signal }).then((answer) => answer.data);

/** GET /me/horses: the member's horses and the dates of their papers (also the booking dialog's list). */
export const horsesQuery = () =>
  queryOptions({ queryKey: haulKeys.horses(), queryFn: ({ signal }) => getHorses(signal) });
export const useHorses = () => useQuery(horsesQuery());

export type HorseChange =
  | { action: 'create'; horse: CreateHorseRequest }
  | { action: 'update'; id: number; horse: CreateHorseRequest }
  | { action: 'delete'; id: number };

export function changeHorse(change: HorseChange) {
  switch (change.action) {
    case 'create':
      return api.post<{ data: Horse }>(API_PATHS.meHorses, change.horse);
    case 'update':
      return api.patch<{ data: Horse }>(API_PATHS.meHorse(change.id), change.horse);
    case 'delete':
      return api.delete<unknown>(API_PATHS.meHorse(change.id));
  }
}

/** Add, edit or delete a horse; the list (and the papers of bookings) are fetched again after. */
export function useHorseChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeHorse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: haulKeys.all }),
  });
}
