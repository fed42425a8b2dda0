import { API_PATHS, type NewsletterResponse, type NewsletterUnsubscribeRequest } from '@corral/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const unsubscribeFromNewsletter = (body: NewsletterUnsubscribeRequest) =>
  api.post<NewsletterResponse>(API_PATHS.newsletterUnsubscribe, body);

/** POST /newsletter/unsubscribe: the answer's message is the confirmation the page shows. */
export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribeFromNewsletter });
