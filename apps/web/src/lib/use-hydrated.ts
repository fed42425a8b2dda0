import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the HTML prerendered at build and while React takes it over, true from then on: a prerendered
 * form keeps its submit button disabled until the web app handles the press (a press before would reload
 * the page and lose what was typed).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
