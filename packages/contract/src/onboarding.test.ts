import { describe, expect, it } from 'vitest';
import { isFutureDate } from './common.ts';
import { onboardingRequestSchema } from './onboarding.ts';

const valid = { age: '1990-05-17', gender: 'female', transport_id: 2, event_type_ids: [1, 9], association_ids: [2] };

describe('onboarding (spec section 5)', () => {
  it('accepts a complete answer and removes repeated ids', () => {
    expect(onboardingRequestSchema.parse({ ...valid, event_type_ids: [1, 1, 9] }).event_type_ids).toEqual([1, 9]);
  });

  it('gives every message verbatim', () => {
    const result = onboardingRequestSchema.safeParse({
      age: '',
      gender: '',
      transport_id: 7,
      event_type_ids: [],
      association_ids: [],
    });
    expect(
      Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []),
    ).toEqual({
      age: 'Date of birth is required.',
      gender: 'Please select your gender.',
      transport_id: 'Please select your option.',
      event_type_ids: 'Please select at least one event.',
      association_ids: 'Please select at least one association.',
    });
  });

  it('refuses a date of birth in the future', () => {
    const result = onboardingRequestSchema.safeParse({ ...valid, age: '2999-01-01' });
    expect(result.error?.issues[0]?.message).toBe('Date of birth cannot be in the future.');
  });

  it('refuses dates that are not on the calendar', () => {
    expect(onboardingRequestSchema.safeParse({ ...valid, age: '1990-02-30' }).error?.issues[0]?.message).toBe(
      'Date of birth is required.',
    );
  });

  it('calls a date future only once it is tomorrow everywhere on Earth', () => {
    const now = new Date('2026-11-22T23:00:00Z');
    expect(isFutureDate('2026-11-23', now)).toBe(false); // already the 23rd in UTC+14
    expect(isFutureDate('2026-11-24', now)).toBe(true);
  });
});
