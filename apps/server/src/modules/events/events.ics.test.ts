import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { toIcs, vtimezone } from './events.ics.ts';
import type { CalendarEventRow } from './events.queries.ts';

/** An event row as the calendar query reads it, starting and ending at `from`. */
const row = (id: string, from: string, timeZone: string): CalendarEventRow => ({
  id,
  title: `Rodeo ${id}`,
  from_date: from,
  to_date: from,
  time_zone: timeZone,
  location: 'Fairgrounds',
  address: 'Main Street',
  is_cancelled: false,
  created_at: from,
  updated_at: from,
  performances: [{ name: 'Barrel Racing', starts_at: from }],
  confirmation: 'confirmed',
});

describe('.ics in a zone with a half-hour offset (America/St_Johns, UTC-3:30 and -2:30)', () => {
  it("writes the zone's changes at the minute they happen (02:00 local, half past the UTC hour)", () => {
    const text = vtimezone('America/St_Johns', [Date.parse('2026-07-01T12:00:00Z')]).join('\r\n');
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0330\r\nTZOFFSETTO:-0230');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0230\r\nTZOFFSETTO:-0330');
  });

  it('places events on either side of a change at their instants, as a parser reads them', () => {
    // 18:00 NST on March 7 (21:30 UTC), and 03:30 NDT on March 8, an hour after the change (06:00 UTC).
    const instants = ['2026-03-07T21:30:00.000Z', '2026-03-08T06:00:00.000Z'];
    const text = toIcs(
      instants.map((from, index) => row(String(index + 1), from, 'America/St_Johns')),
      { publicUrl: 'http://corral.test', now: new Date('2026-03-01T00:00:00Z'), name: 'Test' },
    );
    expect(text).toContain('DTSTART;TZID=America/St_Johns:20260307T180000');
    expect(text).toContain('DTSTART;TZID=America/St_Johns:20260308T033000');
    expect(text).toContain('Barrel Racing: Mar 7\\, 2026 6:00 PM GMT-3:30');
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const starts = calendar
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent).startDate.toJSDate().toISOString());
    expect(starts).toEqual(instants);
  });
});

describe('.ics offsets with seconds', () => {
  it("writes local mean time's seconds (Monrovia, -0:44:30 until 1972) rather than dropping them", () => {
    const text = vtimezone('Africa/Monrovia', [Date.parse('1971-06-01T12:00:00Z')]).join('\r\n');
    // From 1970 (the year before) at -0:44:30, to GMT at 00:00 on January 7, 1972 (00:44:30 UTC).
    expect(text).toContain('DTSTART:19691231T231530\r\nTZOFFSETFROM:-004430\r\nTZOFFSETTO:-004430');
    expect(text).toContain('DTSTART:19720107T000000\r\nTZOFFSETFROM:-004430\r\nTZOFFSETTO:+0000');
  });
});
