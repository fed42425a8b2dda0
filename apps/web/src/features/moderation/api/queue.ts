import { API_PATHS, type ModerationQueueResponse } from '@corral/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moderationKeys } from './moderation-keys.ts';

export type QueueStatus = 'open' | 'resolved';

/** GET /moderation/reports?status=&cursor=: open cases by distinct reporters then age; resolved ones newest first. */
export const getQueue = (status: QueueStatus, cursor: string | null, signal?: AbortSignal) =>
  api.get<ModerationQueueResponse>(API_PATHS.moderationReports, { query: { status, cursor }, signal });

/** One tab of the queue, page after page in the server's order; fresh on every visit (others decide cases too). */
export const queueQuery = (status: QueueStatus) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ pageParam, signal }) => getQueue(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });

export const useQueue = (status: QueueStatus) => useInfiniteQuery(queueQuery(status));
