import { useSyncExternalStore } from 'react';

/** What a server render answers (`renderedOnPhone`); otherwise each caller's fallback. */
let serverMatches: ((query: string) => boolean) | null = null;

/**
 * Renders (synchronously) as a phone would: every `min-width` query false, every other query true. The member's
 * first screen rendered by the server (src/prerender.tsx) is the phone's layout.
 */
export function renderedOnPhone<T>(render: () => T): T {
  serverMatches = (query) => !query.includes('min-width');
  try {
    return render();
  } finally {
    serverMatches = null;
  }
}

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
    () => serverMatches?.(query) ?? fallback,
  );
}
