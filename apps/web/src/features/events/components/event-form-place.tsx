import type { Place } from '@corral/contract';
import { SEARCH_LIMITS } from '@corral/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { locationQuery, PlaceTypeahead, placeLabel, predictPlace, usePlaces } from '../../../entities/places/index.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Button } from '../../../ui/button.tsx';
import type { EventFormApi } from './event-form.tsx';

export const EVENT_PLACE_TEXTS = {
  label: 'Place on the map',
  none: 'None found from the location yet.',
  hint: 'Hauling offers to this event measure their distances from here.',
  change: 'Change',
  pick: 'Pick a place',
  keep: 'Keep this',
} as const;

/**
 * The event's place on the map (docs/decisions/030-hauling-board.md): what the server will take the location
 * for, or the stored place while the location is unchanged, shown for the organiser to confirm; Change opens
 * the typeahead, and a place picked there is sent as `place_id`. Nothing picked sends nothing, and the server
 * resolves the location itself (as shown).
 */
export function EventPlaceField({ form, storedPlace }: { form: EventFormApi; storedPlace?: Place | null }) {
  const { control, setValue, formState } = form;
  const location = useWatch({ control, name: 'eventLocation' }) ?? '';
  const pickedId = useWatch({ control, name: 'place_id' });
  const [picked, setPicked] = useState<Place | null>(null);
  const [changing, setChanging] = useState(false);
  const settled = useDebouncedValue(location, SEARCH_LIMITS.debounceMs);
  const unchanged = storedPlace !== undefined && location === formState.defaultValues?.eventLocation;
  const asked = unchanged ? '' : locationQuery(settled).q.slice(0, 80);
  const prediction = usePlaces(asked);
  const shown =
    picked && pickedId === picked.id
      ? picked
      : unchanged
        ? (storedPlace ?? null)
        : predictPlace(settled, prediction.data?.data);
  const error = formState.errors.place_id?.message;

  const choose = (place: Place | null) => {
    setPicked(place);
    setValue('place_id', place?.id, { shouldDirty: true });
    if (place) setChanging(false);
  };

  if (changing)
    return (
      <div className="flex flex-col gap-2 rounded-xl border border-leather-100 p-3">
        <PlaceTypeahead
          label={EVENT_PLACE_TEXTS.label}
          value={picked}
          onChange={choose}
          error={error}
          description={EVENT_PLACE_TEXTS.hint}
        />
        <Button variant="ghost" className="self-start" onClick={() => setChanging(false)}>
          {shown ? `${EVENT_PLACE_TEXTS.keep}: ${placeLabel(shown)}` : 'Close'}
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-700" aria-live="polite">
        <span>{EVENT_PLACE_TEXTS.label}:</span>
        <strong className="font-semibold text-stone-900">{shown ? placeLabel(shown) : EVENT_PLACE_TEXTS.none}</strong>
        <span aria-hidden="true">—</span>
        <Button variant="ghost" className="px-2 py-0.5" onClick={() => setChanging(true)}>
          {shown ? EVENT_PLACE_TEXTS.change : EVENT_PLACE_TEXTS.pick}
        </Button>
      </p>
      <p className="text-xs text-stone-500">{EVENT_PLACE_TEXTS.hint}</p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
