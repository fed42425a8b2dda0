import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { requestedStep, STEP_PARAM } from './onboarding-steps.ts';

/**
 * The wizard's step lives in the address, so the browser's Back and Forward move one step and a reload stays
 * on it. The step shown is the one asked for, but never past `reachable`; an address asking for more is
 * corrected in place. Other parameters (the page to return to) ride along.
 */
export function useOnboardingStep(reachable: number) {
  const [search, setSearch] = useSearchParams();
  const requested = requestedStep(search);
  const step = Math.min(requested, reachable);
  const written = search.get(STEP_PARAM);
  const canonical = step === 1 ? null : String(step);

  const addressFor = (target: number) => {
    const next = new URLSearchParams(search);
    if (target === 1) next.delete(STEP_PARAM);
    else next.set(STEP_PARAM, String(target));
    return next;
  };

  useEffect(() => {
    if (written !== canonical) setSearch(addressFor(step), { replace: true });
  });

  /** Opens a step as a new entry of the history: Back returns to the one before. */
  const goTo = (target: number) => setSearch(addressFor(target));
  return { step, goTo };
}
