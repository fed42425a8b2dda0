import type { CreateHaulOfferRequest } from '@corral/contract';
import {
  BOOKING_MODE_LABELS,
  BOOKING_MODES,
  type EventPerformance,
  HAUL_LIMITS,
  HAUL_VISIBILITIES,
  HAUL_VISIBILITY_LABELS,
  PRICE_UNIT_LABELS,
  PRICE_UNITS,
  RATE_TYPE_LABELS,
  RATE_TYPES,
  STALL_KIND_LABELS,
  STALL_KINDS,
} from '@corral/contract';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { PlaceTypeahead } from '../../../entities/places/index.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { SelectField, TextAreaField } from './haul-form-controls.tsx';
import { zoneLabel } from './haul-times.ts';
import { formatHaulTime } from './offer-card.tsx';
import type { OfferFormValues } from './offer-form-schema.ts';

export type OfferFormApi = UseFormReturn<OfferFormValues, unknown, CreateHaulOfferRequest>;

function Choice<T extends string>({
  legend,
  values,
  labels,
  form,
  name,
}: {
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
  form: OfferFormApi;
  name: 'rate_type' | 'booking_mode';
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-stone-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-leather-200 px-3 py-1.5 text-sm has-[:checked]:border-leather-600 has-[:checked]:bg-leather-50"
          >
            <input type="radio" value={value} className="accent-leather-700" {...form.register(name)} />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Every field of an offer (one leg): where from, when, the trailer, the price, how it is booked. */
export function OfferFormFields({
  form,
  timeZone,
  performances,
  eventPlaceId,
}: {
  form: OfferFormApi;
  timeZone: string;
  performances: EventPerformance[];
  /** The event's place: the typeahead lists the nearest places first. */
  eventPlaceId?: number | undefined;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const rate = useWatch({ control, name: 'rate_type' });
  const professional = rate === 'professional';
  return (
    <div className="flex flex-col gap-4">
      <Controller
        control={control}
        name="origin"
        render={({ field, fieldState }) => (
          <PlaceTypeahead
            label="Leaving from"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            near={eventPlaceId}
          />
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Leave from"
          type="datetime-local"
          hint={zoneLabel(timeZone)}
          error={errors.depart_from?.message}
          {...register('depart_from')}
        />
        <TextField
          label="Leave by"
          type="datetime-local"
          hint={zoneLabel(timeZone)}
          error={errors.depart_until?.message}
          {...register('depart_until')}
        />
      </div>
      <SelectField
        label="Arrive by"
        error={errors.arrive_performance_id?.message}
        {...register('arrive_performance_id')}
      >
        {performances.map((performance) => (
          <option key={performance.id} value={performance.id}>
            {performance.name} ({formatHaulTime(performance.starts_at, timeZone, true)})
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Stalls"
          type="number"
          min={1}
          max={HAUL_LIMITS.stallsMax}
          error={errors.stalls?.message}
          {...register('stalls')}
        />
        <SelectField label="Stall kind" error={errors.stall_kind?.message} {...register('stall_kind')}>
          {STALL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {STALL_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Seats for riders"
          type="number"
          min={0}
          max={HAUL_LIMITS.seatsMax}
          error={errors.seats?.message}
          {...register('seats')}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-stone-700">
          <input type="checkbox" className="size-5 accent-leather-700" {...register('tack_room')} />
          Tack room
        </label>
      </div>
      <Choice legend="Rate type" values={RATE_TYPES} labels={RATE_TYPE_LABELS} form={form} name="rate_type" />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Price ($)" inputMode="numeric" error={errors.price?.message} {...register('price')} />
        <SelectField label="Price is" error={errors.price_unit?.message} {...register('price_unit')}>
          {PRICE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {PRICE_UNIT_LABELS[unit]}
            </option>
          ))}
        </SelectField>
      </div>
      {professional ? (
        <fieldset className="flex flex-col gap-3 rounded-xl border border-leather-100 p-3">
          <legend className="px-1 text-sm font-semibold text-leather-900">Professional hauler</legend>
          <p className="text-xs text-stone-600">A USDOT or an MC number (one is required), and your insurance.</p>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="USDOT number"
              inputMode="numeric"
              error={errors.usdot_number?.message}
              {...register('usdot_number')}
            />
            <TextField label="MC number" error={errors.mc_number?.message} {...register('mc_number')} />
          </div>
          <TextField
            label="Insurance expires on *"
            type="date"
            required
            error={errors.insurance_expires_on?.message}
            {...register('insurance_expires_on')}
          />
        </fieldset>
      ) : (
        <TextField
          label="Cap per horse ($)"
          inputMode="numeric"
          required
          hint="A fill rate shares the cost: no horse pays more than this."
          error={errors.cap_per_horse?.message}
          {...register('cap_per_horse')}
        />
      )}
      <Choice legend="Booking" values={BOOKING_MODES} labels={BOOKING_MODE_LABELS} form={form} name="booking_mode" />
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Who sees it" error={errors.visibility?.message} {...register('visibility')}>
          {HAUL_VISIBILITIES.map((visibility) => (
            <option key={visibility} value={visibility}>
              {HAUL_VISIBILITY_LABELS[visibility]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Detour you accept (km)"
          type="number"
          min={0}
          max={HAUL_LIMITS.detourKmMax}
          error={errors.detour_km?.message}
          {...register('detour_km')}
        />
      </div>
      <TextAreaField
        label="Notes"
        maxLength={HAUL_LIMITS.notesMax}
        error={errors.notes?.message}
        {...register('notes')}
      />
    </div>
  );
}
