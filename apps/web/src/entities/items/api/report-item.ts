import { API_PATHS, type ReportRequest, type ReportTargetType } from '@corral/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * What is reported: a post, share or event by its number; a comment or a direct message by its number; a member
 * by their id.
 */
export type ReportTarget = { type: ReportTargetType; id: number | string };

/**
 * A report, stored for the moderators; nothing cached changes (the poster is not told). Posts, shares and events
 * go to the spec's POST /posts/{id}/report; comments, members and messages to POST /reports (trust and safety).
 */
export const reportItem = ({ target, report }: { target: ReportTarget; report: ReportRequest }) =>
  target.type === 'post' || target.type === 'event'
    ? api.post<{ status: true; message: string }>(API_PATHS.postReport(target.id), report)
    : api.post<{ status: true; message: string }>(API_PATHS.reports, {
        target_type: target.type,
        target_id: target.id,
        ...report,
      });

export const reportMutation = () => mutationOptions({ mutationFn: reportItem });

export const useReport = () => useMutation(reportMutation());
