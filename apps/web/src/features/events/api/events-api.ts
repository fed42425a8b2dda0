import {
  API_PATHS,
  type EventDetail,
  type EventDetailResponse,
  type EventDraft,
  type EventUpdate,
  type FollowEventResponse,
  type PagedFeed,
  type ReferenceItem,
  toEventMultipartFields,
} from '@corral/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ItemResponse, prependItem } from '../../../entities/items/api/item-cache.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';

/** Spec: a list that is not an array is treated as empty. */
const asList = (value: unknown): ReferenceItem[] => (Array.isArray(value) ? (value as ReferenceItem[]) : []);

/** The /setup/ lists, under the keys onboarding uses for the same answers (one cached copy each). */
const referenceQuery = (name: 'event-types' | 'associations' | 'circuits', path: string) =>
  queryOptions({
    queryKey: ['setup', name],
    queryFn: async () => asList(await api.get<unknown>(path)),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEventTypeList = () => useQuery(referenceQuery('event-types', API_PATHS.eventTypes));
export const useAssociationList = () => useQuery(referenceQuery('associations', API_PATHS.associations));
export const useCircuitList = () => useQuery(referenceQuery('circuits', API_PATHS.circuits));

/** The right sidebar's Upcoming Event (features/feed's `feedKeys.upcomingEvents()`), refreshed by a change here. */
const UPCOMING_EVENTS_KEY = ['feed', 'upcoming-events'] as const;

/** The draft as multipart fields, with the cropped image as `eventImage`. */
function eventForm(draft: EventDraft | EventUpdate, image: Blob | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(toEventMultipartFields(draft))) form.append(name, value);
  if (image) form.append('eventImage', image, 'event.jpg');
  return form;
}

export interface EventSubmission<D> {
  draft: D;
  image: Blob | null;
}

function refreshEventLists(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: itemKeys.eventLists() });
  void queryClient.invalidateQueries({ queryKey: UPCOMING_EVENTS_KEY });
}

/** POST /events: the new event first in the timeline, the events lists and the upcoming event refreshed. */
export function useCreateEvent(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, image }: EventSubmission<EventDraft>) =>
      api.upload<ItemResponse>(API_PATHS.events, eventForm(draft, image), { onProgress }).then((answer) => answer.data),
    onSuccess: (item) => {
      prependItem(queryClient, item);
      refreshEventLists(queryClient);
    },
  });
}

/** An edit: the whole draft again, with upload progress. */
export function useUpdateEvent(id: number, onProgress?: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, image }: EventSubmission<EventUpdate>) =>
      api
        .upload<EventDetailResponse>(API_PATHS.event(id), eventForm(draft, image), { method: 'PATCH', onProgress })
        .then((answer) => answer.data),
    onSuccess: (detail) => {
      queryClient.setQueryData<EventDetail>(itemKeys.event(id), detail);
      void queryClient.invalidateQueries({ queryKey: itemKeys.all, predicate: (q) => q.queryKey[1] !== 'event' });
      void queryClient.invalidateQueries({ queryKey: UPCOMING_EVENTS_KEY });
    },
  });
}

export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: itemKeys.event(id),
    queryFn: () => api.get<EventDetailResponse>(API_PATHS.event(id)).then((answer) => answer.data),
    staleTime: 0,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });

export const useEvent = (id: number) => useQuery(eventQuery(id));

/** Follow or unfollow: the detail takes the server's count; the upcoming event and My events refresh. */
export function useFollowEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.post<FollowEventResponse>(API_PATHS.eventFollow(id))
        : api.delete<FollowEventResponse>(API_PATHS.eventFollow(id)),
    onSuccess: (answer) => {
      queryClient.setQueryData<EventDetail>(itemKeys.event(id), (detail) =>
        detail ? { ...detail, is_following: answer.is_following, followers_count: answer.followers_count } : detail,
      );
      refreshEventLists(queryClient);
    },
  });
}

export function useCancelEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EventDetailResponse>(API_PATHS.eventCancel(id)).then((answer) => answer.data),
    onSuccess: (detail) => {
      queryClient.setQueryData<EventDetail>(itemKeys.event(id), detail);
      refreshEventLists(queryClient);
    },
  });
}

/** The event's .ics (it needs the bearer header, so no plain link), saved as a file. */
export async function downloadEventIcs(id: number, title: string): Promise<void> {
  const blob = await api.blob(API_PATHS.eventIcs(id));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title.replace(/[^\w -]+/g, '').trim() || 'event'}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type EventScope = 'upcoming' | 'mine' | 'history';
export interface EventFilters {
  eventType?: number | null;
  association?: number | null;
}

export const eventsQuery = (scope: EventScope, filters: EventFilters = {}) =>
  infiniteQueryOptions({
    queryKey: itemKeys.events(scope, filters),
    queryFn: ({ pageParam }) =>
      api.get<PagedFeed>(API_PATHS.events, {
        query: { scope, event_type: filters.eventType, association: filters.association, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });

/** The private calendar feed URL: made (or made again) by POST, revoked by DELETE. */
export function useCalendarFeed() {
  const make = useMutation({ mutationFn: () => api.post<{ url: string }>(API_PATHS.calendarFeed) });
  const revoke = useMutation({ mutationFn: () => api.delete<{ status: true }>(API_PATHS.calendarFeed) });
  return { make, revoke };
}
