import { SEARCH_MESSAGES } from '@corral/contract';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { Spinner } from '../../../ui/spinner.tsx';
import type { SearchOption } from '../hooks/search-options.ts';
import { EventSummary, MemberSummary } from './result-summaries.tsx';

export type DropdownState = 'loading' | 'error' | 'empty' | 'results';

interface SearchDropdownProps {
  listboxId: string;
  optionId: (index: number) => string;
  state: DropdownState;
  q: string;
  options: SearchOption[];
  active: number;
  onHover: (index: number) => void;
  onChoose: (option: SearchOption) => void;
}

/**
 * The popup under the search box: a listbox of members and events (the input keeps the focus and points at
 * the highlighted row with aria-activedescendant), or what is happening instead (searching, nothing found,
 * an error). Rows are links, so a click (or a middle click) goes where Enter would.
 */
export function SearchDropdown({
  listboxId,
  optionId,
  state,
  q,
  options,
  active,
  onHover,
  onChoose,
}: SearchDropdownProps) {
  const rows = (kind: SearchOption['kind']) =>
    options.map((option, index) => ({ option, index })).filter(({ option }) => option.kind === kind);
  const group = (kind: 'member' | 'event', label: string) => {
    const items = rows(kind);
    if (items.length === 0) return null;
    const labelId = `${listboxId}-${kind}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group, not a fieldset
      <div role="group" aria-labelledby={labelId}>
        <div
          id={labelId}
          role="presentation"
          className="px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-stone-500"
        >
          {label}
        </div>
        {items.map(({ option, index }) => (
          <Row
            key={option.key}
            id={optionId(index)}
            option={option}
            active={index === active}
            index={index}
            onHover={onHover}
            onChoose={onChoose}
          >
            {option.kind === 'member' && <MemberSummary member={option.member} />}
            {option.kind === 'event' && <EventSummary event={option.event} />}
          </Row>
        ))}
      </div>
    );
  };
  const all = rows('all')[0];
  return (
    <div className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-leather-100 bg-white py-1 shadow-lg">
      {state === 'loading' && (
        <p className="flex items-center gap-2 px-3 py-3 text-sm text-stone-600">
          <Spinner className="size-4" /> Searching…
        </p>
      )}
      {state === 'error' && (
        <p role="alert" className="px-3 py-3 text-sm text-red-700">
          {SEARCH_MESSAGES.failed}
        </p>
      )}
      {state === 'empty' && <p className="px-3 py-3 text-sm text-stone-600">{SEARCH_MESSAGES.noResults(q)}</p>}
      {state === 'results' && (
        <div
          id={listboxId}
          role="listbox"
          aria-label="Search results"
          // Keep the focus in the input while a row is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {group('member', 'Members')}
          {group('event', 'Events')}
          {all && (
            <Row
              id={optionId(all.index)}
              option={all.option}
              active={all.index === active}
              index={all.index}
              onHover={onHover}
              onChoose={onChoose}
            >
              <span className="px-1 text-sm font-semibold text-leather-700">See all results for “{q}”</span>
            </Row>
          )}
        </div>
      )}
    </div>
  );
}

function Row({
  id,
  option,
  active,
  index,
  onHover,
  onChoose,
  children,
}: {
  id: string;
  option: SearchOption;
  active: boolean;
  index: number;
  onHover: (index: number) => void;
  onChoose: (option: SearchOption) => void;
  children: React.ReactNode;
}) {
  return (
    <Link
      id={id}
      to={option.href}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onMouseMove={() => onHover(index)}
      onClick={() => onChoose(option)}
      ref={(node) => {
        if (active) node?.scrollIntoView({ block: 'nearest' });
      }}
      className={clsx(
        'flex items-center gap-3 px-3 py-2 outline-none',
        // The highlighted row: a tint and a bar on its left edge (a tint alone is too pale to see on white).
        active ? 'bg-leather-100 shadow-[inset_3px_0_0_var(--color-leather-700)]' : 'hover:bg-leather-50',
        option.kind === 'all' && 'border-t border-leather-100',
      )}
    >
      {children}
    </Link>
  );
}
