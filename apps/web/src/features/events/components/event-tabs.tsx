import { clsx } from 'clsx';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export const EVENT_TABS = ['about', 'hauling'] as const;
export type EventTab = (typeof EVENT_TABS)[number];
const LABELS: Record<EventTab, string> = { about: 'About', hauling: 'Hauling' };

/**
 * The event's tabs (WAI-ARIA tabs, activated on focus): arrow keys, Home and End move between them; only the
 * chosen panel is rendered, so a tab's code loads when it is first chosen.
 */
export function EventTabs({
  tab,
  onTabChange,
  panel,
}: {
  tab: EventTab;
  onTabChange: (tab: EventTab) => void;
  panel: (tab: EventTab) => ReactNode;
}) {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (index: number) => {
    const next = EVENT_TABS[(index + EVENT_TABS.length) % EVENT_TABS.length] ?? 'about';
    onTabChange(next);
    buttons.current[EVENT_TABS.indexOf(next)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = EVENT_TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label="Event" className="flex gap-1 border-b border-leather-100" onKeyDown={onKeyDown}>
        {EVENT_TABS.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onTabChange(name)}
            className={clsx(
              '-mb-px border-b-2 px-4 py-2 text-sm font-semibold',
              tab === name
                ? 'border-leather-700 text-leather-900'
                : 'border-transparent text-stone-600 hover:text-leather-800',
            )}
          >
            {LABELS[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {panel(tab)}
      </div>
    </div>
  );
}
