import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatInstant,
  formatInstantWithZone,
  instantToLocalTime,
  isTimeZone,
  isWallTime,
  localTimeToInstant,
  offsetChanges,
  utcOffset,
} from './time-zone.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);

describe('time zone names', () => {
  it('knows IANA names, UTC and Etc zones, and spells them as the runtime does', () => {
    for (const zone of ['America/Denver', 'Asia/Kolkata', 'America/St_Johns', 'UTC', 'Etc/GMT+7'])
      expect(isTimeZone(zone)).toBe(true);
    expect(canonicalTimeZone('america/denver')).toBe('America/Denver');
    expect(canonicalTimeZone('America/Denver')).toBe('America/Denver');
  });

  it.each([
    ['an unknown name', 'Mars/Olympus_Mons'],
    ['an offset', '+05:00'],
    ['empty', ''],
    ['a space', 'America/Denver '],
    ['a path', '../etc/passwd'],
    ['too long', `America/${'A'.repeat(64)}`],
  ])('refuses %s', (_case, zone) => {
    expect(isTimeZone(zone)).toBe(false);
    expect(canonicalTimeZone(zone)).toBe(zone);
    expect(() => localTimeToInstant('2026-07-01', '10:00', zone)).toThrow(RangeError);
    expect(() => instantToLocalTime('2026-07-01T10:00:00.000Z', zone)).toThrow(RangeError);
  });

  it('reads wall times as HH:mm, with optional seconds', () => {
    for (const time of ['00:00', '09:05', '23:59', '13:00:00', '13:00:00.000']) expect(isWallTime(time)).toBe(true);
    for (const time of ['24:00', '9:05', '12:60', '12:00 PM', '']) expect(isWallTime(time)).toBe(false);
  });
});

describe('America/Denver across daylight saving time', () => {
  it.each([
    ['winter (MST, UTC-7)', '2026-01-15', '10:00', '2026-01-15T17:00:00.000Z'],
    ['summer (MDT, UTC-6)', '2026-07-04', '10:00', '2026-07-04T16:00:00.000Z'],
    ['just before the spring change', '2026-03-08', '01:59', '2026-03-08T08:59:00.000Z'],
    ['in the spring gap: 02:00 does not exist, it is 03:00 MDT', '2026-03-08', '02:00', '2026-03-08T09:00:00.000Z'],
    ['in the spring gap: 02:30 does not exist, it is 03:30 MDT', '2026-03-08', '02:30', '2026-03-08T09:30:00.000Z'],
    ['just after the spring change', '2026-03-08', '03:30', '2026-03-08T09:30:00.000Z'],
    ['before the autumn overlap', '2026-11-01', '00:59', '2026-11-01T06:59:00.000Z'],
    ['in the autumn overlap: the first 01:00 (MDT)', '2026-11-01', '01:00', '2026-11-01T07:00:00.000Z'],
    ['in the autumn overlap: the first 01:30 (MDT)', '2026-11-01', '01:30', '2026-11-01T07:30:00.000Z'],
    ['after the autumn change', '2026-11-01', '02:00', '2026-11-01T09:00:00.000Z'],
    ['midnight', '2026-12-31', '00:00', '2026-12-31T07:00:00.000Z'],
  ])('%s', (_case, date, time, instant) => {
    expect(localTimeToInstant(date, time, 'America/Denver')).toBe(instant);
  });

  it('makes the spring-forward day 23 hours long and the autumn one 25', () => {
    const hours = (date: string, next: string) =>
      (at(localTimeToInstant(next, '00:00', 'America/Denver')) -
        at(localTimeToInstant(date, '00:00', 'America/Denver'))) /
      HOUR;
    expect(hours('2026-03-08', '2026-03-09')).toBe(23);
    expect(hours('2026-11-01', '2026-11-02')).toBe(25);
  });

  it('reads both instants of the autumn overlap back as 01:30, and no instant as the spring gap', () => {
    for (const instant of ['2026-11-01T07:30:00.000Z', '2026-11-01T08:30:00.000Z'])
      expect(instantToLocalTime(instant, 'America/Denver')).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(instantToLocalTime('2026-03-08T08:59:00.000Z', 'America/Denver').time).toBe('01:59');
    expect(instantToLocalTime('2026-03-08T09:00:00.000Z', 'America/Denver').time).toBe('03:00');
    expect(instantToLocalTime('2026-01-01T05:59:00.000Z', 'America/Denver')).toEqual({
      date: '2025-12-31',
      time: '22:59',
    });
  });

  it('gives the offset on either side of each change, and the changes to the minute', () => {
    expect(utcOffset(at('2026-03-08T08:59:00Z'), 'America/Denver')).toBe(-7 * HOUR);
    expect(utcOffset(new Date('2026-03-08T09:00:00Z'), 'America/Denver')).toBe(-6 * HOUR);
    expect(utcOffset(at('2026-11-01T07:59:00Z'), 'America/Denver')).toBe(-6 * HOUR);
    expect(utcOffset(at('2026-11-01T08:00:00Z'), 'America/Denver')).toBe(-7 * HOUR);
    expect(offsetChanges('America/Denver', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([
      { at: at('2026-03-08T09:00:00Z'), before: -7 * HOUR, after: -6 * HOUR },
      { at: at('2026-11-01T08:00:00Z'), before: -6 * HOUR, after: -7 * HOUR },
    ]);
  });

  it('keeps the seconds of local mean time before standard time (1883)', () => {
    expect(utcOffset(at('1880-01-01T00:00:00Z'), 'America/Denver')).toBe(-(6 * HOUR + 59 * MINUTE + 56_000));
  });
});

describe('local mean time into the 1970s (Africa/Monrovia, -0:44:30 until 1972)', () => {
  it('finds the change to the second', () => {
    expect(offsetChanges('Africa/Monrovia', at('1971-01-01T00:00:00Z'), at('1973-01-01T00:00:00Z'))).toEqual([
      { at: at('1972-01-07T00:44:30Z'), before: -(44 * MINUTE + 30_000), after: 0 },
    ]);
    expect(localTimeToInstant('1971-06-01', '12:00', 'Africa/Monrovia')).toBe('1971-06-01T12:44:30.000Z');
  });
});

describe('zones with half-hour offsets', () => {
  it('Asia/Kolkata: UTC+5:30 all year, no changes', () => {
    expect(localTimeToInstant('2026-01-01', '00:00', 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
    expect(instantToLocalTime('2025-12-31T18:30:00.000Z', 'Asia/Kolkata')).toEqual({
      date: '2026-01-01',
      time: '00:00',
    });
    expect(utcOffset(at('2026-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(offsetChanges('Asia/Kolkata', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([]);
  });

  it('America/St_Johns: UTC-3:30 and -2:30, changing at half past the UTC hour', () => {
    expect(offsetChanges('America/St_Johns', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([
      { at: at('2026-03-08T05:30:00Z'), before: -3.5 * HOUR, after: -2.5 * HOUR },
      { at: at('2026-11-01T04:30:00Z'), before: -2.5 * HOUR, after: -3.5 * HOUR },
    ]);
    // The gap (02:00 to 03:00) and the overlap (the first 01:30 is NDT), as in Denver.
    expect(localTimeToInstant('2026-03-08', '02:30', 'America/St_Johns')).toBe('2026-03-08T06:00:00.000Z');
    expect(localTimeToInstant('2026-11-01', '01:30', 'America/St_Johns')).toBe('2026-11-01T04:00:00.000Z');
  });

  it('the southern hemisphere changes the other way (Sydney)', () => {
    expect(localTimeToInstant('2026-01-10', '12:00', 'Australia/Sydney')).toBe('2026-01-10T01:00:00.000Z');
    expect(localTimeToInstant('2026-07-10', '12:00', 'Australia/Sydney')).toBe('2026-07-10T02:00:00.000Z');
    expect(localTimeToInstant('2026-10-04', '02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z');
  });
});

describe('UTC', () => {
  it('is its own wall clock, with no offset and no changes', () => {
    expect(localTimeToInstant('2026-07-10', '12:00', 'UTC')).toBe('2026-07-10T12:00:00.000Z');
    expect(instantToLocalTime(new Date('2026-07-10T12:00:00Z'), 'UTC')).toEqual({ date: '2026-07-10', time: '12:00' });
    expect(utcOffset(at('2026-07-10T12:00:00Z'), 'UTC')).toBe(0);
    expect(offsetChanges('UTC', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([]);
  });
});

describe('values that are not dates or times', () => {
  it('refuses days not on the calendar, hours past 23 and instants that are not instants', () => {
    expect(() => localTimeToInstant('2026-02-30', '10:00', 'America/Denver')).toThrow(RangeError);
    expect(() => localTimeToInstant('2026-2-3', '10:00', 'America/Denver')).toThrow(RangeError);
    expect(() => localTimeToInstant('2026-02-01', '24:00', 'America/Denver')).toThrow(RangeError);
    expect(() => instantToLocalTime('yesterday', 'America/Denver')).toThrow(RangeError);
    expect(localTimeToInstant('2028-02-29', '10:00', 'UTC')).toBe('2028-02-29T10:00:00.000Z');
  });
});

describe('writing instants', () => {
  const WHEN: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

  it("writes an instant on the zone's wall clock", () => {
    expect(formatInstant('2026-07-17T15:00:00.000Z', 'America/Denver', WHEN)).toBe('Jul 17, 9:00 AM');
    expect(formatInstant(at('2026-07-17T15:00:00.000Z'), 'Asia/Kolkata', WHEN)).toBe('Jul 17, 8:30 PM');
    expect(formatInstant('nonsense', 'America/Denver', WHEN)).toBe('');
  });

  it("falls back to the device's zone for none or an unknown one", () => {
    const instant = '2026-07-17T15:00:00.000Z';
    expect(formatInstant(instant, 'Mars/Olympus_Mons', WHEN)).toBe(formatInstant(instant, undefined, WHEN));
  });

  it('names the zone for texts read away from the app, winter and summer', () => {
    expect(formatInstantWithZone('2026-12-03T01:00:00.000Z', 'America/Denver')).toBe('Dec 2, 2026 6:00 PM MST');
    expect(formatInstantWithZone('2026-07-04T00:00:00.000Z', 'America/Denver')).toBe('Jul 3, 2026 6:00 PM MDT');
    expect(formatInstantWithZone('2026-07-04T00:00:00.000Z', 'UTC')).toBe('Jul 4, 2026 12:00 AM UTC');
    expect(formatInstantWithZone('2026-07-04T00:00:00.000Z', 'Asia/Kolkata')).toBe('Jul 4, 2026 5:30 AM GMT+5:30');
    expect(formatInstantWithZone('not a date', 'UTC')).toBe('');
  });
});
