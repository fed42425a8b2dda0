import { describe, expect, it } from 'vitest';
import { COLLAGE_COLUMNS, collageLayout } from './collage-layout.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('collage', () => {
  it('shows up to five and counts the rest', () => {
    expect(collageLayout([1])).toMatchObject({ shown: [1], extra: 0 });
    expect(collageLayout(range(8))).toMatchObject({ shown: [1, 2, 3, 4, 5], extra: 3 });
  });

  it('leaves no row part empty, for every count', () => {
    for (let count = 1; count <= 9; count++) {
      const { tiles } = collageLayout(range(count));
      expect(tiles).toHaveLength(Math.min(count, 5));
      // Rows fill left to right: every row's spans must add up to the whole width.
      let row = 0;
      for (const tile of tiles) {
        row += tile.span;
        expect(row, `count ${count}`).toBeLessThanOrEqual(COLLAGE_COLUMNS);
        if (row === COLLAGE_COLUMNS) row = 0;
      }
      expect(row, `count ${count}: the last row is not full`).toBe(0);
    }
  });

  it('puts the first image across the top', () => {
    for (let count = 2; count <= 9; count++) expect(collageLayout(range(count)).tiles[0]?.span).toBe(COLLAGE_COLUMNS);
    expect(collageLayout([1]).tiles).toEqual([{ span: 6, shape: 'natural' }]);
  });
});
