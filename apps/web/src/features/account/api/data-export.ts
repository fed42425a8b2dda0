import { API_PATHS, DATA_EXPORT_LIMITS, type DataExportResponse } from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The member's data export (docs/decisions/035-data-export.md): its query key, kept here with its one query. */
export const dataExportKey = ['account', 'data-export'] as const;

export const getDataExport = (signal?: AbortSignal) => api.get<DataExportResponse>(API_PATHS.meExport, { signal });
export const requestDataExport = () => api.post<DataExportResponse>(API_PATHS.meExport);

/** A ready export's link lasts DATA_EXPORT_LIMITS.linkMinutes: asked again well before, so the one shown works. */
const READY_REFRESH_MS = (DATA_EXPORT_LIMITS.linkMinutes - 5) * 60_000;

/**
 * GET /me/export: the latest export. Asked again every few seconds while it is being prepared (the worker's
 * notification also arrives over the live stream, but the section does not depend on it), and now and then while
 * ready so that its download link is never stale.
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
