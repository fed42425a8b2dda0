import { instantToLocalTime, localTimeToInstant } from '@corral/contract';

/**
 * A datetime-local input's value ('2026-07-17T06:00') on the event's wall clock, to and from an instant: the
 * board's forms take times in the event's zone, as its performances are written (events/event-times.ts).
 */
export function toLocalInput(instant: string, timeZone: string): string {
  try {
    const { date, time } = instantToLocalTime(instant, timeZone);
    return `${date}T${time}`;
  } catch {
    return '';
  }
}

/** The instant (ISO, UTC) of a datetime-local value on `timeZone`'s wall clock; null when it is not one. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  try {
    return localTimeToInstant(match[1], match[2], timeZone);
  } catch {
    return null;
  }
}

/** The zone as read under a field: 'America/Denver' → 'America/Denver time'. */
export const zoneLabel = (timeZone: string) => `${timeZone.replaceAll('_', ' ')} time`;
