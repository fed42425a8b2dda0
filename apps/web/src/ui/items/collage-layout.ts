import { LIMITS } from '@corral/contract';

/** Spec: one image large; several as up to 5 thumbnails, the first wide; '+N' on the fifth for the rest. */
export function collageLayout<T>(images: T[]): { shown: T[]; extra: number } {
  const shown = images.slice(0, LIMITS.collageMax);
  return { shown, extra: Math.max(0, images.length - LIMITS.collageMax) };
}
