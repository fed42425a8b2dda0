import { HAUL_LIMITS } from '@corral/contract';
import { useEffect } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useRunEventDetail, useRunEvents } from '../api/hauling-api.ts';
import { SelectField } from './haul-form-controls.tsx';
import { zoneLabel } from './haul-times.ts';
import { formatHaulTime } from './offer-card.tsx';
import type { OfferFormApi } from './offer-form-fields.tsx';
import { newRunLeg } from './offer-form-schema.ts';

type RunEvent = { id: number; title: string; from_date: string };

/** One further leg: its event (from the member's upcoming events), the performance, the window on its clock. */
function RunLeg({
  form,
  index,
  events,
  onRemove,
}: {
  form: OfferFormApi;
  index: number;
  events: RunEvent[];
  onRemove: () => void;
}) {
  const { register, control, setValue, formState } = form;
  const errors = formState.errors.next_legs?.[index];
  const eventId = Number(useWatch({ control, name: `next_legs.${index}.event_id` })) || null;
  const detail = useRunEventDetail(eventId);
  const zone = detail.data?.time_zone ?? '';
  useEffect(() => {
    setValue(`next_legs.${index}.time_zone`, zone);
    if (detail.data) {
      const first = detail.data.performances[0];
      setValue(`next_legs.${index}.arrive_performance_id`, first ? String(first.id) : '');
    }
  }, [zone, detail.data, index, setValue]);
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-leather-100 p-3">
      <legend className="px-1 text-sm font-semibold text-leather-900">Leg {index + 2}</legend>
      <SelectField label="Next event" error={errors?.event_id?.message} {...register(`next_legs.${index}.event_id`)}>
        <option value="">Choose an event</option>
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {event.title}
          </option>
        ))}
      </SelectField>
      {detail.isError && <p className="text-sm text-red-700">This event could not be loaded.</p>}
      {detail.data && (
        <>
          <SelectField
            label="Arrive by"
            error={errors?.arrive_performance_id?.message}
            {...register(`next_legs.${index}.arrive_performance_id`)}
          >
            {detail.data.performances.map((performance) => (
              <option key={performance.id} value={performance.id}>
                {performance.name} ({formatHaulTime(performance.starts_at, zone, true)})
              </option>
            ))}
          </SelectField>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Leave from"
              type="datetime-local"
              hint={zoneLabel(zone)}
              error={errors?.depart_from?.message}
              {...register(`next_legs.${index}.depart_from`)}
            />
            <TextField
              label="Leave by"
              type="datetime-local"
              hint={zoneLabel(zone)}
              error={errors?.depart_until?.message}
              {...register(`next_legs.${index}.depart_until`)}
            />
          </div>
        </>
      )}
      <Button variant="ghost" className="self-start" onClick={onRemove}>
        Remove leg {index + 2}
      </Button>
    </fieldset>
  );
}

/**
 * A run of events: further legs, each leaving from the previous leg's event, booked on its own. The events are
 * the member's upcoming ones (created or followed), after this one.
 */
export function OfferRunFields({ form, eventId, fromDate }: { form: OfferFormApi; eventId: number; fromDate: string }) {
  const legs = useFieldArray({ control: form.control, name: 'next_legs' });
  const events = useRunEvents(legs.fields.length > 0);
  const choices = (events.data ?? []).filter((event) => event.id !== eventId && event.from_date >= fromDate);
  return (
    <section aria-labelledby="haul-run-heading" className="flex flex-col gap-3">
      <h3 id="haul-run-heading" className="text-sm font-semibold text-leather-900">
        A run of events
      </h3>
      <p className="text-xs text-stone-600">
        Going on to another event? Add it: that leg leaves from this event. Events you created or follow.
      </p>
      {legs.fields.map((leg, index) => (
        <RunLeg key={leg.id} form={form} index={index} events={choices} onRemove={() => legs.remove(index)} />
      ))}
      {events.isSuccess && legs.fields.length > 0 && choices.length === 0 && (
        <p className="text-sm text-stone-600">Follow the next event first: it will show here.</p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        disabled={legs.fields.length >= HAUL_LIMITS.legsMax - 1}
        onClick={() => legs.append(newRunLeg())}
      >
        Add the next event
      </Button>
    </section>
  );
}
