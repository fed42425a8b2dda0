import { describe, expect, it } from 'vitest';
import { collageLayout, formatShortDate } from './collage-layout.ts';

describe('collage', () => {
  it('shows up to five and counts the rest', () => {
    expect(collageLayout([1])).toEqual({ shown: [1], extra: 0 });
    expect(collageLayout([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ shown: [1, 2, 3, 4, 5], extra: 3 });
  });
});

describe('short dates', () => {
  it('formats US English and leaves invalid dates empty', () => {
    expect(formatShortDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
    expect(formatShortDate('')).toBe('');
    expect(formatShortDate('yesterday-ish')).toBe('');
    expect(formatShortDate(null)).toBe('');
  });
});
