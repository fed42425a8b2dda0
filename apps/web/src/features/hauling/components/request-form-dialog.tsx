import {
  type CreateHaulRequestRequest,
  type EventDetail,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  HAUL_VISIBILITIES,
  HAUL_VISIBILITY_LABELS,
  type Place,
} from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PlaceTypeahead } from '../../../entities/places/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateRequest } from '../api/hauling-api.ts';
import { FormAlert, focusFirstInvalid, formFailure, SelectField, TextAreaField } from './haul-form-controls.tsx';
import { fromLocalInput, zoneLabel } from './haul-times.ts';

interface RequestFormValues {
  origin: Place | null;
  depart_from: string;
  depart_until: string;
  horses: string;
  visibility: (typeof HAUL_VISIBILITIES)[number];
  notes: string;
}
type FieldName = keyof RequestFormValues;
const FIELDS: FieldName[] = ['origin', 'depart_from', 'depart_until', 'horses', 'visibility', 'notes'];

/** The server's rules for a request, with its messages; the answer is the request to send. */
function requestFormSchema(event: { id: number; time_zone: string }) {
  return z
    .custom<RequestFormValues>()
    .superRefine((values, context) => {
      const issue = (path: FieldName, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      if (!values.origin) issue('origin', HAUL_MESSAGES.placeNotFound);
      const from = fromLocalInput(values.depart_from, event.time_zone);
      const until = fromLocalInput(values.depart_until, event.time_zone);
      if (!from) issue('depart_from', 'Give a date and time.');
      if (!until) issue('depart_until', 'Give a date and time.');
      else if (from && Date.parse(until) <= Date.parse(from)) issue('depart_until', HAUL_MESSAGES.departureOrder);
      const horses = /^\d+$/.test(values.horses.trim()) ? Number(values.horses) : Number.NaN;
      if (!(horses >= 1 && horses <= HAUL_LIMITS.horsesMax)) issue('horses', HAUL_MESSAGES.horsesRange);
    })
    .transform(
      (values): CreateHaulRequestRequest => ({
        event_id: event.id,
        origin_place_id: values.origin?.id ?? 0,
        depart_from: fromLocalInput(values.depart_from, event.time_zone) ?? '',
        depart_until: fromLocalInput(values.depart_until, event.time_zone) ?? '',
        horses: Number(values.horses),
        visibility: values.visibility,
        notes: values.notes.trim(),
      }),
    );
}

/** Ask for stalls: where the rider leaves from, when, how many horses; listed on the event's Hauling tab. */
export function RequestFormDialog({
  event,
  near,
  open,
  onOpenChange,
}: {
  event: EventDetail;
  near: Place | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const schema = useMemo(() => requestFormSchema(event), [event]);
  const blank = (): RequestFormValues => ({
    origin: near,
    depart_from: '',
    depart_until: '',
    horses: '1',
    visibility: 'everyone',
    notes: '',
  });
  const form = useForm<RequestFormValues, unknown, CreateHaulRequestRequest>({
    resolver: zodResolver(schema),
    defaultValues: blank(),
    shouldFocusError: false,
  });
  const create = useCreateRequest();
  const [failure, setFailure] = useState<string>();
  const errors = form.formState.errors;

  const close = (next: boolean) => {
    if (!next && create.isPending) return;
    onOpenChange(next);
  };

  const submit = form.handleSubmit(
    (request) => {
      setFailure(undefined);
      create.mutate(request, {
        onSuccess: () => {
          toast.success('Your request is on the board.');
          form.reset(blank());
          onOpenChange(false);
        },
        onError: (error) => {
          let placed = 0;
          if (error instanceof ApiError)
            for (const [path, messages] of Object.entries(error.errors)) {
              const name = path === 'origin_place_id' ? 'origin' : (path as FieldName);
              if (!FIELDS.includes(name) || !messages[0]) continue;
              form.setError(name, { type: 'server', message: messages[0] });
              placed += 1;
            }
          if (placed === 0) setFailure(formFailure(error, 'Your request could not be sent.'));
          else focusFirstInvalid('haul-request-form');
        },
      });
    },
    () => focusFirstInvalid('haul-request-form'),
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Ask for stalls"
      description={`Ask drivers going to ${event.title} for stalls.`}
      className="max-sm:h-[calc(100dvh-4rem)]"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="haul-request-form" busy={create.isPending}>
            Ask for stalls
          </Button>
        </>
      }
    >
      <form id="haul-request-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="origin"
          render={({ field, fieldState }) => (
            <PlaceTypeahead
              label="Leaving from"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              near={event.place?.id}
            />
          )}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Earliest departure"
            type="datetime-local"
            hint={zoneLabel(event.time_zone)}
            error={errors.depart_from?.message}
            {...form.register('depart_from')}
          />
          <TextField
            label="Latest departure"
            type="datetime-local"
            hint={zoneLabel(event.time_zone)}
            error={errors.depart_until?.message}
            {...form.register('depart_until')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Horses"
            type="number"
            min={1}
            max={HAUL_LIMITS.horsesMax}
            error={errors.horses?.message}
            {...form.register('horses')}
          />
          <SelectField label="Who sees it" error={errors.visibility?.message} {...form.register('visibility')}>
            {HAUL_VISIBILITIES.map((visibility) => (
              <option key={visibility} value={visibility}>
                {HAUL_VISIBILITY_LABELS[visibility]}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Notes"
          maxLength={HAUL_LIMITS.notesMax}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        <FormAlert message={failure} />
      </form>
    </Modal>
  );
}
