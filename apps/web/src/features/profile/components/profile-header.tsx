import type { ProfileCounts } from '@corral/contract';
import type { ReactNode } from 'react';
import { HaulerStats, type HaulerStatsData } from '../../../entities/hauling/components/hauler-stats.tsx';
import { ProfileCountsList } from './profile-counts.tsx';

export interface ProfileHeaderProps {
  name: string;
  /** The photo: a plain avatar, or the own profile's photo editor. */
  photo: ReactNode;
  /** Under the name: 'Public account' / 'Private account', or a private badge. */
  label?: ReactNode;
  /** Beside the name (the own profile's edit button). */
  nameAction?: ReactNode;
  /** Null or undefined: no counts shown (a locked profile, or still loading). */
  counts?: ProfileCounts | null | undefined;
  /** Their hauling record (GET /users/{id}'s `hauling`), shown once they have one. */
  hauling?: HaulerStatsData | null | undefined;
  /** The buttons under the name: friendship actions. */
  actions?: ReactNode;
  /** On the cover band's corner: the own profile's delete-account icon. */
  corner?: ReactNode;
}

/** A profile's header card: cover band, photo, name, label, counts of events, friends and mutual, actions. */
export function ProfileHeader({
  name,
  photo,
  label,
  nameAction,
  counts,
  hauling,
  actions,
  corner,
}: ProfileHeaderProps) {
  return (
    <section aria-label="Profile" className="relative overflow-hidden rounded-2xl bg-white shadow-sm">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-leather-800 to-leather-500 sm:h-32" />
      <div className="px-4 pb-5 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
          <div className="flex min-w-0 items-end gap-4">
            <div className="-mt-12 shrink-0">{photo}</div>
            <div className="min-w-0 pt-2 pb-1">
              <div className="flex items-center gap-1">
                <h1 className="truncate font-display text-2xl text-leather-900">{name}</h1>
                {nameAction}
              </div>
              {label}
            </div>
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
        {counts && <ProfileCountsList counts={counts} className="mt-5" />}
        {hauling && hasHauled(hauling) && <HaulerStats stats={hauling} className="mt-3" />}
      </div>
      {corner && <div className="absolute top-3 right-3 rounded-full bg-white/95 shadow-sm">{corner}</div>}
    </section>
  );
}

/** A record worth showing: a haul completed, a review shown or a late cancellation. */
const hasHauled = (record: HaulerStatsData) =>
  record.completed_hauls > 0 || record.reviews_count > 0 || record.late_cancellations > 0;
