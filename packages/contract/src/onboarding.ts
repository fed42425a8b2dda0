import { z } from 'zod';
import { isFutureDate, isIsoDate } from './common.ts';
import { TRANSPORT_OPTIONS } from './limits.ts';
import { MESSAGES } from './messages.ts';

const O = MESSAGES.onboarding;

/** An event type or an association, as the /setup/ lists answer them. */
export const referenceItemSchema = z.object({ id: z.number().int(), name: z.string(), abr: z.string() });
export type ReferenceItem = z.infer<typeof referenceItemSchema>;
export const referenceListSchema = z.array(referenceItemSchema);

const idList = (message: string) =>
  z
    .array(
      // Reference ids are PostgreSQL integers: anything above 2^31 - 1 names nothing.
      z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, {
        error: message,
      }),
      { error: message },
    )
    .min(1, { error: message })
    .max(100, { error: message })
    .transform((ids) => [...new Set(ids)]);

/**
 * The date of birth, judged against `now`: the device's time in the web's forms, the server's injected clock
 * on the server (`onboardingRequestSchemaAt`), so a test that moves the clock moves this rule too.
 */
export const dateOfBirthSchemaAt = (now: () => Date) =>
  z
    .string({ error: O.dobRequired })
    .trim()
    .min(1, { error: O.dobRequired })
    .refine(isIsoDate, { error: O.dobRequired })
    .refine((value) => !isFutureDate(value, now()), { error: O.dobFuture })
    .refine((value) => value >= '1900-01-01', { error: O.dobRequired });

export const genderSchema = z.enum(['male', 'female'], { error: O.genderRequired });
/**
 * One literal with three values, not a union of three literals: a union's failure carries each branch's own
 * issue ('Invalid input: expected 1'), and form resolvers show a branch's message instead of the union's.
 */
export const transportIdSchema = z.coerce.number({ error: O.optionRequired }).pipe(
  z.literal(
    TRANSPORT_OPTIONS.map((option) => option.id),
    { error: O.optionRequired },
  ),
);

/** POST /api/on-board, and each step of the onboarding wizard, with "today" taken from `now`. */
export const onboardingRequestSchemaAt = (now: () => Date) =>
  z.object({
    age: dateOfBirthSchemaAt(now),
    gender: genderSchema,
    transport_id: transportIdSchema,
    event_type_ids: idList(O.eventsRequired),
    association_ids: idList(O.associationsRequired),
  });
/** The onboarding request as the web validates it: today is the device's. */
export const onboardingRequestSchema = onboardingRequestSchemaAt(() => new Date());
export type OnboardingRequest = z.input<typeof onboardingRequestSchema>;

/** The fields each wizard step validates before Next proceeds (step 6 is the review). */
export const ONBOARDING_STEP_FIELDS = [
  ['age'],
  ['gender'],
  ['transport_id'],
  ['event_type_ids'],
  ['association_ids'],
  [],
] as const satisfies ReadonlyArray<ReadonlyArray<keyof OnboardingRequest>>;
