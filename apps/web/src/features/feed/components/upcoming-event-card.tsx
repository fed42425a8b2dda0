import { formatEventStart, formatMoney } from '../../../lib/format.ts';
import { TagList } from '../../../ui/items/tag-list.tsx';
import { useUpcomingEvents } from '../api/home.ts';

/** The right sidebar's Upcoming Event: the soonest event the member created or follows. */
export function UpcomingEventCard() {
  const events = useUpcomingEvents();
  if (events.isPending) return <div aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-leather-50" />;
  const next = events.data?.[0];
  if (!next) return <p className="text-sm text-stone-500">No upcoming events yet.</p>;
  const when = formatEventStart(next.date, next.time);
  return (
    <article aria-label={next.title} className="rounded-xl border border-leather-100 p-3">
      <h3 className="font-semibold text-leather-900">{next.title}</h3>
      <p className="mt-1 text-sm text-stone-600">
        <time dateTime={when.iso}>
          {when.day}
          {when.clock && ` · ${when.clock}`}
        </time>
      </p>
      {next.location && <p className="text-sm text-stone-600">{next.location}</p>}
      {next.isCancelled && (
        <p className="mt-1 inline-block rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
          Cancelled
        </p>
      )}
      {next.prizeMoney > 0 && (
        <p className="mt-1 text-sm font-semibold text-leather-800">{formatMoney(next.prizeMoney)} added</p>
      )}
      <TagList className="mt-2" tags={[...next.eventTypes, ...next.associations]} />
    </article>
  );
}
