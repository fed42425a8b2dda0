import { LIMITS } from '@corral/contract';

/** Spec: one image large; several as up to 5 thumbnails, the first wide; '+N' on the fifth for the rest. */
export function collageLayout<T>(images: T[]): { shown: T[]; extra: number } {
  const shown = images.slice(0, LIMITS.collageMax);
  return { shown, extra: Math.max(0, images.length - LIMITS.collageMax) };
}

/** US English short date ('Jan 5, 2026'); empty for a missing or invalid date. */
export function formatShortDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
