import { useUpcomingEvents } from '../api/home.ts';
import { formatMoney } from './event-summary.tsx';
import { TagList } from './tag-list.tsx';

/**
 * The server sends an upcoming event's start as a UTC day and clock ('2027-03-04', '20:34'). Read together
 * as one instant and shown in the member's zone, like the feed's event dates; a day alone stays that day.
 */
export function upcomingWhen(date: string, time: string, timeZone?: string) {
  const clock = /^\d{2}:\d{2}/.exec(time)?.[0];
  const instant = new Date(`${date}T${clock ?? '00:00'}:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(instant.getTime())) return { day: '', clock: '', iso: '' };
  const zone = clock ? timeZone : 'UTC';
  return {
    day: instant.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: zone }),
    clock: clock ? instant.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }) : '',
    iso: clock ? instant.toISOString() : date,
  };
}

/** The right sidebar's Upcoming Event: the soonest event the member created or follows. */
export function UpcomingEventCard() {
  const events = useUpcomingEvents();
  if (events.isPending) return <div aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-leather-50" />;
  const next = events.data?.[0];
  if (!next) return <p className="text-sm text-stone-500">No upcoming events yet.</p>;
  const when = upcomingWhen(next.date, next.time);
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
      {next.prizeMoney > 0 && (
        <p className="mt-1 text-sm font-semibold text-leather-800">{formatMoney(next.prizeMoney)} added</p>
      )}
      <TagList className="mt-2" tags={[...next.eventTypes, ...next.associations]} />
    </article>
  );
}
