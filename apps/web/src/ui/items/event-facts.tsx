import type { FeedItem } from '@corral/contract';
import { formatMoney, formatShortDate } from '../../lib/format.ts';
import { TagList } from './tag-list.tsx';

/** The event an event card stands for: a share's row ('6') points at the shared event when it carries it. */
export const eventIdOf = (item: FeedItem) => (item.type === '6' && item.shared_item ? item.shared_item.id : item.id);

/**
 * An event's facts, wherever an event shows (feed cards, suggested events): added money, start and end
 * date, where, then its tags. Feed events end on `to_date`; suggested events too (spec: a suggested
 * event's end date comes from to_date).
 */
export function EventFacts({ item }: { item: FeedItem }) {
  return (
    <>
      {item.is_cancelled && (
        <p className="mt-2 inline-block rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
          Cancelled
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-700">
        {/* An event without added money says nothing of it (not 'Added money $0'). */}
        {Boolean(item.added_money) && (
          <>
            <dt className="text-stone-500">Added money</dt>
            <dd>{formatMoney(item.added_money)}</dd>
          </>
        )}
        <dt className="text-stone-500">Starts</dt>
        <dd>{formatShortDate(item.from_date)}</dd>
        <dt className="text-stone-500">Ends</dt>
        <dd>{formatShortDate(item.to_date)}</dd>
        {item.location && (
          <>
            <dt className="text-stone-500">Where</dt>
            <dd>{item.location}</dd>
          </>
        )}
      </dl>
      <TagList className="mt-2" tags={[...item.event_types, ...item.associations]} max={item.maxValueEvent} />
    </>
  );
}
