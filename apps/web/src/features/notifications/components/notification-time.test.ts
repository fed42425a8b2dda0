import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from './notification-time.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('a notification’s time', () => {
  it('is relative within a week', () => {
    expect(formatNotificationTime(ago(20_000), now)).toBe('Just now');
    expect(formatNotificationTime(ago(MINUTE), now)).toBe('1 minute ago');
    expect(formatNotificationTime(ago(5 * MINUTE + 30_000), now)).toBe('5 minutes ago');
    expect(formatNotificationTime(ago(3 * HOUR), now)).toBe('3 hours ago');
    expect(formatNotificationTime(ago(DAY), now)).toBe('yesterday');
    expect(formatNotificationTime(ago(6 * DAY), now)).toBe('6 days ago');
  });

  it('is the short date from a week on', () => {
    expect(formatNotificationTime(ago(8 * DAY), now)).toBe('Nov 15, 2026');
  });

  it('reads Just now for a time a little ahead of this clock, and nothing for an invalid one', () => {
    expect(formatNotificationTime(new Date(now + 5_000).toISOString(), now)).toBe('Just now');
    expect(formatNotificationTime('not a date', now)).toBe('');
  });
});
