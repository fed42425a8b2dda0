import type { CreateHaulOfferRequest, EventDetail } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useCreateOffer, useMyHaulsSummary } from '../api/hauling-api.ts';
import { FormAlert, focusFirstInvalid, formFailure } from './haul-form-controls.tsx';
import { OfferFormFields } from './offer-form-fields.tsx';
import { newOfferFormValues, type OfferFormValues, offerFormField, offerFormSchema } from './offer-form-schema.ts';
import { OfferRunFields } from './offer-run-fields.tsx';

/**
 * Offer a haul to the event: a dialog on wider screens, the whole screen on phones. Checked by the server's
 * rules before it is sent; the server's refusals show on their fields, or above the buttons.
 */
export function OfferFormDialog({
  event,
  open,
  onOpenChange,
}: {
  event: EventDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const schema = useMemo(() => offerFormSchema(event), [event]);
  const form = useForm<OfferFormValues, unknown, CreateHaulOfferRequest>({
    resolver: zodResolver(schema),
    defaultValues: newOfferFormValues(event.performances),
    shouldFocusError: false,
  });
  const create = useCreateOffer();
  const [failure, setFailure] = useState<string>();
  const mine = useMyHaulsSummary();

  // A first offer takes onboarding's transport answer as its rate type, unless the member chose one.
  const suggested = mine.data && mine.data.offers.length === 0 ? mine.data.suggested_rate_type : null;
  useEffect(() => {
    if (suggested && !form.getFieldState('rate_type').isDirty) form.setValue('rate_type', suggested);
  }, [suggested, form]);

  const close = (next: boolean) => {
    if (!next && create.isPending) return;
    onOpenChange(next);
  };

  const submit = form.handleSubmit(
    (offer) => {
      setFailure(undefined);
      create.mutate(offer, {
        onSuccess: () => {
          toast.success('Your haul is on the board.');
          form.reset(newOfferFormValues(event.performances));
          onOpenChange(false);
        },
        onError: (error) => {
          const placed = error instanceof ApiError ? showOnFields(error, form.setError) : 0;
          if (placed === 0) setFailure(formFailure(error, 'Your haul could not be offered.'));
          else focusFirstInvalid('haul-offer-form');
        },
      });
    },
    () => focusFirstInvalid('haul-offer-form'),
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Offer a haul"
      description={`Offer stalls in your trailer to ${event.title}.`}
      className="max-sm:h-[calc(100dvh-4rem)] sm:w-[min(40rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="haul-offer-form" busy={create.isPending}>
            Offer haul
          </Button>
        </>
      }
    >
      <form id="haul-offer-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-stone-600">
          To <strong>{event.title}</strong>. Times are on the event's clock.
        </p>
        <fieldset disabled={create.isPending} className="m-0 min-w-0 border-0 p-0">
          <legend className="sr-only">Your haul</legend>
          <OfferFormFields
            form={form}
            timeZone={event.time_zone}
            performances={event.performances}
            eventPlaceId={event.place?.id}
          />
          <div className="mt-4">
            <OfferRunFields form={form} eventId={event.id} fromDate={event.from_date} />
          </div>
        </fieldset>
        <FormAlert message={failure} />
      </form>
    </Modal>
  );
}

/** Puts a 422's messages on the form's fields; answers how many it placed. */
function showOnFields(
  error: ApiError,
  setError: ReturnType<typeof useForm<OfferFormValues, unknown, CreateHaulOfferRequest>>['setError'],
): number {
  let placed = 0;
  for (const [path, messages] of Object.entries(error.errors)) {
    const field = offerFormField(path);
    const message = messages[0];
    if (!field || !message) continue;
    setError(field, { type: 'server', message });
    placed += 1;
  }
  return placed;
}
