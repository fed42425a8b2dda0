import { type EventDraftForm, newEventDraft } from '@corral/contract';
import { type DraftStorage, readDraft, readPhotos, writeDraft, writePhotos } from '../../../lib/drafts.ts';

/**
 * The Create Event draft kept per member in the draft store (lib/drafts.ts), so a modal closed by mistake or
 * a reload loses nothing: its fields, and its cropped image (as a photo of the draft). Cleared after a
 * successful submit or by 'Discard draft'; this file says what a kept draft may hold.
 */

const draftOf = (member: string) => ({ member, form: 'event' as const });

const TEXT_FIELDS = [
  'eventTitle',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'timeZone',
  'eventLocation',
  'eventAddress',
  'eventType',
  'tour',
  'eventConfirmation',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const idOrBlank = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? value : '');

/** A stored draft read back field by field: what is missing or of the wrong kind takes the new draft's value. */
export function parseEventDraft(raw: string | null, timeZone?: string): EventDraftForm | null {
  if (!raw) return null;
  try {
    return eventDraftFrom(JSON.parse(raw), timeZone);
  } catch {
    return null;
  }
}

/** A kept draft's fields read back one by one (as `parseEventDraft`), from the value the store answers. */
export function eventDraftFrom(value: unknown, timeZone?: string): EventDraftForm | null {
  if (!isRecord(value)) return null;
  const draft = newEventDraft(timeZone);
  for (const field of TEXT_FIELDS) if (typeof value[field] === 'string') draft[field] = value[field];
  if (typeof value.privateEvent === 'boolean') draft.privateEvent = value.privateEvent;
  if (typeof value.syncEvent === 'boolean') draft.syncEvent = value.syncEvent;
  draft.associationType = idOrBlank(value.associationType);
  draft.circuits = idOrBlank(value.circuits);
  if (typeof value.addedMoney === 'string' || typeof value.addedMoney === 'number') draft.addedMoney = value.addedMoney;
  if (Array.isArray(value.eventTypeIds))
    draft.eventTypeIds = value.eventTypeIds
      .filter((id) => typeof id === 'number' || typeof id === 'string')
      .map((id) => String(id));
  if (Array.isArray(value.performances) && value.performances.length > 0)
    draft.performances = value.performances
      .filter(isRecord)
      .map((row) => ({ name: text(row.name), date: text(row.date), time: text(row.time) }));
  return draft;
}

/** Whether the member has typed or chosen anything beyond a new draft's defaults. */
export function isBlankDraft(draft: EventDraftForm): boolean {
  const blank = newEventDraft(draft.timeZone);
  const { performances, eventTypeIds, ...rest } = draft;
  const { performances: blankRows, eventTypeIds: _ids, ...blankRest } = blank;
  const rowsBlank =
    (performances?.length ?? 0) === (blankRows?.length ?? 0) &&
    (performances ?? []).every((row) => !row.name && !row.date && !row.time);
  return (
    rowsBlank &&
    (eventTypeIds ?? []).length === 0 &&
    (Object.keys(blankRest) as (keyof typeof blankRest)[]).every(
      (key) => String(rest[key] ?? '') === String(blankRest[key] ?? ''),
    )
  );
}

export function loadEventDraft(storage: DraftStorage, memberId: string): EventDraftForm | null {
  return eventDraftFrom(readDraft(draftOf(memberId), storage));
}

/** Saves the draft, or forgets it when it is blank. */
export function saveEventDraft(storage: DraftStorage, memberId: string, draft: EventDraftForm): void {
  writeDraft(draftOf(memberId), isBlankDraft(draft) ? undefined : draft, storage);
}

export function clearEventDraft(storage: DraftStorage, memberId: string): void {
  writeDraft(draftOf(memberId), undefined, storage);
}

/** The cropped image kept with the member's draft, if any. */
export async function loadEventImage(memberId: string): Promise<Blob | null> {
  const kept = await readPhotos(draftOf(memberId));
  const image = isRecord(kept) ? kept.image : undefined;
  return typeof Blob !== 'undefined' && image instanceof Blob ? image : null;
}

/** Keeps the draft's cropped image; null forgets it. */
export function saveEventImage(memberId: string, image: Blob | null): Promise<void> {
  return writePhotos(draftOf(memberId), image ? { image } : undefined);
}
