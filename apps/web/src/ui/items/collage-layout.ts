import { LIMITS } from '@corral/contract';

/** Columns of the collage grid: rows of 1, 2 or 3 tiles all divide it. */
export const COLLAGE_COLUMNS = 6;

/** One tile of the collage: how many of the grid's columns it spans, and its shape. */
export interface CollageTile {
  span: 6 | 3 | 2;
  shape: 'natural' | 'wide' | 'banner' | 'landscape' | 'square';
}

/**
 * Spec: one image large; several as up to 5 thumbnails, the first wide; '+N' on the fifth for the rest.
 * Every row is full, whatever the count: the first image across the top, then the others in one row
 * (1, 2 or 3 of them) or, for four, two rows of two.
 */
export function collageLayout<T>(images: T[]): { shown: T[]; extra: number; tiles: CollageTile[] } {
  const shown = images.slice(0, LIMITS.collageMax);
  return { shown, extra: Math.max(0, images.length - LIMITS.collageMax), tiles: collageTiles(shown.length) };
}

function collageTiles(count: number): CollageTile[] {
  if (count === 0) return [];
  if (count === 1) return [{ span: 6, shape: 'natural' }];
  const rest = count - 1;
  // Two images: both across, each half as tall as wide, so the pair stays about as tall as one photo.
  if (rest === 1)
    return [
      { span: 6, shape: 'banner' },
      { span: 6, shape: 'banner' },
    ];
  const first: CollageTile = { span: 6, shape: 'wide' };
  if (rest === 2) return [first, ...Array.from({ length: 2 }, (): CollageTile => ({ span: 3, shape: 'landscape' }))];
  if (rest === 3) return [first, ...Array.from({ length: 3 }, (): CollageTile => ({ span: 2, shape: 'square' }))];
  return [first, ...Array.from({ length: rest }, (): CollageTile => ({ span: 3, shape: 'landscape' }))];
}
