import type { HaulBooking } from '@corral/contract';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { useBookingChange } from '../api/bookings-api.ts';
import { BookingStatusBadge } from './booking-status.tsx';
import { formatWindow, memberName } from './offer-card.tsx';

/**
 * One booking in My hauls: the event, who with, stalls, when, its status, a link to its page; on the
 * driver's own offers, a request has Accept and Decline at hand.
 */
export function BookingRow({ booking, as }: { booking: HaulBooking; as: 'rider' | 'driver' }) {
  const change = useBookingChange();
  const other = as === 'driver' ? booking.rider : booking.offer.driver;
  const answering = as === 'driver' && booking.status === 'requested';
  const title = `${booking.offer.event.title}: ${booking.stalls} ${booking.stalls === 1 ? 'stall' : 'stalls'}`;

  function answer(action: 'accept' | 'decline') {
    change.mutate(
      { action, id: booking.id },
      {
        onSuccess: () => toast.success(action === 'accept' ? 'Booking accepted.' : 'Booking declined.'),
        onError: (error) =>
          toast.error(error instanceof ApiError ? error.message : 'The booking could not be answered.'),
      },
    );
  }
  const pending = change.isPending ? change.variables?.action : undefined;

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.haulBooking(booking.id)} className="font-semibold break-words text-leather-900 underline">
            {title}
          </Link>
          <BookingStatusBadge status={booking.status} asDriver={as === 'driver'} />
        </p>
        <p className="text-sm text-stone-600">
          {as === 'driver' ? 'Rider' : 'Driver'}: {memberName(other)} · leaves{' '}
          {formatWindow(booking.offer.depart_from, booking.offer.depart_until, booking.offer.event.time_zone)}
        </p>
      </div>
      {answering && (
        <div className="flex shrink-0 gap-2">
          <Button
            busy={pending === 'accept'}
            disabled={change.isPending}
            aria-label={`Accept ${memberName(other)}'s booking`}
            onClick={() => answer('accept')}
          >
            Accept
          </Button>
          <Button
            variant="secondary"
            busy={pending === 'decline'}
            disabled={change.isPending}
            aria-label={`Decline ${memberName(other)}'s booking`}
            onClick={() => answer('decline')}
          >
            Decline
          </Button>
        </div>
      )}
    </li>
  );
}
