import { describe, expect, it } from 'vitest';
import { collageLayout } from './collage-layout.ts';

describe('collage', () => {
  it('shows up to five and counts the rest', () => {
    expect(collageLayout([1])).toEqual({ shown: [1], extra: 0 });
    expect(collageLayout([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ shown: [1, 2, 3, 4, 5], extra: 3 });
  });
});
