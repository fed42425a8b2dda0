import { API_PATHS, type UpcomingEventsResponse } from '@corral/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestions } from '../../../entities/friendships/api/friendship-cache.ts';
import { api } from '../../../lib/api-client.ts';
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

/** GET /home/upcoming-events-home: suggested friends and events. */
export const getSuggestions = () => api.get<Suggestions>(API_PATHS.suggestions);

/** `requested` marks the suggested members a request was sent to from here (entities/friendships). */
export const suggestionsQuery = () =>
  queryOptions({
    queryKey: itemKeys.suggestions(),
    queryFn: logged('Suggestions', getSuggestions),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useSuggestions = () => useQuery(suggestionsQuery());

/** GET /home/upcoming-events: events the member created or follows, soonest first. */
export const getUpcomingEvents = () => api.get<UpcomingEventsResponse>(API_PATHS.upcomingEvents);

export const upcomingEventsQuery = () =>
  queryOptions({
    queryKey: feedKeys.upcomingEvents(),
    queryFn: logged('Upcoming events', getUpcomingEvents),
    select: (answer: UpcomingEventsResponse) => answer.upcoming_events,
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useUpcomingEvents = () => useQuery(upcomingEventsQuery());
