import { API_PATHS, HAUL_MESSAGES, type Place, type PlacesResponse } from '@corral/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/**
 * A stand-in for entities/places' PlaceTypeahead (same props) until it lands: an ARIA combobox over
 * GET /places?q=. Delete once the real one is in.
 */
export function PlaceTypeahead({
  label,
  value,
  onChange,
  id,
  error,
}: {
  label: string;
  value: Place | null;
  onChange: (place: Place | null) => void;
  id?: string;
  error?: string | undefined;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value ? `${value.name}, ${value.region_code}` : '');
  const q = text?.trim() ?? '';
  const places = useQuery({
    queryKey: ['places', q],
    queryFn: ({ signal }) => api.get<PlacesResponse>(API_PATHS.places, { signal, query: { q } }),
    enabled: q.length > 0,
  });
  const options = places.data?.data ?? [];
  const open = text !== null && q.length > 0 && options.length > 0;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${inputId}-list`}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          if (value) onChange(null);
        }}
        className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
      />
      {open && (
        <div id={`${inputId}-list`} role="listbox" aria-label={label} className="rounded-lg border bg-white">
          {options.map((place) => (
            <div
              key={place.id}
              role="option"
              aria-selected={value?.id === place.id}
              tabIndex={-1}
              onClick={() => {
                onChange(place);
                setText(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  onChange(place);
                  setText(null);
                }
              }}
              className="cursor-pointer px-3 py-2 hover:bg-leather-50"
            >
              {place.name}, {place.region}
            </div>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="text-xs text-stone-500">{HAUL_MESSAGES.attribution}</p>
    </div>
  );
}
