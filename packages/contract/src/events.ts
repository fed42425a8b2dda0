import { z } from 'zod';
import { isIsoDate } from './common.ts';
import { feedUserSchema, imageMediaSchema } from './feed.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { referenceItemSchema } from './onboarding.ts';

/*
 * The event draft (spec section 3 "Event draft", section 5 "Create event"): ONE schema for the Create Event
 * form (react-hook-form + zodResolver) and for POST /events and PATCH /events/{id} (multipart). The draft's
 * camelCase field names are the spec's, kept on the wire so that a client written against the spec keeps
 * working; `eventTypeIds`, `addedMoney`, `timeZone` and `removeImage` are ours, in the same style.
 *
 * Dates and times are wall-clock values, 'YYYY-MM-DD' and 'HH:mm', in the event's own IANA time zone
 * (`timeZone`, e.g. 'America/Denver'): the place's time, whatever the zone of the member who types them.
 * `eventInstants` turns them into the UTC instants that the server stores.
 */

const M = MESSAGES.createEvent;

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
// Values: dates, times, time zones

/** Reference ids are PostgreSQL integers: anything above 2^31 - 1 names nothing. */
const PG_INT_MAX = 2_147_483_647;
const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
/** IANA names only ('America/Denver', 'UTC', 'Etc/GMT+7'), not offsets such as '+05:00'. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** A calendar date, 'YYYY-MM-DD', that exists, between the years 1900 and 2999. */
export function isEventDate(value: string): boolean {
  return isIsoDate(value) && value >= '1900-01-01' && value <= '2999-12-31';
}

/** A wall-clock time, 'HH:mm' (24 hours); seconds, as some time inputs send them, are accepted and dropped. */
export function isWallTime(value: string): boolean {
  return WALL_TIME.test(value);
}

/** Whether `value` is an IANA time zone this runtime knows (browsers and Node share ICU's list). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    wallClockFormatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone as the runtime spells it when only the case differs ('america/denver' → 'America/Denver'). */
function canonicalTimeZone(value: string): string {
  if (!isTimeZone(value)) return value;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
}

/** The time zone of this device (the web's default for a new event). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at the instant `ms`, written as if it were UTC (milliseconds). */
function wallClockAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour % 24, minute, second, 0);
  return date.getTime();
}

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms` (milliseconds). */
function offsetAt(ms: number, timeZone: string): number {
  return wallClockAt(ms, timeZone) - (ms - (((ms % 1000) + 1000) % 1000));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The UTC instant (ISO 8601, '2026-07-17T15:00:00.000Z') at which the wall clock of `timeZone` shows
 * `date` ('YYYY-MM-DD') and `time` ('HH:mm'). Daylight saving, as Temporal's 'compatible' choice does it:
 * a time that happens twice (the clock goes back) is the earlier one; a time that never happens (the clock
 * jumps forward) is moved forward by the jump (02:30 on the morning clocks go from 02:00 to 03:00 is 03:30).
 * Throws a RangeError for a value that is not a date, a time or a known zone.
 */
export function localTimeToInstant(date: string, time: string, timeZone: string): string {
  if (!isIsoDate(date) || !isWallTime(time) || !isTimeZone(timeZone))
    throw new RangeError(`Not a date, time and time zone: ${date} ${time} ${timeZone}`);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, 0, 0);
  const local = wall.getTime();
  // The offsets a day either side hold every offset this wall time can have (zones change at most once a day).
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const matches = [local - before, local - after]
    .filter((instant) => instant + offsetAt(instant, timeZone) === local)
    .sort((a, b) => a - b);
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

// ---------------------------------------------------------------------------------------------------------
// Fields

/** A required text: whitespace-only counts as empty (spec), and the value is trimmed. */
function requiredText(required: string, max: number, tooLong: string = MESSAGES.generic.maxLength(max)) {
  return z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
}

/**
 * A required date; one that is not on the calendar reads as missing, as onboarding's date of birth does.
 * (The refinements pass '' so that an empty field gets its message once, from `min`; an aborting `min`
 * would also stop the rules across fields, which must run while other fields fail.)
 */
function dateField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine((value) => value === '' || isEventDate(value), { error: required });
}

function timeField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine((value) => value === '' || isWallTime(value), { error: required })
    .transform((value) => value.slice(0, 5));
}

/** One of `values`; '' (nothing chosen yet, as the form starts) reads as missing. */
function choice<const T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.string({ error: required }).pipe(z.enum(values, { error: required }));
}

/** A digits-only text (a select's value, a multipart field) as a number; '' as nothing. */
function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{1,10}$/.test(text) ? Number(text) : value;
}

/** An id from one of the /setup/ lists (the server checks that it names a row, and answers `message` if not). */
function referenceId(message: string) {
  return z.preprocess(
    numberFromText,
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(PG_INT_MAX, { error: message }),
  );
}

/** Added money as typed: '$1,500' is 1500; blank (or a number input's NaN) is nothing. */
function moneyFromText(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value !== 'string') return value;
  const text = value.replace(/[\s,$]/g, '');
  if (text === '') return undefined;
  return /^-?\d{1,15}(\.\d+)?$/.test(text) ? Number(text) : value;
}

const timeZoneField = z
  .string({ error: M.timeZoneRequired })
  .trim()
  .min(1, { error: M.timeZoneRequired })
  .refine((value) => value === '' || isTimeZone(value), { error: M.timeZoneInvalid })
  .transform(canonicalTimeZone);

/** One performance: its name, and its date and time in the event's time zone. */
export const performanceDraftSchema = z.object(
  {
    name: requiredText(M.performanceNameRequired, LIMITS.eventPerformanceNameMax),
    date: dateField(M.performanceDateRequired),
    time: timeField(M.performanceTimeRequired),
  },
  { error: M.performanceNameRequired },
);
export type PerformanceDraftForm = z.input<typeof performanceDraftSchema>;
export type PerformanceDraft = z.output<typeof performanceDraftSchema>;

const eventDraftShape = {
  eventTitle: requiredText(M.titleRequired, LIMITS.eventTitleMax, M.titleTooLong),
  startDate: dateField(M.startDateRequired),
  startTime: timeField(M.startTimeRequired),
  endDate: dateField(M.endDateRequired),
  endTime: timeField(M.endTimeRequired),
  /** Ours: the IANA zone the dates and times are in. */
  timeZone: timeZoneField,
  eventLocation: requiredText(M.locationRequired, LIMITS.eventLocationMax),
  eventAddress: requiredText(M.addressRequired, LIMITS.eventAddressMax),
  /** The kind: rodeo, concert or conference. */
  eventType: choice(EVENT_KINDS, M.eventTypeRequired),
  /** Ours: the disciplines (GET /setup/event-types ids) shown as the card's event types; optional, deduplicated. */
  eventTypeIds: z
    .array(
      z.preprocess(
        numberFromText,
        z
          .number({ error: M.eventTypesInvalid })
          .int({ error: M.eventTypesInvalid })
          .min(1, { error: M.eventTypesInvalid })
          .max(PG_INT_MAX, { error: M.eventTypesInvalid }),
      ),
      { error: M.eventTypesInvalid },
    )
    .max(LIMITS.eventTypeIdsMax, { error: M.eventTypesInvalid })
    .transform((ids) => [...new Set(ids)])
    .default([]),
  privateEvent: z.boolean({ error: M.privateRequired }),
  performances: z
    .array(performanceDraftSchema, { error: M.performancesRequired })
    .min(LIMITS.eventPerformancesMin, { error: M.performancesRequired })
    .max(LIMITS.eventPerformancesMax, { error: M.tooManyPerformances(LIMITS.eventPerformancesMax) }),
  /** A GET /setup/associations id. */
  associationType: referenceId(M.associationRequired),
  /** A GET /setup/circuits id (one circuit, as the spec's circuitA or circuitB). */
  circuits: referenceId(M.circuitsRequired),
  tour: choice(EVENT_TOUR_CHOICES, M.tourRequired),
  /** Whether the event goes into the creator's calendar feed. */
  syncEvent: z.boolean({ error: MESSAGES.generic.required }).default(true),
  eventConfirmation: choice(EVENT_CONFIRMATIONS, M.confirmationRequired),
  /** Ours: added money in whole dollars; blank is 0. */
  addedMoney: z.preprocess(
    moneyFromText,
    z
      .number({ error: M.addedMoneyWhole })
      .int({ error: M.addedMoneyWhole })
      .min(0, { error: M.addedMoneyNegative })
      .max(LIMITS.eventAddedMoneyMax, { error: M.addedMoneyTooLarge(LIMITS.eventAddedMoneyMax) })
      .default(0),
  ),
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const validDate = (value: unknown) => (typeof value === 'string' && isEventDate(value.trim()) ? value.trim() : null);
const validTime = (value: unknown) =>
  typeof value === 'string' && isWallTime(value.trim()) ? value.trim().slice(0, 5) : null;
const validZone = (value: unknown) => (typeof value === 'string' && isTimeZone(value.trim()) ? value.trim() : null);

/**
 * The rules across fields, each checked as soon as the fields it compares are valid (whatever else is
 * wrong, so that the form shows every message at once):
 * - the end date on or after the start date (spec);
 * - ours, not in the spec: the end after the start, compared as instants in the event's zone (on the same
 *   day the end time must be later; equal times are refused);
 * - each performance's date within the event's dates, both ends included (spec).
 */
function checkAcrossFields(value: unknown, ctx: z.RefinementCtx<unknown>) {
  if (!isRecord(value)) return;
  const startDate = validDate(value.startDate);
  const endDate = validDate(value.endDate);
  if (!startDate || !endDate) return;
  if (endDate < startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endDateBeforeStart, input: value.endDate });
    return;
  }
  const startTime = validTime(value.startTime);
  const endTime = validTime(value.endTime);
  if (startTime && endTime) {
    const zone = validZone(value.timeZone);
    const endsAfterStart = zone
      ? localTimeToInstant(endDate, endTime, zone) > localTimeToInstant(startDate, startTime, zone)
      : `${endDate}T${endTime}` > `${startDate}T${startTime}`;
    if (!endsAfterStart)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: M.endTimeBeforeStart, input: value.endTime });
  }
  if (!Array.isArray(value.performances)) return;
  value.performances.forEach((row: unknown, index) => {
    const date = isRecord(row) ? validDate(row.date) : null;
    if (date && (date < startDate || date > endDate))
      ctx.addIssue({
        code: 'custom',
        path: ['performances', index, 'date'],
        message: M.performanceDateOutside,
        input: date,
      });
  });
}

function withDraftRules<S extends z.ZodType>(schema: S): S {
  return schema.superRefine(checkAcrossFields, { when: (payload) => isRecord(payload.value) });
}

/**
 * The Create Event form (web: `useForm<EventDraftForm, unknown, EventDraft>({ resolver: zodResolver(...) })`)
 * and, through `eventDraftMultipartSchema`, the fields of POST /events. Issue paths are the field names
 * ('performances.1.date' for a performance), as the server's `errors` keys are.
 */
export const eventDraftSchema = withDraftRules(z.object(eventDraftShape));
/** What the form holds: selects may be '' (nothing chosen), ids strings or numbers, added money as typed. */
export type EventDraftForm = z.input<typeof eventDraftSchema>;
/** The checked draft: trimmed texts, 'HH:mm' times, numeric ids, added money in dollars (0 when blank). */
export type EventDraft = z.output<typeof eventDraftSchema>;

/**
 * PATCH /events/{id} and the edit form: the whole draft again (the edit form holds every field, so the rules
 * across fields hold as they do on creation), plus `removeImage`. A new `image` file replaces the image;
 * `removeImage` without one removes it; neither keeps it.
 */
export const eventUpdateSchema = withDraftRules(
  z.object({ ...eventDraftShape, removeImage: z.boolean({ error: MESSAGES.generic.required }).default(false) }),
);
export type EventUpdateForm = z.input<typeof eventUpdateSchema>;
export type EventUpdate = z.output<typeof eventUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Multipart: the same schema, fed the text fields of a multipart form

const TRUE_TEXTS = ['true', '1', 'yes', 'on'];
const FALSE_TEXTS = ['false', '0', 'no', 'off'];
const BOOLEAN_FIELDS = ['privateEvent', 'syncEvent', 'removeImage'] as const;

function booleanFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (TRUE_TEXTS.includes(text)) return true;
  if (FALSE_TEXTS.includes(text)) return false;
  return value;
}

/** JSON text ('[...]') as its value; for ids also '1,3'; blank as an empty list. */
function listFromText(value: unknown, commaSeparated: boolean): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  return commaSeparated ? text.split(',').map((id) => id.trim()) : value;
}

/**
 * A multipart form's text fields (every value a string, as the server reads them) in the form's shape:
 * `performances` (and `eventTypeIds`) as JSON text, booleans as 'true'/'false' ('1'/'0', 'yes'/'no', 'on'/'off'),
 * numbers as digits. What it cannot read it leaves as it is, for the schema to refuse with the field's message.
 */
export function eventDraftFromMultipart(fields: unknown): unknown {
  if (!isRecord(fields)) return fields;
  const draft: Record<string, unknown> = { ...fields };
  for (const key of BOOLEAN_FIELDS) if (key in draft) draft[key] = booleanFromText(draft[key]);
  if ('performances' in draft) draft.performances = listFromText(draft.performances, false);
  if ('eventTypeIds' in draft) draft.eventTypeIds = listFromText(draft.eventTypeIds, true);
  return draft;
}

/** POST /events: the multipart form's text fields (the image is the `eventImage` file part). */
export const eventDraftMultipartSchema = z.preprocess(eventDraftFromMultipart, eventDraftSchema);
/** PATCH /events/{id}: the multipart form's text fields (a new image is the `eventImage` file part). */
export const eventUpdateMultipartSchema = z.preprocess(eventDraftFromMultipart, eventUpdateSchema);

/** The text fields the web sends for a checked draft (append the `eventImage` file beside them). */
export function toEventMultipartFields(draft: EventDraft | EventUpdate): Record<string, string> {
  const fields: Record<string, string> = {
    eventTitle: draft.eventTitle,
    startDate: draft.startDate,
    startTime: draft.startTime,
    endDate: draft.endDate,
    endTime: draft.endTime,
    timeZone: draft.timeZone,
    eventLocation: draft.eventLocation,
    eventAddress: draft.eventAddress,
    eventType: draft.eventType,
    eventTypeIds: JSON.stringify(draft.eventTypeIds),
    privateEvent: String(draft.privateEvent),
    performances: JSON.stringify(draft.performances),
    associationType: String(draft.associationType),
    circuits: String(draft.circuits),
    tour: draft.tour,
    syncEvent: String(draft.syncEvent),
    eventConfirmation: draft.eventConfirmation,
    addedMoney: String(draft.addedMoney),
  };
  if ('removeImage' in draft) fields.removeImage = String(draft.removeImage);
  return fields;
}

// ---------------------------------------------------------------------------------------------------------
// Defaults and instants

const blankPerformance = (): PerformanceDraftForm => ({ name: '', date: '', time: '' });

/**
 * A new draft (spec section 9): two blank performance rows, sync on, confirmation planning; private No (the
 * Yes/No toggle starts on No); nothing chosen for the kind, association, circuit and tour; no time zone
 * (use `newEventDraft()` for one with the device's zone). Copy it before changing it.
 */
export const DEFAULT_EVENT_DRAFT: EventDraftForm = {
  eventTitle: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  timeZone: '',
  eventLocation: '',
  eventAddress: '',
  eventType: '',
  eventTypeIds: [],
  privateEvent: false,
  performances: Array.from({ length: LIMITS.eventPerformanceRowsDefault }, blankPerformance),
  associationType: '',
  circuits: '',
  tour: '',
  syncEvent: true,
  eventConfirmation: 'planning',
  addedMoney: '',
};

/** A fresh copy of DEFAULT_EVENT_DRAFT in `timeZone` (the device's by default). */
export function newEventDraft(timeZone: string = deviceTimeZone()): EventDraftForm {
  return {
    ...DEFAULT_EVENT_DRAFT,
    timeZone,
    eventTypeIds: [],
    performances: Array.from({ length: LIMITS.eventPerformanceRowsDefault }, blankPerformance),
  };
}

/** A blank performance row, for the form's add control. */
export const newPerformanceRow = blankPerformance;

/** What the server stores for a checked draft: the event's and each performance's UTC instants (ISO). */
export interface EventInstants {
  from_date: string;
  to_date: string;
  performances: Array<{ position: number; name: string; starts_at: string }>;
}

export function eventInstants(
  draft: Pick<EventDraft, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'timeZone' | 'performances'>,
): EventInstants {
  return {
    from_date: localTimeToInstant(draft.startDate, draft.startTime, draft.timeZone),
    to_date: localTimeToInstant(draft.endDate, draft.endTime, draft.timeZone),
    performances: draft.performances.map((performance, position) => ({
      position,
      name: performance.name,
      starts_at: localTimeToInstant(performance.date, performance.time, draft.timeZone),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Answers

export const eventKindSchema = z.enum(EVENT_KINDS);
export const eventConfirmationSchema = z.enum(EVENT_CONFIRMATIONS);

/** A performance as the server answers it: `starts_at` is a UTC instant (ISO), shown in the event's zone. */
export const eventPerformanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_at: z.string(),
});
export type EventPerformance = z.infer<typeof eventPerformanceSchema>;

/**
 * GET /events/{id} (and PATCH /events/{id}'s answer), as `{ data: EventDetail }`; 404 if missing or not
 * visible to the viewer. `id` is the event's item id (the same as its feed item's). Instants are ISO UTC;
 * show them in `time_zone` (`instantToLocalTime`).
 */
export const eventDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: eventKindSchema,
  from_date: z.string(),
  to_date: z.string(),
  time_zone: z.string(),
  location: z.string(),
  address: z.string(),
  /** Whole dollars; 0 when none. */
  added_money: z.number().int(),
  is_private: z.boolean(),
  tour: z.boolean(),
  /** The owner's choice to put it into their calendar feed; null for anyone else. */
  sync: z.boolean().nullable(),
  confirmation: eventConfirmationSchema,
  /** Null when none is set any more (a deleted circuit or association). */
  circuit: referenceItemSchema.nullable(),
  association: referenceItemSchema.nullable(),
  /** The disciplines, sorted by name. */
  event_types: z.array(referenceItemSchema),
  /** In the order the owner listed them. */
  performances: z.array(eventPerformanceSchema),
  followers_count: z.number().int(),
  is_following: z.boolean(),
  is_cancelled: z.boolean(),
  likes_count: z.number().int(),
  is_liked: z.boolean(),
  /** The image's variants (src, srcset, size, placeholder), or null without one. */
  image: imageMediaSchema.nullable(),
  owner: feedUserSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
export const eventDetailResponseSchema = z.object({ data: eventDetailSchema });
export type EventDetailResponse = z.infer<typeof eventDetailResponseSchema>;

/** POST /events/{id}/follow: the viewer's state afterwards. */
export const followEventResponseSchema = z.object({ is_following: z.boolean(), followers_count: z.number().int() });
export type FollowEventResponse = z.infer<typeof followEventResponseSchema>;

/** The edit form's values for an event, its times back in the event's own zone. */
export function eventDraftFromDetail(detail: EventDetail): EventUpdateForm {
  const start = instantToLocalTime(detail.from_date, detail.time_zone);
  const end = instantToLocalTime(detail.to_date, detail.time_zone);
  return {
    eventTitle: detail.title,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timeZone: detail.time_zone,
    eventLocation: detail.location,
    eventAddress: detail.address,
    eventType: detail.kind,
    eventTypeIds: detail.event_types.map((type) => type.id),
    privateEvent: detail.is_private,
    performances: detail.performances.map((performance) => {
      const at = instantToLocalTime(performance.starts_at, detail.time_zone);
      return { name: performance.name, date: at.date, time: at.time };
    }),
    associationType: detail.association?.id ?? '',
    circuits: detail.circuit?.id ?? '',
    tour: detail.tour ? 'yes' : 'no',
    syncEvent: detail.sync ?? true,
    eventConfirmation: detail.confirmation,
    addedMoney: detail.added_money,
    removeImage: false,
  };
}
