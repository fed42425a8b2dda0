import { API_PATHS, type AuditResponse } from '@corral/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moderationKeys } from './moderation-keys.ts';

/** GET /moderation/audit?cursor=: every moderator action, the automatic holds and role changes, newest first. */
export const getAudit = (cursor: string | null, signal?: AbortSignal) =>
  api.get<AuditResponse>(API_PATHS.moderationAudit, { query: { cursor }, signal });

export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.audit(),
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });

export const useAudit = () => useInfiniteQuery(auditQuery());
