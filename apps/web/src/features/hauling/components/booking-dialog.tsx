import {
  type CreateHaulBookingRequest,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  type HaulBooking,
  type HaulOffer,
  type Place,
} from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { PlaceTypeahead } from '../../../entities/places/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateBooking, useHorsesForBooking } from '../api/hauling-api.ts';
import { FieldMessage, FormAlert, focusFirstInvalid, formFailure, TextAreaField } from './haul-form-controls.tsx';
import { memberName, placeName } from './offer-card.tsx';

interface BookingFormValues {
  stalls: string;
  horse_ids: string[];
  pickup: Place | null;
  pickup_address: string;
  message: string;
}
type FieldName = keyof BookingFormValues;

/** The server's rules for a booking that the form can know: stalls free, at most one horse per stall. */
function bookingFormSchema(stallsFree: number) {
  return z
    .custom<BookingFormValues>()
    .superRefine((values, context) => {
      const issue = (path: FieldName, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      const stalls = /^\d+$/.test(values.stalls.trim()) ? Number(values.stalls) : Number.NaN;
      if (!(stalls >= 1 && stalls <= HAUL_LIMITS.stallsMax)) issue('stalls', HAUL_MESSAGES.stallsRange);
      else if (stalls > stallsFree) issue('stalls', HAUL_MESSAGES.notEnoughStalls);
      if (stalls >= 1 && values.horse_ids.length > stalls) issue('horse_ids', HAUL_MESSAGES.horsesMoreThanStalls);
    })
    .transform(
      (values): CreateHaulBookingRequest => ({
        stalls: Number(values.stalls),
        horse_ids: values.horse_ids.map(Number),
        ...(values.pickup ? { pickup_place_id: values.pickup.id } : {}),
        pickup_address: values.pickup_address.trim(),
        message: values.message.trim(),
      }),
    );
}

const SERVER_FIELDS: Record<string, FieldName> = {
  stalls: 'stalls',
  horse_ids: 'horse_ids',
  pickup_place_id: 'pickup',
  pickup_address: 'pickup_address',
  message: 'message',
};

/** What a booking sent says: booked at once, or asked; where to talk to the driver and follow it. */
function Booked({ booking, onDone }: { booking: HaulBooking; onDone: () => void }) {
  const confirmed = booking.status === 'confirmed';
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="text-stone-700">
        {confirmed
          ? `Your ${booking.stalls === 1 ? 'stall is' : 'stalls are'} booked with ${memberName(booking.offer.driver)}.`
          : `${memberName(booking.offer.driver)} will accept or decline your request.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {booking.conversation_id !== null && (
          <Link
            to={paths.conversation(booking.conversation_id)}
            className="rounded-lg border border-leather-300 px-4 py-2 text-sm font-semibold text-leather-800 hover:bg-leather-50"
          >
            Message the driver
          </Link>
        )}
        <Link
          to={paths.haulBooking(booking.id)}
          className="rounded-lg bg-leather-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leather-800"
        >
          See the booking
        </Link>
        <Button variant="ghost" onClick={onDone}>
          Close
        </Button>
      </div>
    </div>
  );
}

/** Book stalls on an offer: stalls, horses (from the member's list), where to be picked up, a message. */
export function BookingDialog({
  offer,
  near,
  open,
  onOpenChange,
}: {
  offer: HaulOffer;
  near: Place | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const schema = useMemo(() => bookingFormSchema(offer.stalls_free), [offer.stalls_free]);
  const form = useForm<BookingFormValues, unknown, CreateHaulBookingRequest>({
    resolver: zodResolver(schema),
    defaultValues: { stalls: '1', horse_ids: [], pickup: near, pickup_address: '', message: '' },
    shouldFocusError: false,
  });
  const horses = useHorsesForBooking();
  const book = useCreateBooking(offer.id);
  const [failure, setFailure] = useState<string>();
  const errors = form.formState.errors;
  const done = book.data;

  const close = (next: boolean) => {
    if (!next && book.isPending) return;
    onOpenChange(next);
  };

  const submit = form.handleSubmit(
    (booking) => {
      setFailure(undefined);
      book.mutate(booking, {
        onError: (error) => {
          let placed = 0;
          if (error instanceof ApiError)
            for (const [path, messages] of Object.entries(error.errors)) {
              const name = SERVER_FIELDS[path.split('.')[0] ?? ''];
              if (!name || !messages[0]) continue;
              form.setError(name, { type: 'server', message: messages[0] });
              placed += 1;
            }
          if (placed === 0) setFailure(formFailure(error, 'The booking could not be sent.'));
          else focusFirstInvalid('haul-booking-form');
        },
      });
    },
    () => focusFirstInvalid('haul-booking-form'),
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={done ? (done.status === 'confirmed' ? 'Booked' : 'Request sent') : 'Book stalls'}
      description={`Book stalls with ${memberName(offer.driver)} from ${placeName(offer.origin)}.`}
      footer={
        done ? undefined : (
          <>
            <Button variant="secondary" onClick={() => close(false)} disabled={book.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="haul-booking-form" busy={book.isPending}>
              {offer.booking_mode === 'instant' ? 'Book now' : 'Send request'}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Booked booking={done} onDone={() => onOpenChange(false)} />
      ) : (
        <form id="haul-booking-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-stone-600">
            {memberName(offer.driver)}, from {placeName(offer.origin)}: {offer.stalls_free} of {offer.stalls_total}{' '}
            stalls free. {offer.booking_mode === 'instant' ? 'Booked at once.' : 'The driver accepts or declines.'}
          </p>
          <TextField
            label="Stalls"
            type="number"
            min={1}
            max={offer.stalls_free}
            error={errors.stalls?.message}
            {...form.register('stalls')}
          />
          <fieldset
            className="flex flex-col gap-1"
            aria-describedby={errors.horse_ids ? 'booking-horses-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium text-stone-700">Horses</legend>
            {horses.isPending && <p className="text-sm text-stone-500">Loading your horses…</p>}
            {horses.isError && <p className="text-sm text-red-700">Your horses could not be loaded.</p>}
            {horses.data?.length === 0 && <p className="text-sm text-stone-600">You have no horses listed yet.</p>}
            <div className="flex flex-wrap gap-2">
              {(horses.data ?? []).map((horse) => (
                <label
                  key={horse.id}
                  className="flex cursor-pointer items-center gap-2 rounded-full border border-leather-200 px-3 py-1.5 text-sm has-[:checked]:border-leather-600 has-[:checked]:bg-leather-50"
                >
                  <input
                    type="checkbox"
                    value={String(horse.id)}
                    className="accent-leather-700"
                    {...form.register('horse_ids')}
                  />
                  {horse.name}
                </label>
              ))}
            </div>
            <Link to={paths.horses} className="text-sm text-leather-700 underline">
              Add or edit your horses
            </Link>
            <FieldMessage id="booking-horses-error" message={errors.horse_ids?.message} />
          </fieldset>
          <Controller
            control={form.control}
            name="pickup"
            render={({ field, fieldState }) => (
              <PlaceTypeahead
                label="Pick me up near"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                near={offer.event.place?.id}
              />
            )}
          />
          <TextField
            label="Pickup address"
            hint="Shared with the driver once the booking is confirmed."
            maxLength={HAUL_LIMITS.pickupAddressMax}
            autoComplete="street-address"
            error={errors.pickup_address?.message}
            {...form.register('pickup_address')}
          />
          <TextAreaField
            label="Message to the driver"
            maxLength={HAUL_LIMITS.messageMax}
            error={errors.message?.message}
            {...form.register('message')}
          />
          <FormAlert message={failure} />
        </form>
      )}
    </Modal>
  );
}
