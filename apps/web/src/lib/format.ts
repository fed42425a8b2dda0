/** Dates and money as the app shows them: US English, in the member's zone unless said otherwise. */

const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const parse = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** 'Jan 5, 2026'; empty for a missing or invalid date. */
export function formatShortDate(value: string | null | undefined): string {
  return parse(value)?.toLocaleDateString('en-US', SHORT_DATE) ?? '';
}

/** A comment's time: 'Nov 22, 2026, 3:04 PM'; empty for an invalid date. */
export function formatTimestamp(value: string): string {
  return parse(value)?.toLocaleString('en-US', { ...SHORT_DATE, ...CLOCK }) ?? '';
}

/** A calendar day ('1994-03-21') in words, 'March 21, 1994', whatever the zone; empty when invalid. */
export function formatLongDay(isoDay: string): string {
  const date = parse(isoDay ? `${isoDay}T00:00:00Z` : '');
  return date?.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) ?? '';
}

/** The member's calendar day as 'YYYY-MM-DD' (what a date input takes). */
export function isoDay(date = new Date()): string {
  return date.toLocaleDateString('en-CA');
}

/**
 * The server sends an upcoming event's start as a UTC day and clock ('2027-03-04', '20:34'). Read together
 * as one instant and shown in the member's zone, like the feed's event dates; a day alone stays that day.
 */
export function formatEventStart(date: string, time: string, timeZone?: string) {
  const clock = /^\d{2}:\d{2}/.exec(time)?.[0];
  const instant = new Date(`${date}T${clock ?? '00:00'}:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(instant.getTime())) return { day: '', clock: '', iso: '' };
  const zone = clock ? timeZone : 'UTC';
  return {
    day: instant.toLocaleDateString('en-US', { ...SHORT_DATE, timeZone: zone }),
    clock: clock ? instant.toLocaleTimeString('en-US', { ...CLOCK, timeZone: zone }) : '',
    iso: clock ? instant.toISOString() : date,
  };
}

/** '$12,500'; empty when there is no amount. */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : `$${value.toLocaleString('en-US')}`;
}
