import type { ProfileCounts } from '@corral/contract';
import { clsx } from 'clsx';

/** Counts of events, friends and mutual friends (spec "Profiles"). */
export function ProfileCountsList({ counts, className }: { counts: ProfileCounts; className?: string }) {
  const entries = [
    { label: counts.event_count === 1 ? 'Event' : 'Events', value: counts.event_count },
    { label: counts.friends_count === 1 ? 'Friend' : 'Friends', value: counts.friends_count },
    { label: 'Mutual', value: counts.mutual_count },
  ];
  return (
    <dl className={clsx('grid grid-cols-3 divide-x divide-leather-100 rounded-xl bg-leather-50 py-3', className)}>
      {entries.map((entry) => (
        <div key={entry.label} className="flex flex-col-reverse items-center gap-0.5 px-2 text-center">
          <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{entry.label}</dt>
          <dd className="font-display text-2xl text-leather-900">{entry.value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}
