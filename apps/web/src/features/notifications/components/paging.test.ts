import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, paging } from './paging.ts';

describe('the bell’s pages of five', () => {
  it('counts whole pages, and one page for an empty list', () => {
    expect([0, 1, 5, 6, 10, 11].map((total) => pageCount(total))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('reads Page X of Y with Previous and Next only where there is somewhere to go', () => {
    expect(paging(1, 12)).toEqual({ page: 1, pageCount: 3, hasPrevious: false, hasNext: true, label: 'Page 1 of 3' });
    expect(paging(2, 12)).toMatchObject({ hasPrevious: true, hasNext: true, label: 'Page 2 of 3' });
    expect(paging(3, 12)).toMatchObject({ hasPrevious: true, hasNext: false, label: 'Page 3 of 3' });
    expect(paging(1, 0)).toMatchObject({ hasPrevious: false, hasNext: false, label: 'Page 1 of 1' });
  });

  it('clamps the page to the last one when the list shrinks', () => {
    // Page 3 of 11 held one item; it was removed.
    expect(clampPage(3, 10)).toBe(2);
    expect(clampPage(3, 0)).toBe(1);
    expect(paging(4, 6)).toMatchObject({ page: 2, label: 'Page 2 of 2', hasNext: false });
  });

  it('never goes below page 1 whatever it is given', () => {
    expect(clampPage(0, 20)).toBe(1);
    expect(clampPage(-2, 20)).toBe(1);
    expect(clampPage(Number.NaN, 20)).toBe(1);
    expect(clampPage(2.7, 20)).toBe(2);
  });
});
