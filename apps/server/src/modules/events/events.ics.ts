import { formatInstantWithZone, offsetChanges, utcOffset } from '@corral/contract';
import type { CalendarEventRow } from './events.queries.ts';

/*
 * RFC 5545 text, written by hand (docs/decisions/015-events.md). Times are the event's own wall clock with its
 * zone ('DTSTART;TZID=America/Denver:20261202T180000'), and the calendar carries a VTIMEZONE for each zone it
 * names: its offset changes over the years the events span, found by the contract's time-zone module (the
 * same tz database that made the instants, docs/decisions/020-time-zones.md), one dated observance per
 * change. The zone is also named in the description.
 */

const CRLF = '\r\n';

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = 74; // the continuation's leading space is the 75th octet
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

/** '2026-12-02T01:00:00Z' (or with milliseconds) as '20261202T010000Z'. */
export function icsUtc(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** An instant as the wall clock `offset` milliseconds ahead of UTC: '20261202T180000'. */
const wallClock = (at: number, offset: number) => new Date(at + offset).toISOString().slice(0, 19).replace(/[-:]/g, '');

/** An offset in milliseconds as RFC 5545 writes it: '-0700', or '-065956' for a local mean time's seconds. */
const icsOffset = (offset: number) => {
  const seconds = Math.round(Math.abs(offset) / 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  const rest = seconds % 60 ? two(seconds % 60) : '';
  return `${offset < 0 ? '-' : '+'}${two(Math.floor(seconds / 3600))}${two(Math.floor(seconds / 60) % 60)}${rest}`;
};

/** A VTIMEZONE for `timeZone` covering the years around `instants`: one dated observance per offset change. */
export function vtimezone(timeZone: string, instants: number[]): string[] {
  const years = instants.map((at) => new Date(at).getUTCFullYear());
  const from = Date.UTC(Math.min(...years) - 1, 0, 1);
  const to = Date.UTC(Math.max(...years) + 2, 0, 1);
  const start = utcOffset(from, timeZone);
  const observances = [
    // The offset in force at the start of the range, from then on until the first change.
    ['STANDARD', from, start, start] as const,
    ...offsetChanges(timeZone, from, to).map(
      (change) =>
        [change.after > change.before ? 'DAYLIGHT' : 'STANDARD', change.at, change.before, change.after] as const,
    ),
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observances.flatMap(([kind, at, before, after]) => [
      `BEGIN:${kind}`,
      // An observance starts on the wall clock in force before it (RFC 5545 3.6.5).
      `DTSTART:${wallClock(at, before)}`,
      `TZOFFSETFROM:${icsOffset(before)}`,
      `TZOFFSETTO:${icsOffset(after)}`,
      `END:${kind}`,
    ]),
    'END:VTIMEZONE',
  ];
}

/** 'DTSTART;TZID=America/Denver:20261202T180000'. */
function zoned(name: string, iso: string, timeZone: string): string {
  const at = new Date(iso).getTime();
  return `${name};TZID=${timeZone}:${wallClock(at, utcOffset(at, timeZone))}`;
}

function eventLines(event: CalendarEventRow, options: { origin: string; host: string; stamp: string }): string[] {
  const url = `${options.origin}/social_home/event/${event.id}`;
  const description = [
    `Times in ${event.time_zone}: ${formatInstantWithZone(event.from_date, event.time_zone)} – ${formatInstantWithZone(event.to_date, event.time_zone)}`,
    ...(event.performances ?? []).map(
      (performance) => `${performance.name}: ${formatInstantWithZone(performance.starts_at, event.time_zone)}`,
    ),
    event.is_cancelled ? 'This event was cancelled.' : '',
    url,
  ]
    .filter(Boolean)
    .join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${options.host}`,
    `DTSTAMP:${options.stamp}`,
    `CREATED:${icsUtc(event.created_at)}`,
    `LAST-MODIFIED:${icsUtc(event.updated_at)}`,
    zoned('DTSTART', event.from_date, event.time_zone),
    zoned('DTEND', event.to_date, event.time_zone),
    `SUMMARY:${escapeText(event.title ?? '')}`,
    `LOCATION:${escapeText(`${event.location}, ${event.address}`)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${url}`,
    // RFC 5545: TENTATIVE while the organiser is still planning it.
    `STATUS:${event.is_cancelled ? 'CANCELLED' : event.confirmation === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE'}`,
    'END:VEVENT',
  ];
}

/** A VCALENDAR of `events`, CRLF line ends, folded lines. */
export function toIcs(
  events: CalendarEventRow[],
  options: { publicUrl: string; now: Date; name: string; timeZone?: string },
): string {
  const origin = options.publicUrl.replace(/\/$/, '');
  const host = new URL(origin).host;
  const stamp = icsUtc(options.now.toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Corral//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    ...(options.timeZone ? [`X-WR-TIMEZONE:${options.timeZone}`] : []),
    ...[...new Set(events.map((event) => event.time_zone))].flatMap((timeZone) =>
      vtimezone(
        timeZone,
        events
          .filter((event) => event.time_zone === timeZone)
          .flatMap((event) => [new Date(event.from_date).getTime(), new Date(event.to_date).getTime()]),
      ),
    ),
    ...events.flatMap((event) => eventLines(event, { origin, host, stamp })),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
