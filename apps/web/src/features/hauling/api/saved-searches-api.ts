import { API_PATHS, type createHaulSavedSearchRequestSchema, type HaulSavedSearch } from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { haulKeys } from '../../../lib/query-keys.ts';

/** POST /haul/saved-searches' body: an event (or any), a Near place, horses (1 when not said), a rate (or any). */
export type CreateHaulSavedSearch = z.input<typeof createHaulSavedSearchRequestSchema>;

/** GET /haul/saved-searches: the member's saved searches (docs/decisions/030-hauling-board.md, "Matching"). */
export const savedSearchesQuery = () =>
  queryOptions({
    queryKey: haulKeys.savedSearches(),
    queryFn: ({ signal }) =>
      api.get<{ data: HaulSavedSearch[] }>(API_PATHS.haulSavedSearches, { signal }).then((answer) => answer.data),
  });

export const useSavedSearches = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...savedSearchesQuery(), enabled: options.enabled ?? true });

/** The saved search of this event, place, horses and rate, if the member has one (what the Hauling tab shows). */
export function findSavedSearch(
  searches: HaulSavedSearch[] | undefined,
  search: { eventId: number | null; placeId: number; horses: number; rate: HaulSavedSearch['rate_type'] },
): HaulSavedSearch | undefined {
  return searches?.find(
    (saved) =>
      (saved.event?.id ?? null) === search.eventId &&
      saved.near.id === search.placeId &&
      saved.horses === search.horses &&
      saved.rate_type === search.rate,
  );
}

/** POST /haul/saved-searches: the new search joins the list at once, and the list is fetched again. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: CreateHaulSavedSearch) =>
      api.post<{ data: HaulSavedSearch }>(API_PATHS.haulSavedSearches, { ...search }).then((answer) => answer.data),
    onSuccess: (saved) => {
      queryClient.setQueryData<HaulSavedSearch[]>(haulKeys.savedSearches(), (list) => [
        ...(list ?? []).filter((one) => one.id !== saved.id),
        saved,
      ]);
      void queryClient.invalidateQueries({ queryKey: haulKeys.savedSearches() });
    },
  });
}

/** DELETE /haul/saved-searches/{id}: the search leaves the list at once, and the list is fetched again. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(API_PATHS.haulSavedSearch(id)),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<HaulSavedSearch[]>(haulKeys.savedSearches(), (list) =>
        list?.filter((one) => one.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: haulKeys.savedSearches() });
    },
  });
}
