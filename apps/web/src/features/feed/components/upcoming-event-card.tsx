import { useUpcomingEvents } from '../api/home.ts';
import { formatShortDate } from './collage-layout.ts';
import { formatMoney } from './event-summary.tsx';
import { TagList } from './tag-list.tsx';

/** '20:34' as '8:34 PM'; anything else as it came. */
export function formatClock(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The right sidebar's Upcoming Event: the soonest event the member created or follows. */
export function UpcomingEventCard() {
  const events = useUpcomingEvents();
  if (events.isPending) return <div aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-leather-50" />;
  const next = events.data?.[0];
  if (!next) return <p className="text-sm text-stone-500">No upcoming events yet.</p>;
  return (
    <article aria-label={next.title} className="rounded-xl border border-leather-100 p-3">
      <h3 className="font-semibold text-leather-900">{next.title}</h3>
      <p className="mt-1 text-sm text-stone-600">
        <time dateTime={next.date}>{formatShortDate(next.date)}</time>
        {next.time && ` · ${formatClock(next.time)}`}
      </p>
      {next.location && <p className="text-sm text-stone-600">{next.location}</p>}
      {next.prizeMoney > 0 && (
        <p className="mt-1 text-sm font-semibold text-leather-800">{formatMoney(next.prizeMoney)} added</p>
      )}
      <TagList className="mt-2" tags={[...next.eventTypes, ...next.associations]} />
    </article>
  );
}
