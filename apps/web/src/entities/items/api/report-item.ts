import { API_PATHS, type ReportRequest } from '@corral/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /posts/{id}/report: stored for the moderators; nothing cached changes (the poster is not told). */
export const reportItem = ({ id, report }: { id: number; report: ReportRequest }) =>
  api.post<{ status: true; message: string }>(API_PATHS.postReport(id), report);

export const reportMutation = () => mutationOptions({ mutationFn: reportItem });

export const useReport = () => useMutation(reportMutation());
