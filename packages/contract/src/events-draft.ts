import { z } from 'zod';
import { isIsoDate } from './common.ts';
import { EVENT_CONFIRMATIONS, EVENT_KINDS, EVENT_TOUR_CHOICES } from './events.constants.ts';
import { HAUL_MESSAGES } from './haul.constants.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { canonicalTimeZone, isTimeZone, isWallTime, localTimeToInstant } from './time-zone.ts';

/*
 * The event draft (spec section 3 "Event draft", section 5 "Create event"): ONE schema for the Create Event
 * form (react-hook-form + zodResolver) and for POST /events and PATCH /events/{id} (multipart). The draft's
 * camelCase field names are the spec's, kept on the wire so that a client written against the spec keeps
 * working; `eventTypeIds`, `addedMoney`, `timeZone` and `removeImage` are ours, in the same style.
 *
 * Dates and times are wall-clock values, 'YYYY-MM-DD' and 'HH:mm', in the event's own IANA time zone
 * (`timeZone`, e.g. 'America/Denver'): the place's time, whatever the zone of the member who types them.
 * `eventInstants` (events-draft-values.ts) turns them into the UTC instants that the server stores.
 */

const M = MESSAGES.createEvent;

/** Reference ids are PostgreSQL integers: anything above 2^31 - 1 names nothing. */
const PG_INT_MAX = 2_147_483_647;

/** A calendar date, 'YYYY-MM-DD', that exists, between the years 1900 and 2999. */
export function isEventDate(value: string): boolean {
  return isIsoDate(value) && value >= '1900-01-01' && value <= '2999-12-31';
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
  /**
   * Ours: the gazetteer's place the organiser picked (GET /places); absent, the server resolves one from the
   * location (on creation, and when the location changes). A place that does not exist is refused.
   */
  place_id: z
    .preprocess(
      (value) => (value === null || value === '' ? undefined : numberFromText(value)),
      z
        .number({ error: HAUL_MESSAGES.placeNotFound })
        .int({ error: HAUL_MESSAGES.placeNotFound })
        .min(1, { error: HAUL_MESSAGES.placeNotFound })
        .max(PG_INT_MAX, { error: HAUL_MESSAGES.placeNotFound })
        .optional(),
    )
    .optional(),
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
