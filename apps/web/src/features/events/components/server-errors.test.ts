import { describe, expect, it } from 'vitest';
import { splitServerErrors } from './server-errors.ts';

describe('splitServerErrors', () => {
  it('puts field messages on their fields, the image apart, the rest as summaries', () => {
    const split = splitServerErrors({
      eventTitle: ['Event title is required.'],
      'performances.1.date': ['Performance date must be within event dates.'],
      eventImage: ['Please choose an image.'],
      'other.2.name': ['Odd.'],
      empty: [],
    });
    expect(split.fields).toEqual([
      ['eventTitle', 'Event title is required.'],
      ['performances.1.date', 'Performance date must be within event dates.'],
    ]);
    expect(split.image).toBe('Please choose an image.');
    expect(split.other).toEqual(['Odd.']);
  });
});
