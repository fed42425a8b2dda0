import { API_PATHS, type StandingResponse } from '@corral/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { safetyKeys } from '../../../lib/query-keys.ts';

export const getStanding = (signal?: AbortSignal) => api.get<StandingResponse>(API_PATHS.meStanding, { signal });

/**
 * GET /me/standing: the warnings, removals and suspensions the member was told of, with their appeals. The
 * account menu asks for it (its 'Account standing' entry shows only when there are notices) and keeps it a
 * few minutes; a 'moderation' notification from the stream and an appeal sent mark it stale.
 */
export const standingQuery = () =>
  queryOptions({ queryKey: safetyKeys.standing(), queryFn: ({ signal }) => getStanding(signal), staleTime: 300_000 });

export const useStanding = () => useQuery(standingQuery());
