import { describe, expect, it } from 'vitest';
import { sortedTags } from './tag-list.tsx';

describe('sortedTags', () => {
  it('sorts alphabetically, shows the first four and counts the rest', () => {
    expect(sortedTags(['WPRA', 'Barrel Racing', 'PRCA', 'Bull Riding', 'Bareback Riding', 'NBHA'])).toEqual({
      shown: ['Bareback Riding', 'Barrel Racing', 'Bull Riding', 'NBHA'],
      rest: 2,
    });
  });

  it('shows everything when there are few, and honours another maximum', () => {
    expect(sortedTags(['PBR', 'Bull Riding'])).toEqual({ shown: ['Bull Riding', 'PBR'], rest: 0 });
    expect(sortedTags(['c', 'a', 'b'], 1)).toEqual({ shown: ['a'], rest: 2 });
  });

  it('drops blanks and repeats (comma-separated strings from older clients)', () => {
    expect(sortedTags([' PRCA ', '', 'PRCA', 'IPRA'])).toEqual({ shown: ['IPRA', 'PRCA'], rest: 0 });
  });
});
