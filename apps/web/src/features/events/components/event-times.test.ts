import { describe, expect, it } from 'vitest';
import { eventZoneNote, formatEventInstant, mapLink } from './event-times.ts';

describe('event times', () => {
  it('writes an instant in a given zone', () => {
    expect(formatEventInstant('2026-07-17T15:00:00.000Z', 'America/Denver')).toBe('Fri, Jul 17, 2026, 9:00 AM');
    expect(formatEventInstant('2026-12-03T01:00:00.000Z', 'America/Denver')).toBe('Wed, Dec 2, 2026, 6:00 PM');
    expect(formatEventInstant('2026-07-17T15:00:00.000Z', 'Asia/Kolkata')).toBe('Fri, Jul 17, 2026, 8:30 PM');
    expect(formatEventInstant('nonsense')).toBe('');
  });

  it("uses the viewer's zone for an unknown one rather than losing the time", () => {
    const at = '2026-07-17T15:00:00.000Z';
    expect(formatEventInstant(at, 'Mars/Olympus_Mons')).toBe(formatEventInstant(at));
    expect(formatEventInstant(at, 'Mars/Olympus_Mons')).not.toBe('');
  });

  it("notes the event's own clock only when the zones differ", () => {
    const at = '2026-07-17T15:00:00.000Z';
    expect(eventZoneNote(at, 'America/Denver', 'America/Denver')).toBeNull();
    expect(eventZoneNote(at, 'America/Denver', 'Europe/Paris')).toBe('Fri, Jul 17, 2026, 9:00 AM in America/Denver');
    expect(eventZoneNote(at, 'America/New_York', 'UTC')).toBe('Fri, Jul 17, 2026, 11:00 AM in America/New York');
    expect(eventZoneNote(at, 'America/St_Johns', 'UTC')).toBe('Fri, Jul 17, 2026, 12:30 PM in America/St Johns');
  });

  it('links a search on OpenStreetMap', () => {
    expect(mapLink('Frontier Park', '4610 Carey Ave, Cheyenne')).toBe(
      'https://www.openstreetmap.org/search?query=Frontier%20Park%2C%204610%20Carey%20Ave%2C%20Cheyenne',
    );
  });
});
