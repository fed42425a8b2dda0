import { API_PATHS, type FeedbackRequest, type FeedbackResponse } from '@corral/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const sendFeedback = (body: FeedbackRequest) => api.post<FeedbackResponse>(API_PATHS.feedback, body);

/** POST /feedback: the answer's message is the confirmation the page shows. */
export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
