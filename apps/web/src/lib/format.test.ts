import { describe, expect, it } from 'vitest';
import {
  formatEventStart,
  formatLongDay,
  formatMoney,
  formatMutualFriends,
  formatShortDate,
  formatTimeAgo,
  formatTimestamp,
  isoDay,
} from './format.ts';

// The web project runs with TZ=UTC (vitest.config.ts), as the journeys do.

describe('short dates', () => {
  it('formats US English and leaves invalid dates empty', () => {
    expect(formatShortDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
    expect(formatShortDate('')).toBe('');
    expect(formatShortDate('yesterday-ish')).toBe('');
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate(undefined)).toBe('');
  });

  it("is the member's day, not the day where the time was written", () => {
    expect(formatShortDate('2026-01-05T23:30:00-07:00')).toBe('Jan 6, 2026');
  });

  it("follows the device's zone when it changes while the app is open", () => {
    try {
      process.env.TZ = 'America/Denver';
      expect(formatShortDate('2026-01-06T03:00:00Z')).toBe('Jan 5, 2026');
      expect(isoDay(new Date('2026-01-06T03:00:00Z'))).toBe('2026-01-05');
    } finally {
      process.env.TZ = 'UTC';
    }
    expect(formatShortDate('2026-01-06T03:00:00Z')).toBe('Jan 6, 2026');
  });
});

describe('comment timestamps', () => {
  it('reads as a US date and time, empty when invalid', () => {
    expect(formatTimestamp('2026-11-22T15:04:00.000Z')).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatTimestamp('nope')).toBe('');
    expect(formatTimestamp('')).toBe('');
  });
});

describe('how long ago', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('says it in words within a week (the bell)', () => {
    expect(formatTimeAgo(ago(20_000), 'long', now)).toBe('Just now');
    expect(formatTimeAgo(ago(MINUTE), 'long', now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(5 * MINUTE + 30_000), 'long', now)).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(3 * HOUR), 'long', now)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(DAY), 'long', now)).toBe('yesterday');
    expect(formatTimeAgo(ago(6 * DAY), 'long', now)).toBe('6 days ago');
  });

  it('is the short date from a week on, in words', () => {
    expect(formatTimeAgo(ago(8 * DAY), 'long', now)).toBe('Nov 15, 2026');
  });

  it('takes a few letters narrow (a card whose name needs the room), weeks and years included', () => {
    expect(formatTimeAgo(ago(20_000), 'narrow', now)).toBe('now');
    expect(formatTimeAgo(ago(59 * MINUTE), 'narrow', now)).toBe('59m');
    expect(formatTimeAgo(ago(HOUR), 'narrow', now)).toBe('1h');
    expect(formatTimeAgo(ago(23 * HOUR + 59 * MINUTE), 'narrow', now)).toBe('23h');
    expect(formatTimeAgo(ago(DAY), 'narrow', now)).toBe('1d');
    expect(formatTimeAgo(ago(6 * DAY), 'narrow', now)).toBe('6d');
    expect(formatTimeAgo(ago(7 * DAY), 'narrow', now)).toBe('1w');
    expect(formatTimeAgo(ago(364 * DAY), 'narrow', now)).toBe('52w');
    expect(formatTimeAgo(ago(800 * DAY), 'narrow', now)).toBe('2y');
  });

  it('is now for a time a little ahead of this clock, and nothing for an invalid one', () => {
    expect(formatTimeAgo(new Date(now + 5_000).toISOString(), 'long', now)).toBe('Just now');
    expect(formatTimeAgo(new Date(now + 5_000).toISOString(), 'narrow', now)).toBe('now');
    expect(formatTimeAgo('not a date', 'long', now)).toBe('');
    expect(formatTimeAgo('', 'narrow', now)).toBe('');
  });
});

describe('mutual friends', () => {
  it('is singular for one', () => {
    expect(formatMutualFriends(1)).toBe('1 Mutual Friend');
    expect(formatMutualFriends(0)).toBe('0 Mutual Friends');
    expect(formatMutualFriends(32)).toBe('32 Mutual Friends');
  });
});

describe('long days', () => {
  it('spells the month and keeps the day whatever the zone', () => {
    expect(formatLongDay('1994-03-21')).toBe('March 21, 1994');
    expect(formatLongDay('2000-01-01')).toBe('January 1, 2000');
  });

  it('is empty for a missing or invalid day', () => {
    expect(formatLongDay('')).toBe('');
    expect(formatLongDay('not-a-date')).toBe('');
  });
});

describe('the day a date input takes', () => {
  it('is YYYY-MM-DD', () => {
    expect(isoDay(new Date('2026-02-03T10:00:00Z'))).toBe('2026-02-03');
    expect(isoDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("is the member's day at either end of it, early years padded", () => {
    expect(isoDay(new Date('2026-02-03T00:00:00Z'))).toBe('2026-02-03');
    expect(isoDay(new Date('2026-02-03T23:59:59.999Z'))).toBe('2026-02-03');
    expect(isoDay(new Date('0999-12-31T12:00:00Z'))).toBe('0999-12-31');
  });
});

describe('event starts', () => {
  const plain = (when: { day: string; clock: string }) => `${when.day} ${when.clock}`.replace(/\s/g, ' ');

  it("reads the UTC day and clock as one instant in the member's zone", () => {
    expect(plain(formatEventStart('2027-03-04', '20:34', 'UTC'))).toBe('Mar 4, 2027 8:34 PM');
    expect(plain(formatEventStart('2027-03-05', '01:30', 'America/Denver'))).toBe('Mar 4, 2027 6:30 PM');
    expect(formatEventStart('2027-03-04', '00:05', 'UTC').iso).toBe('2027-03-04T00:05:00.000Z');
    expect(formatEventStart('2027-03-04', '20:34:59', 'UTC').iso).toBe('2027-03-04T20:34:00.000Z');
    expect(plain(formatEventStart('2027-03-04', '20:34', 'Asia/Kolkata'))).toBe('Mar 5, 2027 2:04 AM');
  });

  it("shows an unknown zone's start in the member's zone rather than failing", () => {
    expect(plain(formatEventStart('2027-03-04', '20:34', 'Mars/Olympus'))).toBe('Mar 4, 2027 8:34 PM');
    expect(plain(formatEventStart('2027-03-04', '20:34'))).toBe('Mar 4, 2027 8:34 PM');
  });

  it('keeps a day without a clock as that day, and shows nothing for a bad date', () => {
    expect(formatEventStart('2027-03-04', '', 'America/Denver')).toEqual({
      day: 'Mar 4, 2027',
      clock: '',
      iso: '2027-03-04',
    });
    expect(formatEventStart('', '20:34')).toEqual({ day: '', clock: '', iso: '' });
    expect(formatEventStart('soon', '20:34')).toEqual({ day: '', clock: '', iso: '' });
  });
});

describe('money', () => {
  it('is dollars with thousands separators, empty without an amount', () => {
    expect(formatMoney(12500)).toBe('$12,500');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(1234567)).toBe('$1,234,567');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
  });
});
