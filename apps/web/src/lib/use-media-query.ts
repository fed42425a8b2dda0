import { useSyncExternalStore } from 'react';

/**
 * Whether `query` matches now, following its changes. Where the browser cannot tell (no matchMedia: the
 * prerender, jsdom), `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const list = () => window.matchMedia?.(query);
  return useSyncExternalStore(
    (onChange) => {
      const watched = list();
      watched?.addEventListener('change', onChange);
      return () => watched?.removeEventListener('change', onChange);
    },
    () => list()?.matches ?? fallback,
    () => fallback,
  );
}
