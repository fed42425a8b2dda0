import { SEARCH_LIMITS, SEARCH_MESSAGES } from '@corral/contract';
import { clsx } from 'clsx';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Icon } from '../../../ui/icons.tsx';
import { normalizeQuery, useSearchDropdown } from '../api/search-api.ts';
import { moveHighlight, type SearchOption, searchOptions } from '../hooks/search-options.ts';
import { useSearchDropdownCode } from './lazy-search-dropdown.ts';
import type { DropdownState } from './search-dropdown.tsx';

export interface SearchBoxProps {
  /** Phones (< md) hide the box until the top bar's search button opens it over the bar. */
  phoneOpen?: boolean;
  onPhoneClose?: () => void;
}

/**
 * The top bar's search box (WAI-ARIA combobox): members and events as the member types (after a 250 ms
 * pause), in a dropdown. ArrowUp and ArrowDown move through the rows, Enter opens the highlighted one (or,
 * with none, the results page), Escape closes the dropdown, then the phone's search bar.
 */
export function SearchBox({ phoneOpen = false, onPhoneClose }: SearchBoxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { SearchDropdown, fetchSearchDropdown } = useSearchDropdownCode();
  const typed = normalizeQuery(text);
  const q = useDebouncedValue(typed, SEARCH_LIMITS.debounceMs);
  const search = useSearchDropdown(q);
  const options = useMemo(() => searchOptions(search.data, q), [search.data, q]);

  // A new answer, or a new page: nothing highlighted, and the dropdown closes on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the rows change
  useEffect(() => setActive(-1), [options]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (phoneOpen) input.current?.focus();
  }, [phoneOpen]);

  const state: DropdownState = search.isError
    ? 'error'
    : options.length > 0
      ? 'results'
      : typed !== q || search.isFetching || search.isPending
        ? 'loading'
        : 'empty';
  const shown = open && typed.length > 0;
  const listed = shown && state === 'results' && SearchDropdown !== undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: SearchOption) => {
    close();
    if (option.kind !== 'all') setText('');
    input.current?.blur();
    if (phoneOpen) onPhoneClose?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) setOpen(true);
      else if (listed) setActive((current) => moveHighlight(current, options.length, event.key as 'ArrowDown'));
    } else if (event.key === 'Enter' && listed && options[active]) {
      event.preventDefault();
      const option = options[active];
      choose(option);
      navigate(option.href);
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        close();
      } else if (phoneOpen) onPhoneClose?.();
    }
  };

  return (
    <search
      aria-label="Search Corral"
      className={clsx(
        'md:static md:mx-2 md:block md:h-auto md:max-w-sm md:flex-1 md:border-0 md:bg-transparent md:p-0',
        phoneOpen
          ? 'fixed inset-x-0 top-0 z-50 flex h-16 items-center gap-2 border-b border-leather-100 bg-white px-3'
          : 'hidden',
      )}
    >
      <form
        className="flex min-w-0 flex-1 items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!typed) return;
          close();
          if (phoneOpen) onPhoneClose?.();
          navigate(paths.search(typed));
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) close();
        }}
      >
        <div className="relative min-w-0 flex-1">
          <label className="relative block">
            <span className="sr-only">Search Corral</span>
            <Icon
              name="search"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
            />
            <input
              ref={input}
              type="search"
              role="combobox"
              aria-expanded={listed}
              aria-controls={listed ? listboxId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={SEARCH_LIMITS.queryMax}
              placeholder={SEARCH_MESSAGES.placeholder}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setOpen(true);
              }}
              onFocus={() => {
                setOpen(true);
                fetchSearchDropdown({ quiet: false });
              }}
              onPointerEnter={() => fetchSearchDropdown({ quiet: true })}
              onKeyDown={onKeyDown}
              className="w-full rounded-full border border-stone-200 bg-leather-50 py-2 pr-3 pl-9 text-sm focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
            />
          </label>
          {shown && SearchDropdown && (
            <SearchDropdown
              listboxId={listboxId}
              optionId={optionId}
              state={state}
              q={q || typed}
              options={options}
              active={active}
              onHover={setActive}
              onChoose={choose}
            />
          )}
          <span role="status" className="sr-only">
            {listed ? `${options.length - 1} results. Use the arrow keys to choose one.` : ''}
            {shown && state === 'empty' ? SEARCH_MESSAGES.noResults(q) : ''}
          </span>
        </div>
        {phoneOpen && (
          <button
            type="button"
            onClick={onPhoneClose}
            aria-label="Close search"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-leather-800 hover:bg-leather-100 md:hidden"
          >
            <Icon name="close" />
          </button>
        )}
      </form>
    </search>
  );
}
