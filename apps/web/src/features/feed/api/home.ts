import { API_PATHS, type SuggestionsResponse, type UpcomingEvent } from '@corral/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, api } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';
import { feedKeys } from './query-keys.ts';

/** Failures of the side parts are only logged (spec, section 8): the feed goes on without them. */
const logged =
  <T>(label: string, load: () => Promise<T>) =>
  async () => {
    try {
      return await load();
    } catch (error) {
      console.warn(`${label} could not be loaded`, error);
      throw error;
    }
  };

/** Suggested friends and events, GET /home/upcoming-events-home. `requested` marks friend requests sent here. */
export type Suggestions = SuggestionsResponse & { requested?: string[] };

export const useSuggestions = () =>
  useQuery({
    queryKey: itemKeys.suggestions(),
    queryFn: logged('Suggestions', () => api.get<Suggestions>(API_PATHS.suggestions)),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useUpcomingEvents = () =>
  useQuery({
    queryKey: feedKeys.upcomingEvents(),
    queryFn: logged('Upcoming events', () => api.get<{ upcoming_events: UpcomingEvent[] }>(API_PATHS.upcomingEvents)),
    select: (answer: { upcoming_events: UpcomingEvent[] }) => answer.upcoming_events,
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** Add Friend: a real friend request; the suggestion then reads 'Request sent'. */
export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<{ status: true; friendship_status: 'pending_sent' | 'friends' }>(API_PATHS.friendRequests, {
        user_id: userId,
      }),
    onSuccess: (answer, userId) => {
      queryClient.setQueryData<Suggestions>(itemKeys.suggestions(), (data) =>
        data ? { ...data, requested: [...(data.requested ?? []), userId] } : data,
      );
      toast.success(answer.friendship_status === 'friends' ? 'You are now friends.' : 'Friend request sent.');
    },
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : 'The friend request could not be sent.'),
  });
}
