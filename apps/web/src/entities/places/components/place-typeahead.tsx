import { HAUL_MESSAGES, type Place, SEARCH_LIMITS } from '@corral/contract';
import { clsx } from 'clsx';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { normalizePlaceQuery, placeLabel, usePlaces } from '../api/places-api.ts';

export interface PlaceTypeaheadProps {
  label: string;
  /** The place picked; null while none is (or while the member types another). */
  value: Place | null;
  onChange: (place: Place | null) => void;
  /** The input's id (a form's label or error may point at it); one is made otherwise. */
  id?: string;
  error?: string | undefined;
  /** A hint under the field ("The town you leave from"). */
  description?: string;
  /** A place id to list the nearest places first (the event's, on the hauling board). */
  near?: number | undefined;
}

export const PLACE_TYPEAHEAD_TEXTS = {
  searching: 'Searching places…',
  failed: 'Places could not be loaded. Check your connection and type again.',
  empty: (q: string) => `No town or city starts with “${q}”. Try its name without the venue.`,
} as const;

/**
 * A town or city from the gazetteer (GET /places, docs/decisions/030-hauling-board.md), as a WAI-ARIA
 * combobox: the member types (answers after a pause), ArrowDown and ArrowUp move through the places, Enter or
 * a click picks one, Escape closes the list (again: puts back the picked place's name). Typing over a picked
 * place unpicks it, so the form never holds a place its field no longer shows. The input keeps the focus and
 * points at the highlighted place with aria-activedescendant.
 */
export function PlaceTypeahead({ label, value, onChange, id, error, description, near }: PlaceTypeaheadProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const listboxId = `${inputId}-places`;
  const optionId = (index: number) => `${inputId}-place-${index}`;
  // null: the field shows the picked place; a string: what the member is typing.
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = normalizePlaceQuery(text ?? '');
  const q = useDebouncedValue(typed, SEARCH_LIMITS.debounceMs);
  const places = usePlaces(q, near);
  const options = q === typed ? (places.data?.data ?? []) : [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer highlights nothing
  useEffect(() => setActive(-1), [places.data, q]);

  const state = places.isError
    ? 'error'
    : q !== typed || places.isFetching || places.isPending
      ? 'loading'
      : options.length > 0
        ? 'results'
        : 'empty';
  const shown = open && text !== null && typed.length > 0;
  const listed = shown && state === 'results';

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (place: Place) => {
    onChange(place);
    setText(null);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) setOpen(true);
      else if (listed) {
        const count = options.length;
        setActive((current) =>
          event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
        );
      }
    } else if (event.key === 'Enter') {
      const place = listed ? options[active] : undefined;
      if (place) {
        event.preventDefault();
        pick(place);
      } else if (shown) event.preventDefault();
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        event.stopPropagation();
        close();
      } else if (text !== null && value) {
        event.preventDefault();
        event.stopPropagation();
        setText(null);
      }
    }
  };

  const describedBy = [description ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={listed}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder="Town or city, e.g. Cody, WY"
          value={text ?? (value ? placeLabel(value) : '')}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          // Options keep the focus in the input (their pointerdown is cancelled): leaving it closes the list.
          onBlur={close}
          onKeyDown={onKeyDown}
          className={clsx(
            'w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200',
            error ? 'border-red-600' : 'border-stone-300',
          )}
        />
        <div
          className={clsx(
            'absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-xl border border-leather-100 bg-white shadow-lg',
            !shown && 'hidden',
          )}
        >
          {/* The listbox is always there (aria-controls names it); empty while nothing is listed. */}
          <div id={listboxId} role="listbox" aria-label={label} className="max-h-64 overflow-y-auto">
            {listed &&
              options.map((place, index) => (
                <div
                  key={place.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  ref={(node) => {
                    if (index === active) node?.scrollIntoView?.({ block: 'nearest' });
                  }}
                  onPointerDown={(event) => event.preventDefault()}
                  onPointerEnter={() => setActive(index)}
                  onClick={() => pick(place)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') pick(place);
                  }}
                  className={clsx(
                    'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm',
                    index === active ? 'bg-leather-100 text-leather-900' : 'text-stone-800',
                  )}
                >
                  <span className="font-medium">{placeLabel(place)}</span>
                  <span className="truncate text-xs text-stone-500">
                    {place.region}, {place.country === 'CA' ? 'Canada' : 'USA'}
                  </span>
                </div>
              ))}
          </div>
          {shown && state === 'loading' && (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-stone-600">
              <Spinner className="size-4" /> {PLACE_TYPEAHEAD_TEXTS.searching}
            </p>
          )}
          {shown && state === 'empty' && (
            <p className="px-3 py-2 text-sm text-stone-600">{PLACE_TYPEAHEAD_TEXTS.empty(typed)}</p>
          )}
          {shown && state === 'error' && (
            <p role="alert" className="px-3 py-2 text-sm text-red-700">
              {PLACE_TYPEAHEAD_TEXTS.failed}
            </p>
          )}
          <p className="border-t border-leather-50 px-3 py-1 text-[11px] text-stone-500">{HAUL_MESSAGES.attribution}</p>
        </div>
      </div>
      {description && (
        <p id={`${inputId}-hint`} className="text-xs text-stone-500">
          {description}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
