import {
  type HaulBooking,
  type HaulOffer,
  type HaulRequest,
  type HaulSavedSearch,
  type MyHaulsResponse,
  RATE_TYPE_LABELS,
} from '@corral/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useMyHauls } from '../api/bookings-api.ts';
import { useCloseOffer, useCloseRequest } from '../api/hauling-api.ts';
import { useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches-api.ts';
import { BookingRow } from '../components/booking-row.tsx';
import { formatWindow, OfferCard, placeName } from '../components/offer-card.tsx';

const LIVE = new Set<HaulBooking['status']>(['requested', 'confirmed']);
/** Requests waiting for an answer first, then the live ones, then the rest (the server's order within each). */
const answerFirst = (bookings: HaulBooking[]) =>
  [...bookings].sort(
    (a, b) =>
      Number(b.status === 'requested') - Number(a.status === 'requested') ||
      Number(LIVE.has(b.status)) - Number(LIVE.has(a.status)),
  );

/**
 * My hauls (GET /me/hauls; the account menu's 'Hauling'): bookings on the member's offers to answer, their
 * bookings as a rider, their offers (close one) and their requests (close one); a link to their horses.
 */
export function MyHaulsPage() {
  const hauls = useMyHauls();
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <div>
          <h1 className="font-display text-2xl text-leather-900">My hauls</h1>
          <p className="mt-1 text-sm text-stone-600">Stalls you offered, asked for and booked, to and from events.</p>
        </div>
        <Link
          to={paths.horses}
          className="inline-flex min-h-10 items-center rounded-lg border border-leather-300 bg-white px-4 py-2 text-sm font-semibold text-leather-800 hover:bg-leather-50"
        >
          My horses and papers
        </Link>
      </header>
      {hauls.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <span className="sr-only" role="status">
            Loading your hauls…
          </span>
          {[0, 1].map((key) => (
            <div key={key} aria-hidden="true" className="h-40 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
          ))}
        </div>
      ) : hauls.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          <p className="text-red-800">{hauls.error.message || 'Your hauls could not be loaded.'}</p>
          <Button variant="secondary" onClick={() => void hauls.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Hauls hauls={hauls.data} />
      )}
      <SavedSearches />
    </div>
  );
}

function Hauls({ hauls }: { hauls: MyHaulsResponse }) {
  const { offers, requests, bookings, driving } = hauls;
  if (offers.length + requests.length + bookings.length + driving.length === 0) {
    return (
      <section className="rounded-2xl bg-white p-6 text-center shadow-sm">
        <h2 className="font-display text-xl text-leather-900">No hauls yet</h2>
        <p className="mt-2 text-stone-600">
          Offer the stalls you have free, or find a ride for your horses, from an event's Hauling tab.
        </p>
        <Link to={paths.eventTypes} className="mt-3 inline-block font-semibold text-leather-800 underline">
          Browse upcoming events
        </Link>
      </section>
    );
  }
  return (
    <>
      {driving.length > 0 && (
        <Section title="On my offers" about="Riders' bookings on your offers; answer requests before they expire.">
          <ul className="divide-y divide-leather-100">
            {answerFirst(driving).map((booking) => (
              <BookingRow key={booking.id} booking={booking} as="driver" />
            ))}
          </ul>
        </Section>
      )}
      <Section
        title="Bookings"
        about="Stalls you booked on other members' trailers."
        empty="You have not booked a haul."
      >
        {bookings.length > 0 && (
          <ul className="divide-y divide-leather-100">
            {answerFirst(bookings).map((booking) => (
              <BookingRow key={booking.id} booking={booking} as="rider" />
            ))}
          </ul>
        )}
      </Section>
      <Section title="My offers" empty="You have not offered stalls.">
        {offers.length > 0 && (
          <div className="flex flex-col gap-3">
            {offers.map((offer) => (
              <MyOffer key={offer.id} offer={offer} />
            ))}
          </div>
        )}
      </Section>
      <Section title="My requests" empty="You have not asked for stalls.">
        {requests.length > 0 && (
          <ul className="divide-y divide-leather-100">
            {requests.map((request) => (
              <MyRequest key={request.id} request={request} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function Section({
  title,
  about,
  empty,
  children,
}: {
  title: string;
  about?: string;
  empty?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 className="font-display text-xl text-leather-900">{title}</h2>
      {about && <p className="mt-1 text-sm text-stone-600">{about}</p>}
      <div className="mt-2">
        {children || <p className="rounded-xl bg-leather-50 px-4 py-5 text-center text-sm text-stone-600">{empty}</p>}
      </div>
    </section>
  );
}

function useClose(kind: 'offer' | 'request', id: number) {
  const closeOffer = useCloseOffer();
  const closeRequest = useCloseRequest();
  const close = kind === 'offer' ? closeOffer : closeRequest;
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    close.mutate(id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(kind === 'offer' ? 'Offer closed.' : 'Request closed.');
      },
      onError: (error) => toast.error(error instanceof ApiError ? error.message : `The ${kind} could not be closed.`),
    });
  return { asking, setAsking, confirm, busy: close.isPending };
}

function MyOffer({ offer }: { offer: HaulOffer }) {
  const close = useClose('offer', offer.id);
  const booked = offer.stalls_total - offer.stalls_free;
  return (
    <OfferCard offer={offer}>
      <span className="mr-auto text-sm text-stone-700">
        {booked} of {offer.stalls_total} {offer.stalls_total === 1 ? 'stall' : 'stalls'} booked
      </span>
      {!offer.closed && (
        <>
          <Link
            to={paths.eventHauling(offer.event.id)}
            className="inline-flex min-h-10 items-center rounded-lg border border-leather-300 px-4 py-2 text-sm font-semibold text-leather-800 hover:bg-leather-50"
          >
            Edit<span className="sr-only"> the offer to {offer.event.title}</span>
          </Link>
          <Button variant="secondary" onClick={() => close.setAsking(true)}>
            Close offer
          </Button>
          <ConfirmDialog
            open={close.asking}
            onOpenChange={close.setAsking}
            busy={close.busy}
            onConfirm={close.confirm}
            title="Close this offer?"
            confirm="Close offer"
          >
            It leaves the event's Hauling tab and takes no more bookings.
          </ConfirmDialog>
        </>
      )}
    </OfferCard>
  );
}

function MyRequest({ request }: { request: HaulRequest }) {
  const close = useClose('request', request.id);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link to={paths.eventHauling(request.event.id)} className="font-semibold text-leather-900 underline">
          {request.event.title}
        </Link>
        <p className="text-sm text-stone-600">
          {request.horses} {request.horses === 1 ? 'horse' : 'horses'} from {placeName(request.origin)} · leaving{' '}
          {formatWindow(request.depart_from, request.depart_until, request.event.time_zone)}
          {request.closed && ' · Closed'}
        </p>
      </div>
      {!request.closed && (
        <>
          <Button variant="secondary" className="self-start" onClick={() => close.setAsking(true)}>
            Close<span className="sr-only"> the request for {request.event.title}</span>
          </Button>
          <ConfirmDialog
            open={close.asking}
            onOpenChange={close.setAsking}
            busy={close.busy}
            onConfirm={close.confirm}
            title="Close this request?"
            confirm="Close request"
          >
            Drivers will no longer see it on the event's Hauling tab.
          </ConfirmDialog>
        </>
      )}
    </li>
  );
}

/** The member's saved searches (GET /haul/saved-searches), each with Stop; nothing at all when there are none. */
function SavedSearches() {
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const [notice, setNotice] = useState('');
  const list = searches.data ?? [];
  const stop = (search: HaulSavedSearch) =>
    remove.mutate(search.id, {
      onSuccess: () => setNotice(`Stopped the search near ${placeName(search.near)}.`),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status !== 0 && error.status < 500
            ? error.message
            : 'The search could not be stopped.',
        ),
    });
  return (
    <>
      {/* Always in the page, so that a Stop is announced even when it empties the list. */}
      <p role="status" aria-live="polite" className="sr-only">
        {notice}
      </p>
      {list.length > 0 && (
        <Section title="Saved searches" about="We tell you when a new offer fits one of these.">
          <ul className="divide-y divide-leather-100">
            {list.map((search) => (
              <SavedSearchRow
                key={search.id}
                search={search}
                busy={remove.isPending && remove.variables === search.id}
                onStop={() => stop(search)}
              />
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

function SavedSearchRow({ search, busy, onStop }: { search: HaulSavedSearch; busy: boolean; onStop: () => void }) {
  const where = search.event?.title ?? 'Any event';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        {search.event ? (
          <Link to={paths.eventHauling(search.event.id)} className="font-semibold text-leather-900 underline">
            {where}
          </Link>
        ) : (
          <span className="font-semibold text-leather-900">{where}</span>
        )}
        <p className="text-sm text-stone-600">
          Near {placeName(search.near)} · {search.horses} {search.horses === 1 ? 'horse' : 'horses'} ·{' '}
          {search.rate_type ? RATE_TYPE_LABELS[search.rate_type] : 'Any rate'}
        </p>
      </div>
      <Button variant="secondary" className="self-start sm:self-center" busy={busy} onClick={onStop}>
        Stop
        <span className="sr-only">
          {' '}
          the search near {placeName(search.near)} for {where}
        </span>
      </Button>
    </li>
  );
}
