import type { FeedItem } from '@corral/contract';
import { formatShortDate } from './collage-layout.ts';
import { TagList } from './tag-list.tsx';

export const formatMoney = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : `$${value.toLocaleString('en-US')}`;

/**
 * An event's facts: title, added money, start and end date, where, and its tags. Feed events end on
 * `to_date`; suggested events too (spec: a suggested event's end date comes from to_date).
 */
export function EventSummary({ item, headingLevel = 3 }: { item: FeedItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div>
      <Heading className="font-display text-xl text-leather-900">{item.title}</Heading>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-700">
        <dt className="text-stone-500">Added money</dt>
        <dd>{formatMoney(item.added_money)}</dd>
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
    </div>
  );
}
