import type { HaulBooking } from '@corral/contract';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { useBooking } from '../api/bookings-api.ts';
import { BookingActions } from '../components/booking-actions.tsx';
import { BookingSummary } from '../components/booking-summary.tsx';
import { PapersChecklist } from '../components/papers-checklist.tsx';
import { ReviewForm, ReviewView } from '../components/review-form.tsx';

const name = (member: { first_name: string; last_name: string }) => `${member.first_name} ${member.last_name}`.trim();

/**
 * A booking (GET /haul/bookings/{id}) as its rider or its driver sees it: the summary, the papers, what the
 * viewer can do (accept, decline, cancel), the reviews once completed, and the conversation. The stream's
 * `haul_booking` event refetches it (it invalidates every hauling query) when the other side acts.
 */
export function BookingPage() {
  const id = Number(useParams().id);
  const booking = useBooking(id);

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (booking.isError && booking.error instanceof ApiError && booking.error.status === 404)
  ) {
    return (
      <Panel>
        <h1 className="font-display text-2xl text-leather-900">Booking not found</h1>
        <p className="mt-2 text-stone-600">This booking is not available.</p>
        <Link to={paths.hauling} className="mt-3 inline-block font-semibold text-leather-800 underline">
          Back to My hauls
        </Link>
      </Panel>
    );
  }
  if (booking.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only" role="status">
          Loading the booking…
        </span>
        <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
        <div aria-hidden="true" className="h-32 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
      </div>
    );
  }
  if (booking.isError) {
    return (
      <Panel>
        <h1 className="font-display text-2xl text-leather-900">Booking</h1>
        <div role="alert" className="mt-2 flex flex-col items-start gap-3">
          <p className="text-red-800">{booking.error.message || 'The booking could not be loaded.'}</p>
          <Button variant="secondary" onClick={() => void booking.refetch()}>
            Try again
          </Button>
        </div>
      </Panel>
    );
  }
  return <Booking booking={booking.data} />;
}

function Booking({ booking }: { booking: HaulBooking }) {
  const other = booking.offer.is_mine ? booking.rider : booking.offer.driver;
  return (
    <div className="flex flex-col gap-4">
      <Link to={paths.hauling} className="self-start text-sm font-semibold text-leather-800 underline">
        ← My hauls
      </Link>
      <BookingSummary booking={booking} />
      <Panel>
        <h2 className="font-display text-xl text-leather-900">
          {booking.offer.is_mine ? 'You are the driver' : 'You are the rider'}
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <BookingActions booking={booking} />
          {booking.conversation_id !== null && (
            <Link
              to={paths.conversation(booking.conversation_id)}
              className="inline-flex min-h-10 items-center rounded-lg border border-leather-300 px-4 py-2 text-sm font-semibold text-leather-800 hover:bg-leather-50"
            >
              Open the conversation
            </Link>
          )}
        </div>
      </Panel>
      <PapersChecklist checklist={booking.checklist} />
      {(booking.status === 'completed' || booking.my_review || booking.their_review) && (
        <section aria-labelledby="reviews-heading" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          <h2 id="reviews-heading" className="font-display text-xl text-leather-900">
            Reviews
          </h2>
          <div className="mt-3 flex flex-col gap-3">
            {booking.my_review ? (
              <ReviewView review={booking.my_review} label="Your review" />
            ) : booking.can_review ? (
              <ReviewForm bookingId={booking.id} otherName={name(other)} />
            ) : (
              <p className="text-sm text-stone-600">The time to review this haul has passed.</p>
            )}
            {booking.their_review ? (
              <ReviewView review={booking.their_review} label={`${name(other)}'s review`} reportable />
            ) : (
              <p className="text-sm text-stone-600">
                Their review shows once you both have reviewed, or 14 days after the haul.
              </p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

function Panel({ children }: { children: React.ReactNode }) {
  return <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">{children}</section>;
}
