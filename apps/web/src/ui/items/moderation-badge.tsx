import type { FeedItem } from '@corral/contract';
import { clsx } from 'clsx';

const STATES = {
  held: {
    label: 'Held for review',
    note: 'Hidden from other members until a moderator decides.',
    tone: 'bg-amber-100 text-amber-900',
  },
  removed: {
    label: 'Removed',
    note: 'Removed by a moderator: members no longer see it.',
    tone: 'bg-red-100 text-red-900',
  },
} as const;

/**
 * An item held for review or removed, as its author (held) or a moderator (either) sees it: nobody else is
 * shown such an item at all.
 */
export function ModerationBadge({ state }: { state: FeedItem['moderation_state'] }) {
  if (!state) return null;
  const { label, note, tone } = STATES[state];
  return (
    <p className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
      <span className={clsx('rounded-full px-2 py-0.5 font-semibold', tone)}>{label}</span>
      {note}
    </p>
  );
}
