import { clsx } from 'clsx';

/** A member's hauling record (their profile and each offer): GET /users/{id}'s `hauling`, a HaulMember's fields. */
export interface HaulerStatsData {
  completed_hauls: number;
  /** The mean of the reviews that show; null before any does. */
  rating: number | null;
  reviews_count: number;
  late_cancellations: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Rated 4.5 of 5 (3 reviews)', or 'No reviews yet'. */
export function ratingText({ rating, reviews_count }: Pick<HaulerStatsData, 'rating' | 'reviews_count'>) {
  if (rating === null || reviews_count === 0) return 'No reviews yet';
  return `Rated ${rating.toFixed(1)} of 5 (${plural(reviews_count, 'review', 'reviews')})`;
}

/**
 * Completed hauls, rating and late cancellations, as a short list. Late cancellations show only when there are
 * some, in amber: they are what a rider or driver weighs.
 */
export function HaulerStats({ stats, className }: { stats: HaulerStatsData; className?: string }) {
  return (
    <ul
      aria-label="Hauling record"
      className={clsx('flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700', className)}
    >
      <li>{plural(stats.completed_hauls, 'completed haul', 'completed hauls')}</li>
      <li>
        {stats.rating !== null && stats.reviews_count > 0 && (
          <span aria-hidden="true" className="text-amber-600">
            ★{' '}
          </span>
        )}
        {ratingText(stats)}
      </li>
      {stats.late_cancellations > 0 && (
        <li className="font-semibold text-amber-800">
          {plural(stats.late_cancellations, 'late cancellation', 'late cancellations')}
        </li>
      )}
    </ul>
  );
}
