import { formatInstant } from '@corral/contract';

/** How the event detail writes times: in the viewer's zone, with the event's own zone noted when it differs. */

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * 'Fri, Jul 17, 2026, 9:00 AM' in `timeZone` (the viewer's when not given or unknown); empty for an invalid
 * instant. The zone handling is the contract's (time-zone.ts); only the layout is the event detail's.
 */
export function formatEventInstant(instant: string, timeZone?: string): string {
  return formatInstant(instant, timeZone, WHEN);
}

/** The event's own wall clock for the note ('9:00 AM in America/Denver'), or null when the zones agree. */
export function eventZoneNote(instant: string, eventZone: string, viewerZone: string): string | null {
  const mine = formatEventInstant(instant, viewerZone);
  const theirs = formatEventInstant(instant, eventZone);
  if (!theirs || mine === theirs) return null;
  return `${theirs} in ${eventZone.replaceAll('_', ' ')}`;
}

/** The map link of a location (spec: location with a map). */
export const mapLink = (location: string, address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent([location, address].filter(Boolean).join(', '))}`;
