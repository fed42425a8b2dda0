import type { CalendarEventRow } from './events.queries.ts';

/*
 * RFC 5545 text, written by hand (docs/decisions/015-events.md): times are UTC ('DTSTART:20261202T010000Z'),
 * which every calendar shows in its own zone at the right instant without a VTIMEZONE; the event's own zone is
 * named in the description ('Times in America/Denver: …') and, for a single event, as X-WR-TIMEZONE.
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

function eventLines(event: CalendarEventRow, options: { origin: string; host: string; stamp: string }): string[] {
  const url = `${options.origin}/events/${event.id}`;
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
    `DTSTART:${icsUtc(event.from_date)}`,
    `DTEND:${icsUtc(event.to_date)}`,
    `SUMMARY:${escapeText(event.title ?? '')}`,
    `LOCATION:${escapeText(`${event.location}, ${event.address}`)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${url}`,
    `STATUS:${event.is_cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
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
    ...events.flatMap((event) => eventLines(event, { origin, host, stamp })),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
