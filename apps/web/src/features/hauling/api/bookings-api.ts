import { API_PATHS, type HaulBooking, type MyHaulsResponse, type ReviewHaulBookingRequest } from '@corral/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { haulKeys } from '../../../lib/query-keys.ts';

type BookingAnswer = { data: HaulBooking };

export const getMyHauls = (signal?: AbortSignal) => api.get<MyHaulsResponse>(API_PATHS.meHauls, { signal });
export const getBooking = (id: number, signal?: AbortSignal) =>
  api.get<BookingAnswer>(API_PATHS.haulBooking(id), { signal }).then((answer) => answer.data);

/** GET /me/hauls: the member's offers, requests, bookings as a rider and bookings on their offers. */
export const myHaulsQuery = () =>
  queryOptions({ queryKey: haulKeys.mine(), queryFn: ({ signal }) => getMyHauls(signal), staleTime: 0 });
export const useMyHauls = () => useQuery(myHaulsQuery());

/** GET /haul/bookings/{id}: a booking as its rider or driver sees it. */
export const bookingQuery = (id: number) =>
  queryOptions({ queryKey: haulKeys.booking(id), queryFn: ({ signal }) => getBooking(id, signal), staleTime: 0 });
export const useBooking = (id: number) => useQuery({ ...bookingQuery(id), enabled: Number.isInteger(id) && id > 0 });

export type BookingChange =
  | { action: 'accept' | 'decline'; id: number }
  | { action: 'cancel'; id: number; reason: string }
  | { action: 'review'; id: number; review: ReviewHaulBookingRequest };

export function changeBooking(change: BookingChange) {
  switch (change.action) {
    case 'accept':
      return api.post<BookingAnswer>(API_PATHS.haulBookingAccept(change.id));
    case 'decline':
      return api.post<BookingAnswer>(API_PATHS.haulBookingDecline(change.id));
    case 'cancel':
      return api.post<BookingAnswer>(API_PATHS.haulBookingCancel(change.id), {
        reason: change.reason.trim() || undefined,
      });
    case 'review':
      return api.post<BookingAnswer>(API_PATHS.haulBookingReview(change.id), change.review);
  }
}

/**
 * Accept, decline, cancel or review a booking. The answer is the booking as it now stands: put in its own
 * query, and every other hauling list (My hauls, the event's board: stalls free changed) is fetched again.
 */
export function useBookingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBooking,
    onSuccess: (answer, change) => {
      queryClient.setQueryData(haulKeys.booking(change.id), answer.data);
      void queryClient.invalidateQueries({
        queryKey: haulKeys.all,
        predicate: (query) => query.queryKey[1] !== 'booking' || query.queryKey[2] !== change.id,
      });
    },
  });
}
