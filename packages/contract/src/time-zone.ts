/**
 * Time zones, once for the contract, the server and the web (docs/decisions/020-time-zones.md): IANA zone
 * names, wall clocks to instants and back, a zone's offsets and their changes, and instants written in a
 * zone. Built on `Intl.DateTimeFormat`, which reads the tz database of the runtime (ICU, in browsers and in
 * Node alike), so it ships no zone data. It imports nothing, so a screen that writes a time loads no schemas.
 */

const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;
const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** IANA names only ('America/Denver', 'UTC', 'Etc/GMT+7'), not offsets such as '+05:00'. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** Every Intl formatter the module uses, by zone and options: making one costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone ?? ''} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    // Zone names come from members: a bound keeps odd ones from growing the map for ever.
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

// ---------------------------------------------------------------------------------------------------------
// Names

/** Whether `value` is an IANA time zone this runtime knows (browsers and Node share ICU's list). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    formatter(value, WALL_CLOCK);
    return true;
  } catch {
    return false;
  }
}

/** The zone as the runtime spells it when only the case differs ('america/denver' → 'America/Denver'). */
export function canonicalTimeZone(value: string): string {
  if (!isTimeZone(value)) return value;
  const resolved = formatter(value, WALL_CLOCK).resolvedOptions().timeZone;
  return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
}

/** The time zone of this device (the web's default for a new event; the server's is UTC). */
export function deviceTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A wall-clock time, 'HH:mm' (24 hours); seconds, as some time inputs send them, are accepted and dropped. */
export function isWallTime(value: string): boolean {
  return WALL_TIME.test(value);
}

// ---------------------------------------------------------------------------------------------------------
// Offsets

/** The wall clock in `timeZone` at the instant `ms`, written as if it were UTC (milliseconds, to the second). */
function wallClockAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone, WALL_CLOCK).formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour % 24, minute, second, 0);
  return date.getTime();
}

/**
 * How far the wall clock of `timeZone` is ahead of UTC at an instant, in milliseconds (Denver in winter
 * -25 200 000, Kolkata 19 800 000). Seconds count: before 1900 many zones kept local mean time, -6:59:56 in Denver.
 * Throws a RangeError for an unknown zone.
 */
export function utcOffset(instant: number | Date, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return wallClockAt(ms, timeZone) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** A change of a zone's offset: from `at` (ms, UTC) on, the wall clock is `after` ahead of UTC, not `before`. */
export interface OffsetChange {
  at: number;
  before: number;
  after: number;
}

/**
 * Every instant in [from, to) (ms) at which the offset of `timeZone` changes, found to the second (half-hour
 * zones change at half past the UTC hour, St. John's at 05:30 UTC; local mean time ended at odd seconds,
 * Monrovia's at 00:44:30 UTC). Zones change at most once a day, so a day-by-day walk sees every change and a
 * binary search places it.
 */
export function offsetChanges(timeZone: string, from: number, to: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let previous = utcOffset(from, timeZone);
  for (let day = from + DAY_MS; day <= to; day += DAY_MS) {
    const current = utcOffset(day, timeZone);
    if (current === previous) continue;
    let low = day - DAY_MS;
    let high = day;
    while (high - low > SECOND_MS) {
      const middle = low + Math.floor((high - low) / 2 / SECOND_MS) * SECOND_MS;
      if (utcOffset(middle, timeZone) === previous) low = middle;
      else high = middle;
    }
    changes.push({ at: high, before: previous, after: current });
    previous = current;
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------------------
// Wall clocks and instants

/** 'YYYY-MM-DD' and 'HH:mm' as if UTC (ms), or NaN for a day that is not on the calendar or a bad time. */
function wallClockValue(date: string, time: string): number {
  const match = CALENDAR_DATE.exec(date);
  if (!match || !isWallTime(time)) return Number.NaN;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, 0, 0);
  // 2026-02-30 rolls over to March: such a day does not exist.
  return wall.getUTCMonth() === month - 1 && wall.getUTCDate() === day ? wall.getTime() : Number.NaN;
}

/**
 * The UTC instant (ISO 8601, '2026-07-17T15:00:00.000Z') at which the wall clock of `timeZone` shows
 * `date` ('YYYY-MM-DD') and `time` ('HH:mm'). Daylight saving, as Temporal's 'compatible' choice does it:
 * a time that happens twice (the clock goes back) is the earlier one; a time that never happens (the clock
 * jumps forward) is moved forward by the jump (02:30 on the morning clocks go from 02:00 to 03:00 is 03:30).
 * Throws a RangeError for a value that is not a date, a time or a known zone.
 */
export function localTimeToInstant(date: string, time: string, timeZone: string): string {
  const local = wallClockValue(date, time);
  if (Number.isNaN(local) || !isTimeZone(timeZone))
    throw new RangeError(`Not a date, time and time zone: ${date} ${time} ${timeZone}`);
  // The offsets a day either side hold every offset this wall time can have (zones change at most once a day).
  const before = utcOffset(local - DAY_MS, timeZone);
  const after = utcOffset(local + DAY_MS, timeZone);
  const matches = [local - before, local - after]
    .filter((instant) => instant + utcOffset(instant, timeZone) === local)
    .sort((a, b) => a - b);
  // No match: the time is in a gap; the offset from before the jump moves it forward by the jump.
  return new Date(matches[0] ?? local - before).toISOString();
}

/** The wall-clock date ('YYYY-MM-DD') and time ('HH:mm') of `timeZone` at an instant (for edit forms). */
export function instantToLocalTime(instant: string | Date, timeZone: string): { date: string; time: string } {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms) || !isTimeZone(timeZone)) throw new RangeError(`Not an instant and time zone: ${instant}`);
  const iso = new Date(wallClockAt(ms, timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

// ---------------------------------------------------------------------------------------------------------
// Writing instants

const WITH_ZONE: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A known zone, or undefined (the device's) for none or an unknown one: a time is shown rather than lost. */
const zoneOrDevice = (timeZone: string | undefined) => (timeZone && isTimeZone(timeZone) ? timeZone : undefined);

const toDate = (instant: string | number | Date) => (instant instanceof Date ? instant : new Date(instant));

/**
 * An instant in US English on the wall clock of `timeZone` (the device's when none is given or the zone is
 * unknown), laid out by Intl `options` (their own `timeZone` is ignored). Empty for an invalid instant.
 */
export function formatInstant(
  instant: string | number | Date,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(zoneOrDevice(timeZone), options).format(date);
}

/**
 * 'Dec 2, 2026 6:00 PM MST': an instant on the wall clock of `timeZone` with the zone's abbreviation, for
 * texts read away from the app (calendar descriptions, notifications). Empty for an invalid instant.
 */
export function formatInstantWithZone(instant: string | number | Date, timeZone: string): string {
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatter(zoneOrDevice(timeZone), WITH_ZONE).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}
