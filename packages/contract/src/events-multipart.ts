import { z } from 'zod';
import { type EventDraft, type EventUpdate, eventDraftSchema, eventUpdateSchema } from './events-draft.ts';

/*
 * The event draft over multipart (POST /events, PATCH /events/{id}, docs/decisions/015-events.md): the
 * draft's schema, fed the text fields of a multipart form, and the fields the web sends for a draft.
 */

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
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return fields;
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
  if (draft.place_id !== undefined) fields.place_id = String(draft.place_id);
  return fields;
}
