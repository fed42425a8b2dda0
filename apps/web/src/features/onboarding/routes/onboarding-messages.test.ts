import { MESSAGES, ONBOARDING_STEP_FIELDS, onboardingRequestSchema } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';

const O = MESSAGES.onboarding;
const resolve = zodResolver(onboardingRequestSchema);
const options = { fields: {}, shouldUseNativeValidation: false } as const;

/** The message the wizard shows for each field, as react-hook-form receives it from the resolver. */
async function shownMessages(values: Record<string, unknown>) {
  const { errors } = await resolve(values as never, undefined, options);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}

describe('onboarding wizard messages (spec section 5, through the form resolver)', () => {
  // An untouched radio group reads as null or undefined in react-hook-form; a cleared date as ''.
  for (const empty of [undefined, null, '']) {
    it(`shows every step's verbatim message when each is left ${JSON.stringify(empty)}`, async () => {
      expect(
        await shownMessages({
          age: empty,
          gender: empty,
          transport_id: empty,
          event_type_ids: [],
          association_ids: [],
        }),
      ).toEqual({
        age: O.dobRequired,
        gender: O.genderRequired,
        transport_id: O.optionRequired,
        event_type_ids: O.eventsRequired,
        association_ids: O.associationsRequired,
      });
    });
  }

  it('says "Please select your option." for a transport id that is not one of the three', async () => {
    for (const transport_id of ['0', '4', 'x', 2.5]) {
      expect((await shownMessages({ transport_id })).transport_id).toBe('Please select your option.');
    }
  });

  it('covers every wizard step that asks something', () => {
    expect(ONBOARDING_STEP_FIELDS.flat()).toEqual([
      'age',
      'gender',
      'transport_id',
      'event_type_ids',
      'association_ids',
    ]);
  });
});
