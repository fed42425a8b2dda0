import type { OnboardingRequest } from '@corral/contract';
import { type DraftStorage, readDraft, writeDraft } from '../../../lib/drafts.ts';

/**
 * The onboarding answers kept per member in the draft store (lib/drafts.ts) while they are given, so a reload
 * or a closed tab loses none; forgotten once the answers are in, or at Logout. Read back field by field: what
 * is missing or of the wrong kind is left unanswered.
 */

const draftOf = (member: string) => ({ member, form: 'onboarding' as const });

/** The wizard's answers as the form holds them: checkbox and radio values are strings. */
export interface OnboardingDraft {
  age: string;
  gender?: OnboardingRequest['gender'] | undefined;
  transport_id?: string | undefined;
  event_type_ids: string[];
  association_ids: string[];
}

export const emptyOnboardingDraft = (): OnboardingDraft => ({ age: '', event_type_ids: [], association_ids: [] });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const ids = (value: unknown) =>
  Array.isArray(value)
    ? value.filter((id) => typeof id === 'string' || typeof id === 'number').map((id) => String(id))
    : [];

export function parseOnboardingDraft(raw: string | null): OnboardingDraft | null {
  if (!raw) return null;
  try {
    return onboardingDraftFrom(JSON.parse(raw));
  } catch {
    return null;
  }
}

function onboardingDraftFrom(value: unknown): OnboardingDraft | null {
  if (!isRecord(value)) return null;
  const draft = emptyOnboardingDraft();
  if (typeof value.age === 'string') draft.age = value.age;
  if (value.gender === 'male' || value.gender === 'female') draft.gender = value.gender;
  if (typeof value.transport_id === 'string' || typeof value.transport_id === 'number') {
    draft.transport_id = String(value.transport_id);
  }
  draft.event_type_ids = ids(value.event_type_ids);
  draft.association_ids = ids(value.association_ids);
  return draft;
}

const isBlank = (draft: OnboardingDraft) =>
  !draft.age &&
  !draft.gender &&
  !draft.transport_id &&
  draft.event_type_ids.length === 0 &&
  draft.association_ids.length === 0;

export function loadOnboardingDraft(storage: DraftStorage, memberId: string): OnboardingDraft | null {
  return onboardingDraftFrom(readDraft(draftOf(memberId), storage));
}

/** Saves the answers (the form's values, read as a draft), or forgets them when there are none. */
export function saveOnboardingDraft(storage: DraftStorage, memberId: string, values: unknown): void {
  const draft = parseOnboardingDraft(JSON.stringify(values ?? null)) ?? emptyOnboardingDraft();
  writeDraft(draftOf(memberId), isBlank(draft) ? undefined : draft, storage);
}

export function clearOnboardingDraft(storage: DraftStorage, memberId: string): void {
  writeDraft(draftOf(memberId), undefined, storage);
}
