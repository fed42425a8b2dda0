import {
  EVENT_CONFIRMATION_OPTIONS,
  EVENT_KIND_OPTIONS,
  EVENT_PERFORMANCE_PLACEHOLDERS,
  EVENT_TOUR_OPTIONS,
  type EventDraft,
  type EventDraftForm,
  eventTitleCounter,
  LIMITS,
  newPerformanceRow,
  type Place,
  type ReferenceItem,
} from '@corral/contract';
import { type Ref, useId, useMemo } from 'react';
import { Controller, type FieldErrors, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAssociationList, useCircuitList, useEventTypeList } from '../api/events-api.ts';
import { FieldError, inputClass, RadioGroup, SelectField, YesNoSwitch } from './event-form-controls.tsx';
import { EventPlaceField } from './event-form-place.tsx';
import { EventImageField, type PendingCrop } from './event-image-field.tsx';

export type EventFormApi = UseFormReturn<EventDraftForm, unknown, EventDraft>;

/** Every IANA zone the browser knows, with `current` kept even if the list lacks it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(zones);
  all.add('UTC');
  if (current) all.add(current);
  return [...all].sort();
}

const referenceOptions = (items: ReferenceItem[] | undefined) =>
  (items ?? []).map((item) => (
    <option key={item.id} value={String(item.id)}>
      {item.abr ? `${item.name} (${item.abr})` : item.name}
    </option>
  ));

function performanceErrors(errors: FieldErrors<EventDraftForm>, index: number) {
  const row = errors.performances?.[index];
  return { name: row?.name?.message, date: row?.date?.message, time: row?.time?.message };
}

/**
 * Every field of the event draft (spec: Create Event modal), for the create and the edit modals. Messages
 * show under their field, verbatim from the contract's schema or the server's 422 `errors`.
 */
export function EventFormFields({
  form,
  image,
  onImageChange,
  imageError,
  imageRef,
  disabled,
  storedPlace,
}: {
  form: EventFormApi;
  image: string | null;
  onImageChange: (jpeg: Blob | null) => void;
  imageError?: string | undefined;
  /** The image field's handle, for applying a crop still pending when the form is sent. */
  imageRef?: Ref<PendingCrop>;
  disabled: boolean;
  /** Edit: the event's place as stored (shown while the location is unchanged); create: undefined. */
  storedPlace?: Place | null;
}) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const performances = useFieldArray({ control, name: 'performances' });
  const title = useWatch({ control, name: 'eventTitle' }) ?? '';
  const timeZone = useWatch({ control, name: 'timeZone' }) ?? '';
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const eventTypes = useEventTypeList();
  const associations = useAssociationList();
  const circuits = useCircuitList();
  const titleId = useId();
  const performancesError = errors.performances?.message ?? errors.performances?.root?.message;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex items-end justify-between">
          <label htmlFor={titleId} className="text-sm font-medium text-stone-700">
            Event title
          </label>
          <span className="text-xs text-stone-500" aria-live="polite" data-testid="event-title-counter">
            {eventTitleCounter(title)}
          </span>
        </div>
        <input
          id={titleId}
          maxLength={LIMITS.eventTitleMax}
          aria-invalid={errors.eventTitle ? true : undefined}
          aria-describedby={errors.eventTitle ? `${titleId}-error` : undefined}
          className={inputClass(errors.eventTitle?.message)}
          {...register('eventTitle')}
        />
        <FieldError id={`${titleId}-error`} message={errors.eventTitle?.message} />
      </div>

      <div className="grid grid-cols-2 gap-3">
        <TextField label="Start date" type="date" error={errors.startDate?.message} {...register('startDate')} />
        <TextField label="Start time" type="time" error={errors.startTime?.message} {...register('startTime')} />
        <TextField label="End date" type="date" error={errors.endDate?.message} {...register('endDate')} />
        <TextField label="End time" type="time" error={errors.endTime?.message} {...register('endTime')} />
      </div>
      <SelectField label="Time zone" error={errors.timeZone?.message} {...register('timeZone')}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>

      <TextField
        label="Event location"
        maxLength={LIMITS.eventLocationMax}
        error={errors.eventLocation?.message}
        {...register('eventLocation')}
      />
      <EventPlaceField form={form} storedPlace={storedPlace} />
      <TextField
        label="Event address"
        maxLength={LIMITS.eventAddressMax}
        autoComplete="street-address"
        error={errors.eventAddress?.message}
        {...register('eventAddress')}
      />

      <EventImageField ref={imageRef} preview={image} onChange={onImageChange} disabled={disabled} error={imageError} />

      <RadioGroup
        legend="Event type"
        options={EVENT_KIND_OPTIONS}
        error={errors.eventType?.message}
        registration={register('eventType')}
      />

      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-stone-700">Disciplines</legend>
        {eventTypes.isError && <p className="text-sm text-red-700">The event types could not be loaded.</p>}
        <div className="flex flex-wrap gap-2">
          {(eventTypes.data ?? []).map((type) => (
            <label
              key={type.id}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-leather-200 px-3 py-1.5 text-sm has-[:checked]:border-leather-600 has-[:checked]:bg-leather-50"
            >
              <input
                type="checkbox"
                value={String(type.id)}
                className="accent-leather-700"
                {...register('eventTypeIds')}
              />
              {type.name}
            </label>
          ))}
        </div>
        <FieldError id="event-types-error" message={errors.eventTypeIds?.message} />
      </fieldset>

      <Controller
        control={control}
        name="privateEvent"
        render={({ field, fieldState }) => (
          <YesNoSwitch
            label="Private event"
            checked={field.value === true}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-700">Performances</legend>
        {performances.fields.map((row, index) => {
          const rowErrors = performanceErrors(errors, index);
          return (
            <div key={row.id} className="rounded-xl border border-leather-100 p-3">
              <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_9rem_auto]">
                <TextField
                  label={`Performance ${index + 1} name`}
                  placeholder={EVENT_PERFORMANCE_PLACEHOLDERS[index] ?? ''}
                  maxLength={LIMITS.eventPerformanceNameMax}
                  error={rowErrors.name}
                  {...register(`performances.${index}.name`)}
                />
                <TextField
                  label="Date"
                  type="date"
                  error={rowErrors.date}
                  {...register(`performances.${index}.date`)}
                />
                <TextField
                  label="Time"
                  type="time"
                  error={rowErrors.time}
                  {...register(`performances.${index}.time`)}
                />
                <button
                  type="button"
                  aria-label={`Remove performance ${index + 1}`}
                  onClick={() => performances.remove(index)}
                  className="self-start rounded-full p-2 text-stone-500 hover:bg-leather-50 hover:text-red-700 sm:mt-6"
                >
                  <Icon name="close" className="size-5" />
                </button>
              </div>
            </div>
          );
        })}
        <FieldError id="performances-error" message={performancesError} />
        <Button
          variant="secondary"
          className="self-start"
          disabled={performances.fields.length >= LIMITS.eventPerformancesMax}
          onClick={() => performances.append(newPerformanceRow())}
        >
          <Icon name="plus" className="size-4" />
          Add performance
        </Button>
      </fieldset>

      <SelectField label="Association type" error={errors.associationType?.message} {...register('associationType')}>
        <option value="">Choose an association</option>
        {referenceOptions(associations.data)}
      </SelectField>
      <SelectField label="Circuits" error={errors.circuits?.message} {...register('circuits')}>
        <option value="">Choose a circuit</option>
        {referenceOptions(circuits.data)}
      </SelectField>

      <RadioGroup
        legend="Tour"
        options={EVENT_TOUR_OPTIONS}
        error={errors.tour?.message}
        registration={register('tour')}
      />

      <Controller
        control={control}
        name="syncEvent"
        render={({ field, fieldState }) => (
          <YesNoSwitch
            label="Sync to my calendar"
            checked={field.value !== false}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />

      <RadioGroup
        legend="Confirmation status"
        options={EVENT_CONFIRMATION_OPTIONS}
        error={errors.eventConfirmation?.message}
        registration={register('eventConfirmation')}
      />

      <TextField
        label="Added money ($)"
        inputMode="numeric"
        placeholder="0"
        error={errors.addedMoney?.message}
        {...register('addedMoney')}
      />
    </div>
  );
}
