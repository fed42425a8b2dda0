import type { CaseHaul, CaseItem } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatMoney, formatShortDate, formatTimestamp } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { fullName, TARGET_NOUNS } from './action-words.ts';

const VISIBILITY: Record<string, string> = {
  everyone: 'Everyone',
  friends_of_friends: 'Friends of friends',
  friends: 'Friends',
};

const place = (p: { name: string; region_code: string }) => [p.name, p.region_code].filter(Boolean).join(', ');

/** One line of the reported offer or request: a term and what it said. */
function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-stone-500">{term}</dt>
      <dd className="min-w-0 text-stone-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A hauling offer's or request's event, window and origin, as the board showed them. */
function LegRows({ haul }: { haul: Extract<CaseHaul, { kind: 'offer' | 'request' }> }) {
  const dates = [formatShortDate(haul.event.from_date), formatShortDate(haul.event.to_date)].filter(Boolean);
  return (
    <>
      <Row term="Event">
        {haul.event.title || 'An event'}
        {dates.length > 0 && <span className="text-stone-500"> · {[...new Set(dates)].join(' – ')}</span>}
      </Row>
      <Row term="From">{place(haul.origin)}</Row>
      <Row term="Leaving">
        {formatTimestamp(haul.depart_from)} – {formatTimestamp(haul.depart_until)}
      </Row>
    </>
  );
}

function HaulDetails({ haul }: { haul: CaseHaul }) {
  if (haul.kind === 'review')
    return (
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <Row term="About">
          <Link to={paths.userProfile(haul.subject.id)} className="font-semibold text-leather-800 hover:underline">
            {fullName(haul.subject) || 'A member'}
          </Link>
        </Row>
        <Row term="Rating">
          <span role="img" aria-label={`${haul.rating} of 5 stars`}>
            {'★'.repeat(haul.rating)}
            {'☆'.repeat(Math.max(0, 5 - haul.rating))}
          </span>
        </Row>
        {haul.comment && <p className="mt-1 whitespace-pre-line text-base text-stone-800">{haul.comment}</p>}
      </dl>
    );
  return (
    <dl className="mt-2 flex flex-col gap-1 text-sm">
      <LegRows haul={haul} />
      {haul.kind === 'offer' ? (
        <>
          <Row term="Arrives by">{formatTimestamp(haul.arrive_by)}</Row>
          <Row term="Stalls">
            {haul.stalls_free} of {haul.stalls_total} free · {haul.stall_kind}
          </Row>
          <Row term="Price">
            {formatMoney(haul.price)} per {haul.price_unit} ·{' '}
            {haul.rate_type === 'professional' ? 'Professional' : 'Fill'}
          </Row>
        </>
      ) : (
        <Row term="Horses">{haul.horses}</Row>
      )}
      <Row term="Shown to">{VISIBILITY[haul.visibility] ?? haul.visibility}</Row>
      {haul.notes && <p className="mt-1 whitespace-pre-line text-base text-stone-800">{haul.notes}</p>}
    </dl>
  );
}

/**
 * A reported hauling offer, request or review as members saw it when first reported (the case's snapshot):
 * an offer's event, origin, dates, stalls, price and notes; a request's event, origin, dates, horses and
 * notes; a review's rating, comment and whom it is about. A live offer or request links to its event's
 * Hauling tab (a held one is hidden there from moderators too: the snapshot is how they see it).
 */
export function CaseHaulView({ item, haul }: { item: CaseItem; haul: CaseHaul }) {
  const author = fullName(item.author) || 'A member';
  const noun = TARGET_NOUNS[item.target_type];
  const eventId = haul.kind === 'review' ? null : haul.event.id;
  return (
    <figure className="rounded-xl border border-leather-100 bg-leather-50/60 p-3">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
        The {noun} as members saw it
      </figcaption>
      <div className="flex items-center gap-3">
        <Avatar src={item.author.avatar} name="" className="size-9" />
        <div className="min-w-0">
          <Link
            to={paths.userProfile(item.author.id)}
            className="block truncate font-semibold text-leather-900 hover:underline"
          >
            {author}
          </Link>
          {item.created_at && (
            <time dateTime={item.created_at} className="text-xs text-stone-500">
              {formatShortDate(item.created_at)}
            </time>
          )}
        </div>
      </div>
      <HaulDetails haul={haul} />
      {eventId !== null && item.state === 'live' && (
        <Link
          to={paths.eventHauling(eventId)}
          className="mt-2 inline-block text-sm font-semibold text-leather-700 hover:underline"
        >
          Open the event’s hauling board
        </Link>
      )}
    </figure>
  );
}
