import { LIMITS } from './limits.ts';

/*
 * What the event screens show without the schemas (no zod here, docs/decisions/018-web-speed.md): the
 * draft's choices and their labels, the title's counter, and the performance ordinals of the messages.
 */

/** Spec: the draft's `eventType` (the kind of event). The disciplines are `eventTypeIds`. */
export const EVENT_KINDS = ['rodeo', 'concert', 'conference'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** Spec: `eventConfirmation`, planning by default. */
export const EVENT_CONFIRMATIONS = ['planning', 'confirmed'] as const;
export type EventConfirmation = (typeof EVENT_CONFIRMATIONS)[number];
/** Spec: `tour`, yes or no. */
export const EVENT_TOUR_CHOICES = ['yes', 'no'] as const;
export type EventTourChoice = (typeof EVENT_TOUR_CHOICES)[number];

/** The form's radio options (spec: "Radio option: label, value"). */
export const EVENT_KIND_OPTIONS = [
  { value: 'rodeo', label: 'Rodeo' },
  { value: 'concert', label: 'Concert' },
  { value: 'conference', label: 'Conference' },
] as const satisfies ReadonlyArray<{ value: EventKind; label: string }>;
export const EVENT_CONFIRMATION_OPTIONS = [
  { value: 'planning', label: 'Planning' },
  { value: 'confirmed', label: 'Confirmed' },
] as const satisfies ReadonlyArray<{ value: EventConfirmation; label: string }>;
export const EVENT_TOUR_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const satisfies ReadonlyArray<{ value: EventTourChoice; label: string }>;
/** Spec: the placeholders of the two default performance rows. */
export const EVENT_PERFORMANCE_PLACEHOLDERS = ['Team Roping', 'Bareback Riding'] as const;

/** The title's live counter (spec: 'n/50'). */
export const eventTitleCounter = (title: string) => `${title.length}/${LIMITS.eventTitleMax}`;

// ---------------------------------------------------------------------------------------------------------
// Ordinals

/** 1st, 2nd, 3rd, then 4th and up, with 11, 12 and 13 as 'th' (spec section 4): 21st, 101st, 111th. */
export function ordinal(n: number): string {
  const tens = Math.abs(n) % 100;
  const ones = Math.abs(n) % 10;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  if (ones === 1) return `${n}st`;
  if (ones === 2) return `${n}nd`;
  if (ones === 3) return `${n}rd`;
  return `${n}th`;
}

/** "2nd performance: Performance name is required." for the performance at `index` (from 0). */
export function performanceIssue(index: number, message: string): string {
  return `${ordinal(index + 1)} performance: ${message}`;
}

/**
 * A field's message as a form-level summary shows it (a toast, an error list above the form, the server's
 * top-level `message`). Decision: the spec lists the performance messages as plain texts AND says that
 * validation messages use ordinals. So the message of the field itself stays verbatim (it shows beside its
 * row, which says which performance it is), and only a summary, where the row is not in sight, prefixes the
 * ordinal. `path` is a zod issue's path or a server error key ('performances.1.name').
 */
export function eventIssueSummary(path: ReadonlyArray<PropertyKey> | string, message: string): string {
  const [field, index] = typeof path === 'string' ? path.split('.') : path;
  if (field !== 'performances' || index === undefined || !/^\d+$/.test(String(index))) return message;
  return performanceIssue(Number(index), message);
}
