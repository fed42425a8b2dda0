import { describe, expect, it } from 'vitest';
import { eventZoneNote, formatEventInstant, mapLink } from './event-times.ts';

describe('event times', () => {
  it('writes an instant in a given zone', () => {
    expect(formatEventInstant('2026-07-17T15:00:00.000Z', 'America/Denver')).toBe('Fri, Jul 17, 2026, 9:00 AM');
    expect(formatEventInstant('nonsense')).toBe('');
  });

  it("notes the event's own clock only when the zones differ", () => {
    const at = '2026-07-17T15:00:00.000Z';
    expect(eventZoneNote(at, 'America/Denver', 'America/Denver')).toBeNull();
    expect(eventZoneNote(at, 'America/Denver', 'Europe/Paris')).toBe('Fri, Jul 17, 2026, 9:00 AM in America/Denver');
    expect(eventZoneNote(at, 'America/New_York', 'UTC')).toBe('Fri, Jul 17, 2026, 11:00 AM in America/New York');
  });

  it('links a search on OpenStreetMap', () => {
    expect(mapLink('Frontier Park', '4610 Carey Ave, Cheyenne')).toBe(
      'https://www.openstreetmap.org/search?query=Frontier%20Park%2C%204610%20Carey%20Ave%2C%20Cheyenne',
    );
  });
});
