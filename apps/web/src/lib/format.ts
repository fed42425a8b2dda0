/**
 * Dates and money as the app shows them: US English, in the member's zone unless said otherwise. Zones are
 * the contract's (time-zone.ts, ADR 020): this file only lays dates out. The member's zone is the device's,
 * read at each call, as the device's zone may change while the app is open (travel).
 */
import { deviceTimeZone, formatInstant, instantToLocalTime } from '@corral/contract';

const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const TIMESTAMP: Intl.DateTimeFormatOptions = { ...SHORT_DATE, ...CLOCK };
const LONG_DAY: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
/** Within a week: the unit to count in, up to where the next one takes over. */
const RECENT = [
  { below: HOUR, size: MINUTE, unit: 'minute', letter: 'm' },
  { below: DAY, size: HOUR, unit: 'hour', letter: 'h' },
  { below: WEEK, size: DAY, unit: 'day', letter: 'd' },
] as const;

const parse = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** 'Jan 5, 2026'; empty for a missing or invalid date. */
export function formatShortDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatInstant(date, deviceTimeZone(), SHORT_DATE) : '';
}

/** A comment's time: 'Nov 22, 2026, 3:04 PM'; empty for an invalid date. */
export function formatTimestamp(value: string): string {
  const date = parse(value);
  return date ? formatInstant(date, deviceTimeZone(), TIMESTAMP) : '';
}

/**
 * How long ago something happened. 'long', as the bell says it: 'Just now', '5 minutes ago', '3 hours ago',
 * 'yesterday', '4 days ago', then the short date ('Jan 5, 2026') from a week on. 'narrow', for a card's corner
 * where the name needs the room: 'now', '5m', '3h', '4d', '2w', '1y'. A time slightly ahead of the member's
 * clock is now; an invalid one is empty.
 */
export function formatTimeAgo(value: string, style: 'long' | 'narrow' = 'long', now: number = Date.now()): string {
  const time = parse(value)?.getTime();
  if (time === undefined) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE) return style === 'long' ? 'Just now' : 'now';
  for (const { below, size, unit, letter } of RECENT) {
    if (elapsed >= below) continue;
    const count = Math.floor(elapsed / size);
    return style === 'long' ? relative.format(-count, unit) : `${count}${letter}`;
  }
  if (style === 'long') return formatShortDate(value);
  return elapsed < YEAR ? `${Math.floor(elapsed / WEEK)}w` : `${Math.floor(elapsed / YEAR)}y`;
}

/** '1 Mutual Friend', '3 Mutual Friends' (the friend-request and suggestion cards). */
export function formatMutualFriends(count: number): string {
  return `${count} Mutual ${count === 1 ? 'Friend' : 'Friends'}`;
}

/** A calendar day ('1994-03-21') in words, 'March 21, 1994', whatever the zone; empty when invalid. */
export function formatLongDay(isoDay: string): string {
  const date = parse(isoDay ? `${isoDay}T00:00:00Z` : '');
  return date ? formatInstant(date, 'UTC', LONG_DAY) : '';
}

/** The member's calendar day as 'YYYY-MM-DD' (what a date input takes). */
export function isoDay(date = new Date()): string {
  return instantToLocalTime(date, deviceTimeZone()).date;
}

/**
 * The server sends an upcoming event's start as a UTC day and clock ('2027-03-04', '20:34'). Read together
 * as one instant and shown in the member's zone (or `timeZone`; an unknown one is the member's, as the
 * contract's formatInstant does), like the feed's event dates; a day alone stays that day.
 */
export function formatEventStart(date: string, time: string, timeZone?: string) {
  const clock = /^\d{2}:\d{2}/.exec(time)?.[0];
  const instant = new Date(`${date}T${clock ?? '00:00'}:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(instant.getTime())) return { day: '', clock: '', iso: '' };
  const zone = clock ? (timeZone ?? deviceTimeZone()) : 'UTC';
  return {
    day: formatInstant(instant, zone, SHORT_DATE),
    clock: clock ? formatInstant(instant, zone, CLOCK) : '',
    iso: clock ? instant.toISOString() : date,
  };
}

/** '$12,500'; empty when there is no amount. */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : `$${value.toLocaleString('en-US')}`;
}
