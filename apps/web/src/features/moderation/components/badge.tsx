import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const TONES = {
  neutral: 'bg-stone-100 text-stone-700',
  good: 'bg-sage-500/15 text-sage-700',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
  brand: 'bg-leather-100 text-leather-800',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small rounded label: a case's state, a role, an action. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={clsx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold', TONES[tone])}>
      {children}
    </span>
  );
}
