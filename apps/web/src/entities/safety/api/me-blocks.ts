import { API_PATHS, type MeBlocksResponse } from '@corral/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { safetyKeys } from '../../../lib/query-keys.ts';

export const getMyBlocks = (signal?: AbortSignal) => api.get<MeBlocksResponse>(API_PATHS.meBlocks, { signal });

/** GET /me/blocks: whom the member blocked and muted, newest first. Fresh on every visit of the page. */
export const myBlocksQuery = () =>
  queryOptions({ queryKey: safetyKeys.blocks(), queryFn: ({ signal }) => getMyBlocks(signal), staleTime: 0 });

export const useMyBlocks = () => useQuery(myBlocksQuery());
