import {
  API_PATHS,
  type CreateHaulBookingRequest,
  type CreateHaulOfferRequest,
  type CreateHaulRequestRequest,
  type EventDetailResponse,
  type HaulBooking,
  type HaulingResponse,
  type HaulOffer,
  type HaulRequest,
  type HorsesResponse,
  type MyHaulsResponse,
  type PagedFeed,
  type RATE_TYPES,
  type UpdateHaulOfferRequest,
} from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { haulKeys, itemKeys } from '../../../lib/query-keys.ts';

export type RateType = (typeof RATE_TYPES)[number];

/** The Hauling tab's filters (GET /events/{id}/hauling?near=&horses=&rate=&date=); null is "any". */
export interface HaulingFilters {
  near: number | null;
  horses: number | null;
  rate: RateType | null;
  /** YYYY-MM-DD, in the event's zone. */
  date: string | null;
}

export const NO_HAULING_FILTERS: HaulingFilters = { near: null, horses: null, rate: null, date: null };

/** An event's open offers and requests the viewer may see, filtered. */
export const haulingQuery = (eventId: number, filters: HaulingFilters = NO_HAULING_FILTERS) =>
  queryOptions({
    // The filters are added here rather than in lib/query-keys.ts, which the feed's first load carries.
    queryKey: [...haulKeys.event(eventId), filters.near, filters.horses, filters.rate, filters.date],
    queryFn: ({ signal }) =>
      api.get<HaulingResponse>(API_PATHS.eventHauling(eventId), {
        signal,
        query: { near: filters.near, horses: filters.horses, rate: filters.rate, date: filters.date },
      }),
    staleTime: 0,
  });

export const useHauling = (eventId: number, filters: HaulingFilters) => useQuery(haulingQuery(eventId, filters));

/** Everything of the board is fetched again after a change (lists are small and per event). */
const refreshBoard = (queryClient: ReturnType<typeof useQueryClient>) =>
  void queryClient.invalidateQueries({ queryKey: haulKeys.all });

/** POST /haul/offers: answers every leg created (a run of events makes several). */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: CreateHaulOfferRequest) =>
      api.post<{ data: HaulOffer[] }>(API_PATHS.haulOffers, { ...offer }).then((answer) => answer.data),
    onSuccess: () => refreshBoard(queryClient),
  });
}

/** PATCH /haul/offers/{id}: the terms and window of one leg. */
export function useUpdateOffer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateHaulOfferRequest) =>
      api.patch<{ data: HaulOffer }>(API_PATHS.haulOffer(id), { ...changes }).then((answer) => answer.data),
    onSuccess: () => refreshBoard(queryClient),
  });
}

/** DELETE /haul/offers/{id}: closes it (its live bookings are cancelled). */
export function useCloseOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(API_PATHS.haulOffer(id)),
    onSuccess: () => refreshBoard(queryClient),
  });
}

/** POST /haul/requests: a rider asks for stalls. */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateHaulRequestRequest) =>
      api.post<{ data: HaulRequest }>(API_PATHS.haulRequests, { ...request }).then((answer) => answer.data),
    onSuccess: () => refreshBoard(queryClient),
  });
}

/** DELETE /haul/requests/{id}: closes the member's request. */
export function useCloseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(API_PATHS.haulRequest(id)),
    onSuccess: () => refreshBoard(queryClient),
  });
}

/** POST /haul/offers/{id}/bookings: `confirmed` on an instant offer, `requested` otherwise. */
export function useCreateBooking(offerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: CreateHaulBookingRequest) =>
      api
        .post<{ data: HaulBooking }>(API_PATHS.haulOfferBookings(offerId), { ...booking })
        .then((answer) => answer.data),
    onSuccess: (booking) => {
      queryClient.setQueryData(haulKeys.booking(booking.id), booking);
      refreshBoard(queryClient);
    },
  });
}

/**
 * GET /me/hauls, for the offer form's rate type (onboarding's answer, for a first offer). The same key and shape
 * (the whole answer) as bookings-api.ts's `myHaulsQuery`, so the two share one cached copy.
 */
export const useMyHaulsSummary = () =>
  useQuery({
    queryKey: haulKeys.mine(),
    queryFn: ({ signal }) => api.get<MyHaulsResponse>(API_PATHS.meHauls, { signal }),
    staleTime: 0,
  });

/** GET /me/horses, for the booking dialog: `Horse[]` under `haulKeys.horses()`, as horses-api.ts keeps it. */
export const useHorsesForBooking = () =>
  useQuery({
    queryKey: haulKeys.horses(),
    queryFn: ({ signal }) => api.get<HorsesResponse>(API_PATHS.meHorses, { signal }).then((answer) => answer.data),
  });

/**
 * The events a run of events can go on to: the member's upcoming events (created or followed, GET
 * /events?scope=mine, first page), as `{ id, title, from_date }`.
 */
export const useRunEvents = (enabled: boolean) =>
  useQuery({
    queryKey: [...haulKeys.all, 'run-events'],
    queryFn: ({ signal }) =>
      api
        .get<PagedFeed>(API_PATHS.events, { signal, query: { scope: 'mine' } })
        .then((page) =>
          page.data.map((item) => ({ id: item.id, title: item.title ?? 'Event', from_date: item.from_date ?? '' })),
        ),
    enabled,
  });

/** GET /events/{id}: a run's next event (zone and performances), under the same key and shape as events-api's. */
export const useRunEventDetail = (id: number | null) =>
  useQuery({
    queryKey: itemKeys.event(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<EventDetailResponse>(API_PATHS.event(id ?? 0), { signal }).then((answer) => answer.data),
    enabled: id !== null && id > 0,
  });
