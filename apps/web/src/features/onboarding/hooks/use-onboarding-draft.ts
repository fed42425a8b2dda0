import { useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { useSession } from '../../../lib/session-store.ts';
import {
  clearOnboardingDraft,
  emptyOnboardingDraft,
  loadOnboardingDraft,
  type OnboardingDraft,
  saveOnboardingDraft,
} from './onboarding-draft.ts';

const memberIdOf = () => useSession.getState().currentUser?.id ?? '';

/**
 * The answers the signed-in member gave on an earlier visit (or none), read once, to start the form from; and
 * `forget`, for after the answers are in.
 */
export function useOnboardingDraft(): { initial: OnboardingDraft; forget: () => void } {
  const [initial] = useState(() => loadOnboardingDraft(localStorage, memberIdOf()) ?? emptyOnboardingDraft());
  return { initial, forget: () => clearOnboardingDraft(localStorage, memberIdOf()) };
}

/** Saves the form's answers to the member's draft on every change while the page is open. */
export function useKeepOnboardingDraft<T extends FieldValues>(watch: UseFormWatch<T>): void {
  useEffect(() => {
    const subscription = watch((values) => saveOnboardingDraft(localStorage, memberIdOf(), values));
    return () => subscription.unsubscribe();
  }, [watch]);
}
