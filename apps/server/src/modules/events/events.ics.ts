import type { CalendarEventRow } from './events.queries.ts';

/*
 * RFC 5545 text, written by hand (docs/decisions/015-events.md). Times are the event's own wall clock with its
 * zone ('DTSTART;TZID=America/Denver:20261202T180000'), and the calendar carries a VTIMEZONE for each zone it
 * names: its offset changes over the years the events span, found with Intl (the same tz database that made
 * the instants), one dated observance per change. The zone is also named in the description.
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

/** 'Dec 2, 2026 6:00 PM MST': an instant on the wall clock of the event's zone. */
export function formatInZone(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The zone's offset from UTC at an instant, in minutes ('GMT-07:00' → -420). */
export function offsetMinutes(timeZone: string, at: number): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** An instant as the wall clock `offset` minutes from UTC: '20261202T180000'. */
const wallClock = (at: number, offset: number) =>
  new Date(at + offset * MINUTE).toISOString().slice(0, 19).replace(/[-:]/g, '');

const icsOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** The instants in [from, to) at which the zone's offset changes, to the minute. */
export function offsetChanges(
  timeZone: string,
  from: number,
  to: number,
): { at: number; before: number; after: number }[] {
  const changes: { at: number; before: number; after: number }[] = [];
  let previous = offsetMinutes(timeZone, from);
  for (let day = from + DAY; day <= to; day += DAY) {
    const current = offsetMinutes(timeZone, day);
    if (current === previous) continue;
    let low = day - DAY;
    let high = day;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetMinutes(timeZone, middle) === previous) low = middle;
      else high = middle;
    }
    changes.push({ at: high, before: previous, after: current });
    previous = current;
  }
  return changes;
}

/** A VTIMEZONE for `timeZone` covering the years around `instants`: one dated observance per offset change. */
export function vtimezone(timeZone: string, instants: number[]): string[] {
  const years = instants.map((at) => new Date(at).getUTCFullYear());
  const from = Date.UTC(Math.min(...years) - 1, 0, 1);
  const to = Date.UTC(Math.max(...years) + 2, 0, 1);
  const start = offsetMinutes(timeZone, from);
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
  return `${name};TZID=${timeZone}:${wallClock(at, offsetMinutes(timeZone, at))}`;
}

function eventLines(event: CalendarEventRow, options: { origin: string; host: string; stamp: string }): string[] {
  const url = `${options.origin}/social_home/event/${event.id}`;
  const description = [
    `Times in ${event.time_zone}: ${formatInZone(event.from_date, event.time_zone)} – ${formatInZone(event.to_date, event.time_zone)}`,
    ...(event.performances ?? []).map(
      (performance) => `${performance.name}: ${formatInZone(performance.starts_at, event.time_zone)}`,
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
