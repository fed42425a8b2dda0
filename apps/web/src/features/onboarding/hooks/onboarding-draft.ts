import type { OnboardingRequest } from '@corral/contract';

/**
 * The onboarding answers kept in localStorage per member while they are given, so a reload or a closed tab
 * loses none; forgotten once the answers are in. Read back field by field: what is missing or of the wrong
 * kind is left unanswered.
 */

export const ONBOARDING_DRAFT_PREFIX = 'corral:onboarding-draft:';

export const onboardingDraftKey = (memberId: string) => `${ONBOARDING_DRAFT_PREFIX}${memberId}`;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
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
  if (!memberId) return null;
  try {
    return parseOnboardingDraft(storage.getItem(onboardingDraftKey(memberId)));
  } catch {
    return null;
  }
}

/** Saves the answers (the form's values, read as a draft), or forgets them when there are none. */
export function saveOnboardingDraft(storage: DraftStorage, memberId: string, values: unknown): void {
  if (!memberId) return;
  const draft = parseOnboardingDraft(JSON.stringify(values ?? null)) ?? emptyOnboardingDraft();
  try {
    if (isBlank(draft)) storage.removeItem(onboardingDraftKey(memberId));
    else storage.setItem(onboardingDraftKey(memberId), JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the answers live as long as the page.
  }
}

export function clearOnboardingDraft(storage: DraftStorage, memberId: string): void {
  try {
    storage.removeItem(onboardingDraftKey(memberId));
  } catch {
    // Nothing to clear.
  }
}
