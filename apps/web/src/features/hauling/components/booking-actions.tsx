import { HAUL_LIMITS, HAUL_MESSAGES, type HaulBooking } from '@corral/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { type BookingChange, useBookingChange } from '../api/bookings-api.ts';

const HOUR = 3_600_000;

/** A cancellation now would be late: within `lateCancelHours` of the offer's departure (it shows on the profile). */
export const isLateNow = (booking: HaulBooking, now = Date.now()) =>
  booking.status === 'confirmed' && Date.parse(booking.offer.depart_from) - now <= HAUL_LIMITS.lateCancelHours * HOUR;

/** Whether the viewer may cancel: either side once confirmed; the rider while it is still a request. */
export const canCancel = (booking: HaulBooking) =>
  booking.status === 'confirmed' || (booking.status === 'requested' && !booking.offer.is_mine);

const DONE: Record<'accept' | 'decline', string> = {
  accept: 'Booking accepted. The rider can see your phone number and the pickup now.',
  decline: 'Booking declined.',
};

/**
 * What the viewer can do with a booking: the driver accepts or declines a request; either side cancels (with a
 * reason, warned when it is late). Reviews are apart (ReviewForm).
 */
export function BookingActions({ booking, now }: { booking: HaulBooking; now?: number }) {
  const change = useBookingChange();
  const [cancelling, setCancelling] = useState(false);
  const answering = booking.offer.is_mine && booking.status === 'requested';
  if (!answering && !canCancel(booking)) return null;

  function answer(action: 'accept' | 'decline') {
    change.mutate({ action, id: booking.id } satisfies BookingChange, {
      onSuccess: () => toast.success(DONE[action]),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : 'The booking could not be answered.'),
    });
  }
  const pending = change.isPending ? change.variables?.action : undefined;

  return (
    <div className="flex flex-wrap gap-2">
      {answering && (
        <>
          <Button busy={pending === 'accept'} disabled={change.isPending} onClick={() => answer('accept')}>
            Accept
          </Button>
          <Button
            variant="secondary"
            busy={pending === 'decline'}
            disabled={change.isPending}
            onClick={() => answer('decline')}
          >
            Decline
          </Button>
        </>
      )}
      {canCancel(booking) && (
        <Button variant="secondary" disabled={change.isPending} onClick={() => setCancelling(true)}>
          Cancel booking
        </Button>
      )}
      <CancelDialog booking={booking} open={cancelling} onOpenChange={setCancelling} now={now} />
    </div>
  );
}

function CancelDialog({
  booking,
  open,
  onOpenChange,
  now,
}: {
  booking: HaulBooking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  now: number | undefined;
}) {
  const change = useBookingChange();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const late = isLateNow(booking, now);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(HAUL_MESSAGES.cancelReasonRequired);
      return;
    }
    setError(null);
    change.mutate(
      { action: 'cancel', id: booking.id, reason },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast.success('Booking cancelled.');
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'The booking could not be cancelled.'),
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this booking?"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Keep it
          </Button>
          <Button type="submit" form={`${ids}-form`} variant="danger" busy={change.isPending}>
            Cancel booking
          </Button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        {late && (
          <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-900">
            The haul leaves within {HAUL_LIMITS.lateCancelHours} hours: this is a late cancellation, and it shows on
            your profile.
          </p>
        )}
        <p className="text-sm text-stone-700">The stalls go back on the offer, and the other side is told why.</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-reason`} className="text-sm font-medium text-stone-700">
            Reason
          </label>
          <textarea
            id={`${ids}-reason`}
            required
            aria-invalid={error === HAUL_MESSAGES.cancelReasonRequired || undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            value={reason}
            maxLength={HAUL_LIMITS.reasonMax}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:border-leather-600 focus:ring-2 focus:ring-leather-200 focus:outline-none"
          />
        </div>
        {error && (
          <p id={`${ids}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
