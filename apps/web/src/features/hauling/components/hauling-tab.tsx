import type { EventDetail, HaulOffer, Place } from '@corral/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ReportHaulButton } from '../../../entities/safety/components/report-haul-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { type HaulingFilters as Filters, useCloseRequest, useHauling } from '../api/hauling-api.ts';
import {
  findSavedSearch,
  useCreateSavedSearch,
  useDeleteSavedSearch,
  useSavedSearches,
} from '../api/saved-searches-api.ts';
import { HaulingFilters, type HaulingFilterValues, loadNear } from './hauling-filters.tsx';
import { OfferCard, placeName } from './offer-card.tsx';
import { RequestCard } from './request-card.tsx';

const OfferFormDialog = lazyDialog(() => import('./offer-form-dialog.tsx').then((module) => module.OfferFormDialog));
const RequestFormDialog = lazyDialog(() =>
  import('./request-form-dialog.tsx').then((module) => module.RequestFormDialog),
);
const BookingDialog = lazyDialog(() => import('./booking-dialog.tsx').then((module) => module.BookingDialog));

const toQuery = (filters: HaulingFilterValues): Filters => ({
  near: filters.near?.id ?? null,
  horses: filters.horses,
  rate: filters.rate,
  date: filters.date || null,
});

export const EMPTY_BOARD_TEXT = 'No hauls to this event yet. Offer one, or ask for stalls.';

function BoardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3" data-testid="hauling-loading">
      {[0, 1].map((n) => (
        <div key={n} className="h-40 animate-pulse rounded-2xl bg-leather-50" />
      ))}
    </div>
  );
}

function OfferAction({ offer, onBook }: { offer: HaulOffer; onBook: (offer: HaulOffer) => void }) {
  if (offer.is_mine)
    return (
      <Link to={paths.hauling} className="text-sm font-semibold text-leather-700 underline">
        Your offer: manage it in My hauls
      </Link>
    );
  if (offer.my_booking)
    return (
      <Link to={paths.haulBooking(offer.my_booking.id)} className="text-sm font-semibold text-leather-700 underline">
        Your booking ({offer.my_booking.status})
      </Link>
    );
  const full = offer.closed || offer.stalls_free < 1;
  return (
    <Button
      onClick={() => onBook(offer)}
      onPointerEnter={BookingDialog.preload}
      onFocus={BookingDialog.preload}
      disabled={full}
    >
      {full ? 'Full' : 'Book'}
    </Button>
  );
}

/** A 4xx's message from the server (the per-member limit, a place not found), else a plain failure. */
const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : fallback;

export const SAVED_SEARCH_TEXT = "Saved: we'll tell you of new offers";

/**
 * "Tell me of new offers near {place}": saves this event's search (Near place, horses, rate) so that a new
 * fitting offer notifies the member (`haul_match`); once saved, Stop deletes it. The status is announced politely.
 */
function SaveSearch({ eventId, filters }: { eventId: number; filters: HaulingFilterValues }) {
  const near = filters.near;
  const horses = filters.horses ?? 1;
  const rate = filters.rate;
  const list = useSavedSearches({ enabled: near !== null });
  const create = useCreateSavedSearch();
  const remove = useDeleteSavedSearch();
  const saved = near ? findSavedSearch(list.data, { eventId, placeId: near.id, horses, rate }) : undefined;
  const [notice, setNotice] = useState('');
  const focusAfter = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const searchKey = `${near?.id ?? ''}|${horses}|${rate ?? ''}`;

  // A new search (another place, horses or rate) starts without the last one's notice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the notice is reset when the search changes
  useEffect(() => setNotice(''), [searchKey]);
  // The pressed button is replaced by the other one: focus follows, so the keyboard is not dropped to the page.
  useEffect(() => {
    if (!focusAfter.current) return;
    focusAfter.current = false;
    box.current?.querySelector('button')?.focus();
  });

  const save = (place: Place) =>
    create.mutate(
      { event_id: eventId, near_place_id: place.id, horses, ...(rate ? { rate_type: rate } : {}) },
      {
        onSuccess: () => {
          focusAfter.current = true;
          setNotice('');
        },
        onError: (error) => toast.error(refusal(error, 'The search could not be saved.')),
      },
    );
  const stop = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        focusAfter.current = true;
        setNotice('Stopped: no more news of new offers for this search.');
      },
      onError: (error) => toast.error(refusal(error, 'The search could not be stopped.')),
    });

  return (
    <div ref={box} className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {near &&
        (saved ? (
          <Button variant="secondary" busy={remove.isPending} onClick={() => stop(saved.id)}>
            Stop<span className="sr-only"> telling me of new offers near {placeName(near)}</span>
          </Button>
        ) : (
          <Button variant="secondary" busy={create.isPending || list.isLoading} onClick={() => save(near)}>
            Tell me of new offers near {placeName(near)}
          </Button>
        ))}
      {/* Always in the page, so that what it comes to say is announced. */}
      <p role="status" aria-live="polite" className="text-sm text-stone-700">
        {near && saved ? SAVED_SEARCH_TEXT : notice}
      </p>
    </div>
  );
}

/**
 * An event's Hauling tab (docs/decisions/030-hauling-board.md): filters, the open offers (Book) and the riders'
 * requests, Offer a haul and Ask for stalls.
 */
export function HaulingTab({ event }: { event: EventDetail }) {
  const [filters, setFilters] = useState<HaulingFilterValues>(() => ({
    near: loadNear(),
    date: '',
    horses: null,
    rate: null,
  }));
  const board = useHauling(event.id, toQuery(filters));
  const closeRequest = useCloseRequest();
  const [offering, setOffering] = useState(false);
  const [asking, setAsking] = useState(false);
  const [booking, setBooking] = useState<{ offer: HaulOffer; open: boolean } | null>(null);
  const canAdd = !event.is_cancelled;
  const near: Place | null = filters.near;
  const offers = board.data?.offers ?? [];
  const requests = board.data?.requests ?? [];

  return (
    <div className="flex flex-col gap-4">
      {canAdd && (
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => setOffering(true)}
            onPointerEnter={OfferFormDialog.preload}
            onFocus={OfferFormDialog.preload}
          >
            Offer a haul
          </Button>
          <Button
            variant="secondary"
            onClick={() => setAsking(true)}
            onPointerEnter={RequestFormDialog.preload}
            onFocus={RequestFormDialog.preload}
          >
            Ask for stalls
          </Button>
        </div>
      )}
      <HaulingFilters value={filters} onChange={setFilters} eventPlaceId={event.place?.id} />
      {!event.is_cancelled && <SaveSearch eventId={event.id} filters={filters} />}
      {board.isPending && <BoardSkeleton />}
      {board.isError && (
        <div role="alert" className="flex items-center justify-between gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          {board.error instanceof ApiError && board.error.status !== 0 && board.error.status < 500
            ? board.error.message
            : 'The hauls could not be loaded.'}
          <Button variant="secondary" onClick={() => board.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {board.isSuccess && offers.length === 0 && requests.length === 0 && (
        <p className="rounded-2xl bg-leather-50 p-6 text-center text-stone-700">{EMPTY_BOARD_TEXT}</p>
      )}
      {offers.length > 0 && (
        <section aria-labelledby="haul-offers-heading" className="flex flex-col gap-3">
          <h2 id="haul-offers-heading" className="font-display text-lg text-leather-900">
            Offers ({offers.length})
          </h2>
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer}>
              <OfferAction offer={offer} onBook={(chosen) => setBooking({ offer: chosen, open: true })} />
              {!offer.is_mine && (
                <ReportHaulButton targetType="haul_offer" targetId={offer.id} label="Report this offer" />
              )}
            </OfferCard>
          ))}
        </section>
      )}
      {requests.length > 0 && (
        <section aria-labelledby="haul-requests-heading" className="flex flex-col gap-3">
          <h2 id="haul-requests-heading" className="font-display text-lg text-leather-900">
            Riders asking for stalls ({requests.length})
          </h2>
          {requests.map((request) => (
            <RequestCard key={request.id} request={request}>
              {!request.is_mine && (
                <ReportHaulButton targetType="haul_request" targetId={request.id} label="Report this request" />
              )}
              {request.is_mine && (
                <Button
                  variant="ghost"
                  busy={closeRequest.isPending && closeRequest.variables === request.id}
                  onClick={() =>
                    closeRequest.mutate(request.id, {
                      onError: (error) =>
                        toast.error(error instanceof ApiError ? error.message : 'The request could not be withdrawn.'),
                    })
                  }
                >
                  Withdraw
                </Button>
              )}
            </RequestCard>
          ))}
        </section>
      )}
      <OfferFormDialog event={event} open={offering} onOpenChange={setOffering} />
      <RequestFormDialog event={event} near={near} open={asking} onOpenChange={setAsking} />
      {booking && (
        <BookingDialog
          offer={booking.offer}
          near={near}
          open={booking.open}
          onOpenChange={(open) => setBooking((current) => (current ? { ...current, open } : current))}
        />
      )}
    </div>
  );
}
