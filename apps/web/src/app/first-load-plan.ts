import { API_PATHS, type SuggestionsResponse } from '@corral/contract';
import { LARGE_SCREEN } from '../config/breakpoints.ts';
import { paths } from '../config/paths.ts';
import { apiUrl } from '../lib/api-client.ts';
import { FIRST_LOAD_GLOBAL, type FirstLoad } from '../lib/first-load.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { FIRST_SCREEN_PAGES } from './first-screen.ts';

/**
 * What a member page starts with the HTML, before the web app's code has arrived (ADR 018): the app shell's
 * inline script (`startFirstLoad`, written into app.html at build by scripts/prerender-pages.ts) preloads the
 * page's route modules, checks the stored session, and once the check says yes, asks for the page's first
 * calls; the API client takes the answers over (lib/first-load.ts). The addresses are the ones the page's
 * queries ask for, byte for byte (first-load-plan.test.ts holds them to it), or the app would ask again.
 */
export interface FirstLoadPage {
  /** The pages it is for: a regular expression's source, tested on `location.pathname`. */
  match: string;
  /** Source modules under src/ whose chunks (and the chunks they import) are preloaded. */
  modules: string[];
  /** The calls the page makes as soon as the session is known to be live; some only where `media` matches. */
  requests: FirstLoadRequest[];
  /** Photos the page shows first, preloaded as soon as the answer naming them is in. */
  images?: FirstLoadImages[];
}

export type FirstLoadRequest = string | { url: string; media: string };

/** The first `count` items of the list at `list` in the answer of `from`, each one's photo address at `field`. */
export interface FirstLoadImages {
  from: string;
  list: string[];
  field: string;
  count: number;
}

/** Where GET /home/upcoming-events-home lists the suggested members, and the field their cards show as the photo. */
const SUGGESTED_LIST: [keyof SuggestionsResponse, keyof SuggestionsResponse['suggestions']] = [
  'suggestions',
  'friends',
];
const SUGGESTED_PHOTO: keyof SuggestionsResponse['suggestions']['friends'][number] = 'user_image';

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export const FIRST_LOAD_PAGES: FirstLoadPage[] = [
  {
    // Every page of the member area: the social layout; the top bar's counts (the bell's first page, the
    // chat icon's inbox).
    match: `^${literally(paths.socialHome)}(/|$)`,
    modules: ['app/layouts/social-layout.tsx'],
    requests: [
      apiUrl(API_PATHS.notifications, { filter: 'all', page: 1 }),
      apiUrl(API_PATHS.conversations, { box: 'inbox', cursor: null }),
    ],
  },
  {
    // The feed (where signing in lands): its timeline and suggestions; on a large screen, the right sidebar's
    // three lists (app/layouts/social-layout.tsx renders it only there).
    match: `^(${literally(paths.socialHome)}|${literally(paths.friendList)})/?$`,
    modules: ['features/feed/routes/friend-list-page.tsx'],
    requests: [
      apiUrl(API_PATHS.timeline, { cursor: null }),
      apiUrl(API_PATHS.suggestions),
      { url: apiUrl(API_PATHS.friendRequests), media: LARGE_SCREEN },
      { url: apiUrl(API_PATHS.upcomingEvents), media: LARGE_SCREEN },
      { url: apiUrl(API_PATHS.friends, { q: undefined }), media: LARGE_SCREEN },
    ],
    // The first suggested member's photo is the largest thing of the first screen on a phone (its LCP): fetched
    // as soon as the suggestions are in, it is there when the page first renders the card.
    images: [{ from: apiUrl(API_PATHS.suggestions), list: SUGGESTED_LIST, field: SUGGESTED_PHOTO, count: 1 }],
  },
];

/** What the inline script is given: the pages with their chunks' addresses, and where things are kept. */
export interface FirstLoadScriptPlan {
  /** The web app's entry module, and the modules it loads at once (the entry's too): the script loads and runs them. */
  entry: string;
  appModules: string[];
  global: string;
  tokenKey: string;
  sessionKey: string;
  verify: string;
  /** The pages with a first screen (app/first-screen.ts), where to ask it, and the screens that do not ask it. */
  firstScreen: { url: string; pages: string[]; unless: string };
  pages: { match: string; modulepreload: string[]; requests: FirstLoadRequest[]; images?: FirstLoadImages[] }[];
}

/**
 * The inline script's body. It runs in the browser as written (its source is copied into the page, so it
 * uses nothing from outside itself) and never throws: anything it cannot do, the app does as before.
 */
export function startFirstLoad(plan: FirstLoadScriptPlan): void {
  // The web app's code: its entry's modules and the page's route modules (app/router.ts loads them before its
  // first render), preloaded, then the entry run. At once, unless a first screen is on its way: then once it is
  // painted (or not coming). Lighthouse's simulated LCP keeps every request that ended before the observed LCP
  // paint, and the 25 scripts (171 KiB) would be back in front of the first screen's photo.
  let appStarted = false;
  let pages: FirstLoadScriptPlan['pages'] = [];
  const startApp = () => {
    if (appStarted) return;
    appStarted = true;
    const preloaded = new Set<string>();
    for (const href of [...plan.appModules, ...pages.flatMap((page) => page.modulepreload)]) {
      if (preloaded.has(href)) continue;
      preloaded.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    if (!plan.entry) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = plan.entry;
    document.head.appendChild(script);
  };
  let appHeld = false;
  try {
    appHeld = start();
  } finally {
    if (!appHeld) startApp();
  }

  /** Starts the page's first calls; true when the app is to start once the first screen is painted. */
  function start(): boolean {
    pages = plan.pages.filter((page) => new RegExp(page.match).test(location.pathname));
    if (pages.length === 0) return false;
    let token: string | null = null;
    try {
      const session = JSON.parse(localStorage.getItem(plan.sessionKey) || 'null');
      if (session?.state?.isLoggedIn === true) token = localStorage.getItem(plan.tokenKey);
    } catch {
      token = null;
    }
    // The session check goes out first, ahead of the modules (a browser has few connections per server over HTTP/1.1).
    return token ? askFirstCalls(token) : false;
  }

  /** Once the first screen's images above the fold are in (or a second has passed) and a frame is painted. */
  function afterPaint(then: () => void): void {
    const root = document.getElementById('root');
    const images = root
      ? Array.from(root.querySelectorAll('img')).filter((image) => image.loading !== 'lazy' && !image.complete)
      : [];
    const loaded = images.map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        }),
    );
    Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, 1000))]).then(() => {
      requestAnimationFrame(() => setTimeout(then, 0));
      // A hidden page has no frames.
      setTimeout(then, 100);
    });
  }

  function askFirstCalls(token: string): boolean {
    // The API client's headers (lib/api-client.ts).
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    const early: FirstLoad = { token, at: Date.now(), answers: {} };
    const preloadImage = (href: unknown) => {
      if (typeof href !== 'string' || !href) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'image');
      link.href = href;
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    };
    const offer = (url: string, answer: Promise<Response>) => {
      // Handled by whoever takes it; one nobody takes must not be reported as an unhandled rejection.
      answer.catch(() => undefined);
      early.answers[url] = answer;
      for (const page of pages) {
        for (const images of page.images ?? []) {
          if (images.from !== url) continue;
          // Read from a copy, before the app reads the answer itself (this handler was attached first).
          answer
            .then((response) => (response.ok ? response.clone().json() : null))
            .then((body) => {
              let list: unknown = body;
              for (const key of images.list) list = (list as Record<string, unknown> | null)?.[key];
              if (!Array.isArray(list)) return;
              for (const item of list.slice(0, images.count)) preloadImage(item?.[images.field]);
            })
            .catch(() => undefined);
        }
      }
      return answer;
    };
    const ask = (url: string) => fetch(url, { headers });
    const requests: string[] = [];
    for (const page of pages) {
      for (const request of page.requests) {
        if (typeof request === 'string') requests.push(request);
        else if (matchMedia(request.media).matches) requests.push(request.url);
      }
    }
    (window as unknown as Record<string, unknown>)[plan.global] = early;
    const path = location.pathname.length > 1 ? location.pathname.replace(/\/$/, '') : location.pathname;
    if (plan.firstScreen.pages.indexOf(path) < 0 || matchMedia(plan.firstScreen.unless).matches) {
      // The session check first, as the app does: a stale token costs one 401, and no query goes out with it.
      offer(plan.verify, ask(plan.verify)).then(
        (answer) => {
          if (!answer.ok) return;
          for (const url of requests) offer(url, ask(url));
        },
        () => undefined,
      );
      return false;
    }
    // The page's first screen (app/first-screen.ts): the session check and the first calls answered at once by
    // the server, with the page's HTML. Refused (a stale token): that one 401 is the session check's answer.
    // Anything else (no first screen on this server, a failure): the check, then the calls, as above.
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    let zone = '';
    try {
      zone = `&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
    } catch {
      zone = '';
    }
    const screen: Promise<{ refused?: Response; answers?: Record<string, unknown>; html?: string } | null> = ask(
      `${plan.firstScreen.url}?path=${encodeURIComponent(path)}${zone}`,
    )
      .then((response) => {
        if (response.status === 401) return { refused: response };
        return response.ok ? response.json() : null;
      })
      .catch(() => null);
    early.screen = screen.then((answer) => {
      if (!answer?.html || !answer.answers) return false;
      const html = answer.html;
      const put = () => {
        const root = document.getElementById('root');
        if (!root) return false;
        // Not over anything the app has drawn (it waits for this answer before its first render: main.tsx).
        if (root.hasChildNodes()) return false;
        root.innerHTML = html;
        root.setAttribute('data-first-screen', '');
        // Seen, not yet used: its buttons do nothing until the app has taken it over (main.tsx lifts this), so a
        // press before then is not taken and lost but waits, and the keyboard cannot reach dead controls.
        root.setAttribute('inert', '');
        // A carousel's controls show when it has more than one view (ui/carousel.tsx): measured before the first
        // paint (a frame's callbacks wait for the stylesheet), so that nothing moves when the app shows them.
        requestAnimationFrame(() => {
          for (const carousel of Array.from(root.querySelectorAll('[data-carousel]'))) {
            const track = carousel.querySelector('[data-carousel-track]');
            const controls = carousel.querySelector('[data-carousel-controls]') as HTMLElement | null;
            if (!track || !controls || track.scrollWidth - track.clientWidth < 2) continue;
            controls.hidden = false;
            const previous = controls.querySelector('[data-carousel-prev]') as HTMLButtonElement | null;
            if (previous) previous.disabled = true;
          }
        });
        return true;
      };
      if (put() || document.readyState !== 'loading') return true;
      // The answer came before the page's body was read (the script runs in the head).
      return new Promise<boolean>((resolve) => {
        document.addEventListener('readystatechange', () => resolve(put() || true), { once: true });
      });
    });
    const verified = offer(
      plan.verify,
      screen.then((answer) => {
        if (answer?.refused) return answer.refused;
        const verify = answer?.answers?.[plan.verify];
        return verify ? json(verify) : ask(plan.verify);
      }),
    );
    for (const url of requests) {
      offer(
        url,
        screen.then((answer) => {
          if (answer?.answers && url in answer.answers) return json(answer.answers[url]);
          return verified.then((check) => (check.ok ? ask(url) : check));
        }),
      );
    }
    early.screen.then(
      (shown) =>
        shown && document.getElementById('root')?.hasAttribute('data-first-screen') ? afterPaint(startApp) : startApp(),
      startApp,
    );
    return true;
  }
}

/** The plan for a build: each page's modules resolved to their chunks by `chunksOf` (absolute addresses). */
export function firstLoadScriptPlan(
  chunksOf: (module: string) => string[],
  entry = '',
  appModules: string[] = [],
): FirstLoadScriptPlan {
  return {
    entry,
    appModules,
    global: FIRST_LOAD_GLOBAL,
    tokenKey: STORAGE_KEYS.token,
    sessionKey: STORAGE_KEYS.session,
    verify: apiUrl(API_PATHS.verify),
    firstScreen: { url: apiUrl(API_PATHS.firstScreen), pages: FIRST_SCREEN_PAGES, unless: LARGE_SCREEN },
    pages: FIRST_LOAD_PAGES.map((page) => ({
      match: page.match,
      modulepreload: [...new Set(page.modules.flatMap(chunksOf))],
      requests: page.requests,
      ...(page.images && { images: page.images }),
    })),
  };
}

/** The inline script: `startFirstLoad` called with the build's plan. */
export function firstLoadScript(plan: FirstLoadScriptPlan): string {
  return `(${startFirstLoad.toString()})(${JSON.stringify(plan).replace(/</g, '\\u003c')});`;
}

export type { FirstLoad };
