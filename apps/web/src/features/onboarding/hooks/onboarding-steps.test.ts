import { describe, expect, it } from 'vitest';
import { firstStepOf, reachableStep, requestedStep } from './onboarding-steps.ts';

const answered = {
  age: '1994-03-21',
  gender: 'female',
  transport_id: '2',
  event_type_ids: ['1'],
  association_ids: ['3'],
};

describe('the onboarding step in the address', () => {
  it('reads 1 to 6, and step 1 for none or nonsense', () => {
    const step = (query: string) => requestedStep(new URLSearchParams(query));
    expect(step('')).toBe(1);
    expect(step('step=3')).toBe(3);
    expect(step('step=6&next=%2Fsocial_home')).toBe(6);
    expect(step('step=9')).toBe(6);
    expect(step('step=0')).toBe(1);
    expect(step('step=-2')).toBe(1);
    expect(step('step=two')).toBe(1);
    expect(step('step=3.5')).toBe(1);
  });

  it('opens a later step only once every earlier one is answered', () => {
    expect(reachableStep({ age: '', event_type_ids: [], association_ids: [] })).toBe(1);
    expect(reachableStep({ ...answered, gender: undefined })).toBe(2);
    expect(reachableStep({ ...answered, gender: undefined, event_type_ids: [] })).toBe(2);
    expect(reachableStep({ ...answered, transport_id: null })).toBe(3);
    expect(reachableStep({ ...answered, event_type_ids: [] })).toBe(4);
    expect(reachableStep({ ...answered, association_ids: [] })).toBe(5);
    expect(reachableStep(answered)).toBe(6);
  });

  it('counts a wrong answer as missing: a date of birth in the future', () => {
    expect(reachableStep({ ...answered, age: '2999-01-01' })).toBe(1);
  });

  it('finds the first step holding a field that failed', () => {
    expect(firstStepOf(['association_ids', 'gender'])).toBe(2);
    expect(firstStepOf(['event_type_ids'])).toBe(4);
    expect(firstStepOf([])).toBe(6);
  });
});
