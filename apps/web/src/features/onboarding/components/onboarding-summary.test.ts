import { describe, expect, it } from 'vitest';
import { summarise } from './onboarding-summary.ts';

const events = [
  { id: 1, name: 'Bareback Riding', abr: 'BB' },
  { id: 9, name: 'Barrel Racing', abr: 'BRL' },
];
const associations = [{ id: 2, name: "Women's Professional Rodeo Association", abr: 'WPRA' }];

describe('the review step', () => {
  it('shows names, not ids, whether the form holds strings or numbers', () => {
    const rows = summarise(
      { age: '1994-03-21', gender: 'female', transport_id: '2', event_type_ids: ['9', 1], association_ids: [2] },
      events,
      associations,
    );
    expect(Object.fromEntries(rows.map((row) => [row.label, row.value]))).toEqual({
      'Date of birth': 'March 21, 1994',
      Gender: 'Female',
      'Haul horses for others': 'Yes, On Professional Rates',
      Events: 'Barrel Racing (BRL), Bareback Riding (BB)',
      Associations: "Women's Professional Rodeo Association (WPRA)",
    });
  });

  it('leaves unknown or missing answers empty', () => {
    const rows = summarise({ age: '', event_type_ids: [42], association_ids: [] }, events, associations);
    expect(rows.every((row) => row.value === '')).toBe(true);
  });
});
