/**
 * The answers the app shell's inline script asked for while the page's code was still on its way
 * (app/first-load-plan.ts, docs/decisions/018-web-speed.md): the session check at once, then the page's first
 * calls once the check said yes. The API client takes each one over instead of asking again, once, for the
 * same address and the same token.
 */
export interface FirstLoad {
  /** The token the script sent. */
  token: string;
  /** When the script started (Date.now()). */
  at: number;
  /** Each call's answer by its address (`/api/home/timeline`), as `fetch` gave it. */
  answers: Record<string, Promise<Response>>;
  /**
   * On a page with a first screen (app/first-screen.ts): resolves once the server has answered it, true when it
   * brought the page's answers (those above are then already in); its HTML is then in #root (`data-first-screen`)
   * unless the app had drawn something there first.
   */
  screen?: Promise<boolean>;
}

/** The first screen the inline script asked for, if any (`FirstLoad.screen`). */
export function firstScreenAnswered(): Promise<boolean> | undefined {
  const early = (globalThis as Record<string, unknown>)[FIRST_LOAD_GLOBAL] as FirstLoad | undefined;
  return early?.screen;
}

let seededAt: number | undefined;

/** The cache is being seeded with a first screen's answers (app/first-screen.ts), now. */
export function markFirstScreenSeeded(): void {
  seededAt = Date.now();
}

/**
 * When the cache was seeded with a first screen's answers, once: the live stream's first `ready` refreshes
 * only lists answered before then (they are as new as the stream, like the answers a page's first load awaits).
 */
export function takeFirstScreenSeededAt(): number | undefined {
  const at = seededAt;
  seededAt = undefined;
  return at;
}

/** Where the inline script leaves them (a property of `window`). */
export const FIRST_LOAD_GLOBAL = '__corralFirstLoad';

/**
 * An answer older than this is not taken: it is fetched again. As old as a cached answer the app shows without
 * asking again (TanStack Query's staleTime, 30 s); a page that took longer to start has other problems.
 */
export const FIRST_LOAD_MAX_AGE_MS = 30_000;

/** The early answer for `url`, if the script asked for it with `token` not too long ago; taken once. */
export function takeFirstLoadAnswer(url: string, token: string | null): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[FIRST_LOAD_GLOBAL] as FirstLoad | undefined;
  const answer = early?.answers[url];
  if (!early || !answer) return undefined;
  delete early.answers[url];
  if (!token || early.token !== token || Date.now() - early.at > FIRST_LOAD_MAX_AGE_MS) return undefined;
  return answer;
}
