import type { SearchResponse } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { moveHighlight, searchOptions } from './search-options.ts';

const answer: SearchResponse = {
  members: { data: [{ id: 'u1', name: 'Ty Murray', avatar: '/a.png', is_private: false }], next_cursor: null },
  events: {
    data: [
      { id: 7, title: 'Tyler Days', from_date: '2027-03-04T18:00:00Z', to_date: '2027-03-05T18:00:00Z', location: 'X' },
    ],
    next_cursor: null,
  },
};

describe('search options', () => {
  it('lists members, then events, then the results page, with where each goes', () => {
    expect(searchOptions(answer, 'ty').map((o) => [o.kind, o.href])).toEqual([
      ['member', '/social_home/profile/u1'],
      ['event', '/social_home/event/7'],
      ['all', '/social_home/search?q=ty'],
    ]);
  });

  it('has no rows without results or without a query', () => {
    expect(
      searchOptions({ members: { data: [], next_cursor: null }, events: { data: [], next_cursor: null } }, 'zz'),
    ).toEqual([]);
    expect(searchOptions(answer, '')).toEqual([]);
    expect(searchOptions(undefined, 'ty')).toEqual([]);
  });

  it('moves the highlight with the arrows, wrapping round', () => {
    expect(moveHighlight(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveHighlight(0, 3, 'ArrowUp')).toBe(2);
    expect(moveHighlight(1, 3, 'ArrowUp')).toBe(0);
    expect(moveHighlight(0, 0, 'ArrowDown')).toBe(-1);
  });
});
