import { formatShortDate } from '../../../lib/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * When a notification happened, as the bell shows it: 'Just now', '5 minutes ago', '3 hours ago',
 * 'yesterday', '4 days ago', then the short date ('Jan 5, 2026') from a week on; empty when invalid.
 * A time slightly ahead of the member's clock reads 'Just now'.
 */
export function formatNotificationTime(value: string, now: number = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatShortDate(value);
}
