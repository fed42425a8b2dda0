import { API_PATHS, DATA_EXPORT_LIMITS, type DataExportResponse } from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** The member's data export (docs/decisions/035-data-export.md). */
export const dataExportKey = accountKeys.dataExport();

export const getDataExport = (signal?: AbortSignal) => api.get<DataExportResponse>(API_PATHS.meExport, { signal });
export const requestDataExport = () => api.post<DataExportResponse>(API_PATHS.meExport);

/** A ready export's link lasts DATA_EXPORT_LIMITS.linkMinutes: asked again well before, so the one shown works. */
const READY_REFRESH_MS = (DATA_EXPORT_LIMITS.linkMinutes - 5) * 60_000;

/**
 * GET /me/export: the latest export. The worker's notification over the live stream has it asked again the moment
 * the zip is ready (notifications/api/stream-events.ts); while it is being prepared it is asked again now and then
 * all the same (a stream down or reconnecting misses that event), and while ready before its link goes stale.
 */
export const dataExportQuery = () =>
  queryOptions({
    queryKey: dataExportKey,
    queryFn: ({ signal }) => getDataExport(signal),
    refetchInterval: (query) => {
      const status = query.state.data?.data?.status;
      if (status === 'pending') return DATA_EXPORT_LIMITS.pollSeconds * 1000;
      if (status === 'ready') return READY_REFRESH_MS;
      return false;
    },
  });

export const useDataExport = () => useQuery(dataExportQuery());

/** POST /me/export: its answer is the new status (or the export already being prepared). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (answer) => queryClient.setQueryData(dataExportKey, answer),
  });
}
