import type { HaulBooking } from '@corral/contract';
import { clsx } from 'clsx';

export const BOOKING_STATUS_LABELS: Record<HaulBooking['status'], string> = {
  requested: 'Waiting for the driver',
  confirmed: 'Confirmed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** A booking's status as a badge, in words; a request waits for the driver's answer, said to the driver as theirs. */
export function BookingStatusBadge({
  status,
  asDriver = false,
}: {
  status: HaulBooking['status'];
  asDriver?: boolean;
}) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'confirmed' || status === 'completed'
          ? 'bg-sage-500/15 text-sage-700'
          : status === 'requested'
            ? 'bg-amber-100 text-amber-900'
            : 'bg-stone-200 text-stone-700',
      )}
    >
      {asDriver && status === 'requested' ? 'Waiting for your answer' : BOOKING_STATUS_LABELS[status]}
    </span>
  );
}
