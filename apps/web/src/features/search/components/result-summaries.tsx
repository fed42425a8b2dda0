import type { SearchEvent, SearchMember } from '@corral/contract';
import { formatShortDate } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';

/** A member found: avatar and name, and a word when the account is private (search shows nothing more). */
export function MemberSummary({ member }: { member: SearchMember }) {
  return (
    <>
      <Avatar src={member.avatar} name="" className="size-9" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-leather-900">{member.name}</span>
        {member.is_private && <span className="block text-xs text-stone-500">Private account</span>}
      </span>
    </>
  );
}

/** 'Mar 4, 2027' or 'Mar 4, 2027 – Mar 6, 2027'. */
export function eventDates(event: SearchEvent): string {
  const from = formatShortDate(event.from_date);
  const to = formatShortDate(event.to_date);
  return to && to !== from ? `${from} – ${to}` : from;
}

/** An event found: a calendar tile with its day, its title, dates and place. */
export function EventSummary({ event, long = false }: { event: SearchEvent; long?: boolean }) {
  const start = new Date(event.from_date);
  const valid = !Number.isNaN(start.getTime());
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 flex-col items-center justify-center rounded-lg bg-leather-100 leading-none text-leather-800"
      >
        <span className="text-[0.6rem] font-semibold uppercase">
          {valid ? start.toLocaleDateString('en-US', { month: 'short' }) : ''}
        </span>
        <span className="text-sm font-bold">{valid ? start.getDate() : ''}</span>
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-leather-900">{event.title}</span>
        <span className="block truncate text-xs text-stone-500">
          {long ? eventDates(event) : formatShortDate(event.from_date)}
          {event.location ? ` · ${event.location}` : ''}
        </span>
      </span>
    </>
  );
}
