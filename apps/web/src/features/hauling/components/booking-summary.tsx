import { type HaulBooking, STALL_KIND_LABELS } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BookingStatusBadge } from './booking-status.tsx';
import { memberName, OfferCard, placeName } from './offer-card.tsx';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** 'Expires in 5 hours' / 'in 20 minutes' / 'Expires now' for a requested booking; empty otherwise. */
export function expiryText(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return '';
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return '';
  if (left < MINUTE) return 'Expires now unless the driver answers.';
  if (left < HOUR) {
    const minutes = Math.floor(left / MINUTE);
    return `Expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} unless the driver answers.`;
  }
  const hours = Math.floor(left / HOUR);
  return `Expires in ${hours} ${hours === 1 ? 'hour' : 'hours'} unless the driver answers.`;
}

/**
 * What a booking is: the haul (its offer card, with a link to the event's Hauling tab), the stalls and horses, the pickup, its
 * status (with the time a request has left), and, once confirmed, the pickup address and both phone numbers.
 */
export function BookingSummary({ booking, now }: { booking: HaulBooking; now?: number }) {
  const { offer } = booking;
  return (
    <section aria-labelledby="booking-heading" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h1 id="booking-heading" className="font-display text-2xl text-leather-900">
          Haul to{' '}
          <Link to={paths.eventHauling(offer.event.id)} className="underline">
            {offer.event.title}
          </Link>
        </h1>
        <BookingStatusBadge status={booking.status} asDriver={offer.is_mine} />
      </div>
      {booking.status === 'requested' && (
        <p className="mt-1 text-sm font-semibold text-amber-800">
          {offer.is_mine
            ? expiryText(booking.expires_at, now).replace('unless the driver answers', 'unless you answer')
            : expiryText(booking.expires_at, now)}
        </p>
      )}
      {booking.status === 'cancelled' && (
        <p className="mt-1 text-sm text-stone-700 [overflow-wrap:anywhere]">
          {booking.cancelled_by_me === null
            ? 'Cancelled'
            : booking.cancelled_by_me
              ? 'You cancelled'
              : 'They cancelled'}
          {booking.late ? ' late (within 48 hours of departure)' : ''}
          {booking.cancel_reason ? `: “${booking.cancel_reason}”` : '.'}
        </p>
      )}
      <div className="mt-4">
        {/* The card's route is an h3: a heading between keeps the outline in order. */}
        <h2 className="sr-only">The offer</h2>
        <OfferCard offer={offer} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact term="Rider">
          <Link to={paths.userProfile(booking.rider.id)} className="font-semibold text-leather-800 underline">
            {memberName(booking.rider)}
          </Link>
        </Fact>
        <Fact term="Pickup">
          {booking.pickup ? placeName(booking.pickup) : `At the start, ${placeName(offer.origin)}`}
        </Fact>
        <Fact term="Stalls">
          {booking.stalls} · {STALL_KIND_LABELS[offer.stall_kind]}
          {offer.tack_room ? ', tack room' : ''}
        </Fact>
        <Fact term="Horses">
          {booking.horses.length > 0 ? booking.horses.map((horse) => horse.name).join(', ') : 'None named yet'}
        </Fact>
        {booking.pickup_address && <Fact term="Pickup address">{booking.pickup_address}</Fact>}
        {booking.phones && (
          <Fact term="Phone numbers">
            <span className="block">Driver: {phoneLink(booking.phones.driver)}</span>
            <span className="block">Rider: {phoneLink(booking.phones.rider)}</span>
          </Fact>
        )}
      </dl>
      {booking.message && (
        <blockquote className="mt-4 rounded-xl bg-leather-50 p-3 text-sm whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">
          {booking.message}
        </blockquote>
      )}
      {booking.status === 'requested' && (
        <p className="mt-3 text-xs text-stone-500">
          The pickup address and phone numbers show here once the booking is confirmed.
        </p>
      )}
    </section>
  );
}

function phoneLink(phone: string | null) {
  if (!phone) return 'not given';
  return (
    <a href={`tel:${phone}`} className="text-leather-800 underline">
      {phone}
    </a>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="mt-0.5 min-w-0 text-stone-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
