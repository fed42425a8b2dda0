import { LIMITS, ONBOARDING_STEP_FIELDS, onboardingRequestSchema } from '@corral/contract';

export const ONBOARDING_STEPS = LIMITS.onboardingSteps;

/** The query parameter holding the wizard's step (`/onboarding?step=3`); step 1 is the bare `/onboarding`. */
export const STEP_PARAM = 'step';

/** The step an address asks for: 1 to 6, step 1 when it names none or nonsense. */
export function requestedStep(search: URLSearchParams): number {
  const raw = search.get(STEP_PARAM);
  if (!raw || !/^\d{1,2}$/.test(raw)) return 1;
  return Math.min(ONBOARDING_STEPS, Math.max(1, Number(raw)));
}

/** The first step (1-based) holding one of these fields, or the review when none is. */
export function firstStepOf(fields: Iterable<PropertyKey>): number {
  const set = new Set(fields);
  const index = ONBOARDING_STEP_FIELDS.findIndex((step) => step.some((field) => set.has(field)));
  return index === -1 ? ONBOARDING_STEPS : index + 1;
}

/**
 * The furthest step a member may open with these answers: the first one still unanswered (or wrongly
 * answered), or the review once all are. A later step whose earlier answers are missing is never shown.
 */
export function reachableStep(values: unknown): number {
  const parsed = onboardingRequestSchema.safeParse(values);
  if (parsed.success) return ONBOARDING_STEPS;
  return firstStepOf(parsed.error.issues.map((issue) => issue.path[0]).filter((key) => key !== undefined));
}
