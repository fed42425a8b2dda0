/** How the event detail writes times: in the viewer's zone, with the event's own zone noted when it differs. */

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** 'Fri, Jul 17, 2026, 9:00 AM' in `timeZone` (the viewer's when not given); empty for an invalid instant. */
export function formatEventInstant(instant: string, timeZone?: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return date.toLocaleString('en-US', timeZone ? { ...WHEN, timeZone } : WHEN);
  } catch {
    return date.toLocaleString('en-US', WHEN);
  }
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
