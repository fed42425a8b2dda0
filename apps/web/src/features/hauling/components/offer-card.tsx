import {
  BOOKING_MODE_LABELS,
  formatInstant,
  type HaulMember,
  type HaulOffer,
  PRICE_UNIT_LABELS,
  STALL_KIND_LABELS,
} from '@corral/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';

const DAY_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const TIME_ZONE_NAME: Intl.DateTimeFormatOptions = { ...DAY_TIME, timeZoneName: 'short' };
const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** 'Fri, Jul 17, 9:00 AM' on the event's wall clock; `withZone` adds its abbreviation ('MDT'). */
export const formatHaulTime = (instant: string, timeZone: string, withZone = false) =>
  formatInstant(instant, timeZone, withZone ? TIME_ZONE_NAME : DAY_TIME);

/** A departure window: 'Fri, Jul 17, 6:00 AM – 9:00 AM MDT' (the day once when both ends share it). */
export function formatWindow(from: string, until: string, timeZone: string): string {
  const start = formatHaulTime(from, timeZone);
  const end = formatHaulTime(until, timeZone, true);
  const sameDay = formatInstant(from, timeZone, DATE) === formatInstant(until, timeZone, DATE);
  const endClock = sameDay
    ? formatInstant(until, timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
    : end;
  return `${start} – ${endClock}`;
}

export const memberName = (member: { first_name: string; last_name: string }) =>
  `${member.first_name} ${member.last_name}`.trim();

export const placeName = (place: { name: string; region_code: string }) =>
  place.region_code ? `${place.name}, ${place.region_code}` : place.name;

/** A driver or rider: photo, name (to their profile), verified phone, rating and completed hauls. */
export function HaulMemberLine({ member, label }: { member: HaulMember; label: string }) {
  const name = memberName(member);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar src={member.avatar} name="" className="size-10" />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={paths.userProfile(member.id)} className="truncate font-semibold text-leather-900 hover:underline">
            {name}
          </Link>
          <span className="sr-only">, {label}</span>
          {member.phone_verified && (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
              Verified phone
            </span>
          )}
        </p>
        <p className="text-xs text-stone-600">
          {member.rating === null ? (
            'No reviews yet'
          ) : (
            <span>
              <span aria-hidden="true">★ </span>
              {member.rating.toFixed(1)}
              <span className="sr-only"> out of 5</span> ({member.reviews_count}{' '}
              {member.reviews_count === 1 ? 'review' : 'reviews'})
            </span>
          )}
          {' · '}
          {member.completed_hauls} {member.completed_hauls === 1 ? 'haul' : 'hauls'} completed
          {member.late_cancellations > 0 && ` · ${member.late_cancellations} late cancellations`}
        </p>
      </div>
    </div>
  );
}

/** The price as read: '$150 per horse', 'Free' for nothing, and a fill rate's cap. */
function priceText(offer: HaulOffer): string {
  const price = offer.price === 0 ? 'Free' : `${formatMoney(offer.price)} ${PRICE_UNIT_LABELS[offer.price_unit]}`;
  const cap =
    offer.rate_type === 'fill' && offer.cap_per_horse !== null
      ? ` · cap ${formatMoney(offer.cap_per_horse)} per horse`
      : '';
  return `${price}${cap}`;
}

function ProfessionalBadge({ offer }: { offer: HaulOffer }) {
  const pro = offer.professional;
  if (!pro) return null;
  const numbers = [
    pro.usdot_number && `USDOT ${pro.usdot_number}`,
    pro.mc_number && `MC ${pro.mc_number.replace(/^MC-?/i, '')}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs">
      <span className="rounded-full bg-leather-700 px-2 py-0.5 font-semibold text-white">Professional</span>
      <span className="text-stone-700">
        {numbers}
        {numbers && ' · '}insured to {formatInstant(`${pro.insurance_expires_on}T12:00:00Z`, 'UTC', DATE)}
      </span>
    </p>
  );
}

/**
 * An offer of stalls to an event, as a card: the driver, the route and times (the event's zone), the stalls,
 * seats and tack room, the price, the detour for the viewer's place, friends going and how it is booked.
 * `children` go along the bottom (Book, Edit, a booking's state).
 */
export function OfferCard({ offer, children }: { offer: HaulOffer; children?: ReactNode }) {
  const zone = offer.event.time_zone;
  const route = `${placeName(offer.origin)} → ${offer.event.title}`;
  return (
    <article
      aria-label={`Haul from ${placeName(offer.origin)} by ${memberName(offer.driver)}`}
      className="flex flex-col gap-3 rounded-2xl border border-leather-100 bg-white p-4 shadow-sm"
    >
      <HaulMemberLine member={offer.driver} label="driver" />
      <ProfessionalBadge offer={offer} />
      <div>
        <h3 className="font-semibold text-leather-900">{route}</h3>
        {offer.distance_km !== null && <p className="text-xs text-stone-600">{Math.round(offer.distance_km)} km</p>}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-stone-800">
        <dt className="text-stone-500">Leaves</dt>
        <dd>{formatWindow(offer.depart_from, offer.depart_until, zone)}</dd>
        <dt className="text-stone-500">Arrives by</dt>
        <dd>
          {formatHaulTime(offer.arrive_by, zone, true)}
          {offer.arrive_performance && ` (${offer.arrive_performance.name})`}
        </dd>
        <dt className="text-stone-500">Stalls</dt>
        <dd>
          {offer.stalls_free} of {offer.stalls_total} free · {STALL_KIND_LABELS[offer.stall_kind]}
        </dd>
        {(offer.seats > 0 || offer.tack_room) && (
          <>
            <dt className="text-stone-500">Also</dt>
            <dd>
              {[
                offer.seats > 0 && `${offer.seats} ${offer.seats === 1 ? 'seat' : 'seats'}`,
                offer.tack_room && 'Tack room',
              ]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </>
        )}
        <dt className="text-stone-500">Price</dt>
        <dd className="font-medium">{priceText(offer)}</dd>
        {offer.fit && (
          <>
            <dt className="text-stone-500">Detour</dt>
            <dd>
              {Math.round(offer.fit.detour_km)} km for your pickup
              {!offer.fit.fits && ' (more than the driver goes)'}
            </dd>
          </>
        )}
      </dl>
      {offer.notes && (
        <p className="whitespace-pre-line text-sm text-stone-700 [overflow-wrap:anywhere]">{offer.notes}</p>
      )}
      <p className="flex flex-wrap gap-2 text-xs">
        <span className="rounded-full bg-leather-50 px-2 py-0.5 text-leather-800">
          {BOOKING_MODE_LABELS[offer.booking_mode]}
        </span>
        {offer.friends_going > 0 && (
          <span className="rounded-full bg-sky-50 px-2 py-0.5 text-sky-800">
            {offer.friends_going} {offer.friends_going === 1 ? 'friend' : 'friends'} going
          </span>
        )}
        {offer.closed && <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">Closed</span>}
      </p>
      {children && <div className="flex flex-wrap items-center justify-end gap-2">{children}</div>}
    </article>
  );
}
