import { HAUL_LIMITS, type Place, RATE_TYPE_LABELS, RATE_TYPES } from '@corral/contract';
import { useId } from 'react';
import { PlaceTypeahead } from '../../../entities/places/index.ts';
import type { RateType } from '../api/hauling-api.ts';

export interface HaulingFilterValues {
  near: Place | null;
  date: string;
  horses: number | null;
  rate: RateType | null;
}

const NEAR_KEY = 'corral:haul-near';

/** The Near place the member last searched from (kept on this device, for every event's board). */
export function loadNear(): Place | null {
  try {
    const kept = JSON.parse(localStorage.getItem(NEAR_KEY) ?? 'null') as Place | null;
    return kept && typeof kept.id === 'number' && typeof kept.name === 'string' ? kept : null;
  } catch {
    return null;
  }
}

export function saveNear(place: Place | null): void {
  try {
    if (place) localStorage.setItem(NEAR_KEY, JSON.stringify(place));
    else localStorage.removeItem(NEAR_KEY);
  } catch {
    // Storage refused (private mode, full): the filter still applies on this page.
  }
}

const selectClass =
  'w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200';

/** The board's filters: near a place, a day, horses (stalls free), rate type. */
export function HaulingFilters({
  value,
  onChange,
  eventPlaceId,
}: {
  value: HaulingFilterValues;
  onChange: (value: HaulingFilterValues) => void;
  /** The event's place: the Near typeahead lists the nearest places first. */
  eventPlaceId?: number | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="grid grid-cols-2 gap-3 rounded-2xl border border-leather-100 p-3 sm:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-leather-900">Find a haul</legend>
      <div className="col-span-2 sm:col-span-3">
        <PlaceTypeahead
          id={`${id}-near`}
          label="Near"
          near={eventPlaceId}
          value={value.near}
          onChange={(near) => {
            saveNear(near);
            onChange({ ...value, near });
          }}
        />
      </div>
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <label htmlFor={`${id}-date`} className="text-sm font-medium text-stone-700">
          Leaving on
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={value.date}
          onChange={(event) => onChange({ ...value, date: event.target.value })}
          className={selectClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-horses`} className="text-sm font-medium text-stone-700">
          Horses
        </label>
        <select
          id={`${id}-horses`}
          value={value.horses ?? ''}
          onChange={(event) => onChange({ ...value, horses: event.target.value ? Number(event.target.value) : null })}
          className={selectClass}
        >
          <option value="">Any</option>
          {Array.from({ length: HAUL_LIMITS.horsesMax }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count} {count === 1 ? 'stall free' : 'stalls free'}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-rate`} className="text-sm font-medium text-stone-700">
          Rate
        </label>
        <select
          id={`${id}-rate`}
          value={value.rate ?? ''}
          onChange={(event) => onChange({ ...value, rate: (event.target.value || null) as RateType | null })}
          className={selectClass}
        >
          <option value="">Any rate</option>
          {RATE_TYPES.map((rate) => (
            <option key={rate} value={rate}>
              {RATE_TYPE_LABELS[rate]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
