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

describe('upcomingWhen', () => {
  // Some ICU versions put a narrow no-break space before AM/PM.
  const plain = (when: { day: string; clock: string }) => `${when.day} ${when.clock}`.replace(/\s/g, ' ');

  it("reads the UTC day and clock as one instant in the member's zone", async () => {
    const { upcomingWhen } = await import('./upcoming-event-card.tsx');
    expect(plain(upcomingWhen('2027-03-04', '20:34', 'UTC'))).toBe('Mar 4, 2027 8:34 PM');
    expect(plain(upcomingWhen('2027-03-05', '01:30', 'America/Denver'))).toBe('Mar 4, 2027 6:30 PM');
    expect(upcomingWhen('2027-03-04', '00:05', 'UTC').iso).toBe('2027-03-04T00:05:00.000Z');
  });

  it('keeps a day without a clock as that day, and shows nothing for a bad date', async () => {
    const { upcomingWhen } = await import('./upcoming-event-card.tsx');
    expect(upcomingWhen('2027-03-04', '', 'America/Denver')).toEqual({
      day: 'Mar 4, 2027',
      clock: '',
      iso: '2027-03-04',
    });
    expect(upcomingWhen('', '20:34')).toEqual({ day: '', clock: '', iso: '' });
    expect(upcomingWhen('soon', '20:34')).toEqual({ day: '', clock: '', iso: '' });
  });
});
