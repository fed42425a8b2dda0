import type { HaulRequest } from '@corral/contract';
import type { ReactNode } from 'react';
import { formatWindow, HaulMemberLine, placeName } from './offer-card.tsx';

/** A rider's request for stalls: who, from where, when, how many horses. */
export function RequestCard({ request, children }: { request: HaulRequest; children?: ReactNode }) {
  return (
    <article
      aria-label={`Request from ${placeName(request.origin)}`}
      className="flex flex-col gap-2 rounded-2xl border border-leather-100 bg-white p-4 shadow-sm"
    >
      <HaulMemberLine member={request.rider} label="rider" />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-stone-800">
        <dt className="text-stone-500">From</dt>
        <dd>
          {placeName(request.origin)}
          {request.distance_km !== null && ` (${Math.round(request.distance_km)} km from you)`}
        </dd>
        <dt className="text-stone-500">When</dt>
        <dd>{formatWindow(request.depart_from, request.depart_until, request.event.time_zone)}</dd>
        <dt className="text-stone-500">Horses</dt>
        <dd>{request.horses}</dd>
      </dl>
      {request.notes && (
        <p className="whitespace-pre-line text-sm text-stone-700 [overflow-wrap:anywhere]">{request.notes}</p>
      )}
      {children && <div className="flex flex-wrap justify-end gap-2">{children}</div>}
    </article>
  );
}
