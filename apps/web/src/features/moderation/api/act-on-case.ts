import { API_PATHS, type ModerationActionRequest, type ModerationQueueResponse } from '@corral/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moderationKeys } from './moderation-keys.ts';

/** POST /moderation/reports/{id}/actions: a moderator's decision, with its reason and note. */
export const actOnCase = (caseId: number, body: ModerationActionRequest) =>
  api.post<unknown>(API_PATHS.moderationReportActions(caseId), body);

/** Takes a case out of the cached Open tab at once (every page), before the tab is fetched again. */
export function dropOpenCase(queryClient: QueryClient, caseId: number) {
  queryClient.setQueryData<InfiniteData<ModerationQueueResponse>>(moderationKeys.queue('open'), (queue) =>
    queue
      ? { ...queue, pages: queue.pages.map((page) => ({ ...page, data: page.data.filter((c) => c.id !== caseId) })) }
      : queue,
  );
}

/**
 * A decision on a case. Every decision resolves it: it leaves the Open tab at once, and both tabs and the audit
 * log are fetched again (a decision changes the author's history on other cases too).
 */
export function useActOnCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, body }: { caseId: number; body: ModerationActionRequest }) => actOnCase(caseId, body),
    onSuccess: (_answer, { caseId }) => {
      dropOpenCase(queryClient, caseId);
      void queryClient.invalidateQueries({ queryKey: moderationKeys.queues() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.audit() });
    },
  });
}
