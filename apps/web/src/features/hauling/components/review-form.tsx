import { HAUL_LIMITS, HAUL_MESSAGES, type HaulReview } from '@corral/contract';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ReportHaulButton } from '../../../entities/safety/components/report-haul-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { useBookingChange } from '../api/bookings-api.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The review of a completed haul: 1 to 5 stars (a radio group: arrows move between them, as any radio group)
 * and a comment. Sent once; the server refuses a second.
 */
export function ReviewForm({ bookingId, otherName }: { bookingId: number; otherName: string }) {
  const change = useBookingChange();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setError(HAUL_MESSAGES.ratingRange);
      return;
    }
    setError(null);
    change.mutate(
      { action: 'review', id: bookingId, review: { rating, comment } },
      {
        onSuccess: () => toast.success('Thanks: your review is saved.'),
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'Your review could not be saved.'),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <fieldset aria-describedby={error ? `${ids}-error` : undefined}>
        <legend className="text-sm font-medium text-stone-700">How was the haul with {otherName}?</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded-md p-1 text-3xl leading-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-leather-400"
            >
              <input
                type="radio"
                name={`${ids}-rating`}
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
                className="sr-only"
              />
              <span aria-hidden="true" className={clsx(star <= rating ? 'text-amber-500' : 'text-stone-300')}>
                ★
              </span>
              <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-comment`} className="text-sm font-medium text-stone-700">
          Comment (optional)
        </label>
        <textarea
          id={`${ids}-comment`}
          value={comment}
          maxLength={HAUL_LIMITS.reviewMax}
          onChange={(event) => setComment(event.target.value)}
          rows={3}
          className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:border-leather-600 focus:ring-2 focus:ring-leather-200 focus:outline-none"
        />
      </div>
      {error && (
        <p id={`${ids}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" busy={change.isPending} className="self-start">
        Send review
      </Button>
    </form>
  );
}

/** A review as shown: its stars in words and marks, the comment, who and when. */
export function ReviewView({
  review,
  label,
  reportable = false,
}: {
  review: HaulReview;
  label: string;
  /** The other side's review: its subject may report it (ADR 028, "Hauling items"). */
  reportable?: boolean;
}) {
  return (
    <figure className="relative rounded-xl bg-leather-50 p-3">
      {reportable && (
        <ReportHaulButton
          targetType="haul_review"
          targetId={review.id}
          label="Report this review"
          className="absolute top-2 right-2"
        />
      )}
      <figcaption className="text-sm font-semibold text-leather-900">
        {label} <span className="font-normal text-stone-500">· {formatShortDate(review.created_at)}</span>
      </figcaption>
      <p className="mt-1">
        <span className="sr-only">{`${review.rating} of 5 stars`}</span>
        <span aria-hidden="true" className="text-amber-500">
          {'★'.repeat(review.rating)}
        </span>
        <span aria-hidden="true" className="text-stone-300">
          {'★'.repeat(5 - review.rating)}
        </span>
      </p>
      {review.comment && (
        <blockquote className="mt-1 text-sm whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">
          {review.comment}
        </blockquote>
      )}
    </figure>
  );
}
