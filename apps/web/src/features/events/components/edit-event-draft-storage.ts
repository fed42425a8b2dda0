import { DEFAULT_EVENT_DRAFT, type EventDetail, type EventDraftForm, eventDraftFromDetail } from '@corral/contract';
import { clearDraft, type DraftAddress, readDraft, readPhotos, writeDraft, writePhotos } from '../../../lib/drafts.ts';
import { eventDraftFrom } from './event-draft-storage.ts';

/**
 * The Edit Event draft, kept per member and per event in the draft store (lib/drafts.ts, ADR 023): the form's
 * fields, what became of the image (a new one is kept as the draft's photo), and the event's `updated_at`
 * the changes were made on, so that a draft the event has moved on from can say so.
 */

/** The event's image as the member left it: the event's own, a newly cropped one, or removed. */
export type ImageChoice = 'kept' | 'new' | 'removed';

export interface EditEventDraft {
  /** The event's `updated_at` when the member began these changes. */
  basedOn: string;
  values: EventDraftForm;
  image: ImageChoice;
}

export const editDraftAddress = (member: string, eventId: number): DraftAddress => ({
  member,
  form: 'edit-event',
  item: eventId,
});

/** The edit form's values for the event as the server has it: its disciplines as the checkboxes' string values. */
export function eventFormValues(detail: EventDetail): EventDraftForm {
  const { removeImage: _removeImage, ...draft } = eventDraftFromDetail(detail);
  return { ...draft, eventTypeIds: detail.event_types.map((type) => String(type.id)) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kept draft, read back field by field, or null when there is none (or it is not one). */
export function loadEditDraft(address: DraftAddress): EditEventDraft | null {
  const kept = readDraft(address);
  if (!isRecord(kept) || typeof kept.basedOn !== 'string') return null;
  const values = eventDraftFrom(kept.values);
  if (!values) return null;
  // Every performance removed is a change too (a new draft's blank rows are not).
  if (isRecord(kept.values) && Array.isArray(kept.values.performances) && kept.values.performances.length === 0)
    values.performances = [];
  const image = kept.image === 'new' || kept.image === 'removed' ? kept.image : 'kept';
  return { basedOn: kept.basedOn, values, image };
}

/** Keeps the draft; null forgets its fields (the photo is kept or forgotten by `saveEditImage`). */
export function saveEditDraft(address: DraftAddress, draft: EditEventDraft | null): void {
  writeDraft(address, draft ?? undefined);
}

/** Forgets the draft, photo included: saved, cancelled or discarded. */
export const clearEditDraft = (address: DraftAddress): Promise<void> => clearDraft(address);

/** The newly cropped image kept with the draft, if any. */
export async function loadEditImage(address: DraftAddress): Promise<Blob | null> {
  const kept = await readPhotos(address);
  const image = isRecord(kept) ? kept.image : undefined;
  return typeof Blob !== 'undefined' && image instanceof Blob ? image : null;
}

/** Keeps the draft's newly cropped image; null forgets it. */
export const saveEditImage = (address: DraftAddress, image: Blob | null): Promise<void> =>
  writePhotos(address, image ? { image } : undefined);

const SCALAR_FIELDS = (Object.keys(DEFAULT_EVENT_DRAFT) as (keyof EventDraftForm)[]).filter(
  (field) => field !== 'performances' && field !== 'eventTypeIds',
);

/** The values as text, so that a select's '3' and the event's 3, or the order of the disciplines, do not count. */
function canonical(values: Partial<EventDraftForm>): string {
  return JSON.stringify([
    SCALAR_FIELDS.map((field) => String(values[field] ?? '')),
    (values.eventTypeIds ?? []).map(String).sort(),
    (values.performances ?? []).map((row) => [row?.name ?? '', row?.date ?? '', row?.time ?? '']),
  ]);
}

/** Whether the form's values say the same as `event`'s (nothing worth keeping). */
export const sameEventValues = (values: Partial<EventDraftForm>, event: EventDraftForm): boolean =>
  canonical(values) === canonical(event);
