// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useSuggestions } from '../features/feed/api/home.ts';
import { useTimeline } from '../features/feed/api/timeline.ts';
import { useMessagesUnread } from '../features/messages/api/messages-unread.ts';
import { useUnreadCount } from '../features/notifications/api/notifications-api.ts';
import { FIRST_LOAD_GLOBAL, type FirstLoad } from '../lib/first-load.ts';
import { firstLoadScriptPlan, startFirstLoad } from './first-load-plan.ts';
import { FIRST_SCREEN_VERIFY, firstScreenCalls, seedFirstScreen, takeFirstScreen } from './first-screen.ts';

const FEED = '/social_home/friend-list';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = { id: 'u-1', first_name: 'Dusty', last_name: 'Rhodes', api_token: 'tok-1' };
/** One answer per first call, shaped as the API answers them (enough of each for the queries). */
const ANSWERS: Record<string, unknown> = {
  [FIRST_SCREEN_VERIFY]: { user, status: true },
  '/api/notifications?filter=all&page=1': { data: [], page: 1, total: 0, unread: 3 },
  '/api/conversations?box=inbox': { data: [], next_cursor: null, unread: { inbox: 2, requests: 1 } },
  '/api/home/timeline': { data: [{ id: 7, title: 'Saddle up' }], next_cursor: 'c-2' },
  '/api/home/upcoming-events-home': { suggestions: { friends: [{ id: 'u-2', user_image: '/a.webp' }], events: [] } },
};

const early = () => (window as unknown as Record<string, FirstLoad | undefined>)[FIRST_LOAD_GLOBAL];
const cacheOf = (client: QueryClient) =>
  Object.fromEntries(
    client
      .getQueryCache()
      .getAll()
      .map((query) => [query.queryHash, query.state.data]),
  );

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as unknown as Record<string, unknown>)[FIRST_LOAD_GLOBAL];
  localStorage.clear();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the first screen’s answers in the cache', () => {
  test('are put as the page’s queries put them when they ask (same keys, same data)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => json(ANSWERS[String(input)] ?? {}));
    const asked = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={asked}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => [useUnreadCount(), useMessagesUnread(), useTimeline(), useSuggestions()].map((query) => query.isSuccess),
      { wrapper },
    );
    await waitFor(() => expect(result.current).toEqual([true, true, true, true]));
    const seeded = new QueryClient();
    seedFirstScreen(seeded, ANSWERS);
    expect(cacheOf(seeded)).toEqual(cacheOf(asked));
    // Every call but the session check seeds something: none is asked again.
    expect(firstScreenCalls(FEED)).toEqual(Object.keys(ANSWERS));
  });
});

describe('the app shell and the app with a first screen', () => {
  const plan = firstLoadScriptPlan((module) => [`/assets/${module.split('/').at(-1)}.js`]);
  const signIn = () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('session', JSON.stringify({ state: { currentUser: user, isLoggedIn: true } }));
  };

  test('the server’s HTML goes in #root, the answers are offered, and the app takes them all over', async () => {
    signIn();
    window.history.replaceState(null, '', FEED);
    document.body.innerHTML = '<div id="root"></div>';
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      urls.push(String(input));
      return json({ html: '<main><h1>Timeline</h1></main>', answers: ANSWERS });
    });
    startFirstLoad(plan);
    expect(await early()?.screen).toBe(true);
    // One call: the first screen's.
    expect(urls).toEqual([
      `/api/first-screen?path=${encodeURIComponent(FEED)}&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
    ]);
    const root = document.getElementById('root');
    expect(root?.hasAttribute('data-first-screen')).toBe(true);
    expect(root?.innerHTML).toBe('<main><h1>Timeline</h1></main>');

    const client = new QueryClient();
    expect(await takeFirstScreen(client, FEED)).toBe(true);
    const expected = new QueryClient();
    seedFirstScreen(expected, ANSWERS);
    expect(cacheOf(client)).toEqual(cacheOf(expected));
    // What is left is the session check, which the app's own check takes (its answer: the member).
    expect(Object.keys(early()?.answers ?? {})).toEqual([FIRST_SCREEN_VERIFY]);
    expect(await (await early()?.answers[FIRST_SCREEN_VERIFY])?.json()).toEqual(ANSWERS[FIRST_SCREEN_VERIFY]);
    expect(urls).toHaveLength(1);
  });

  test('a refused first screen is the session check’s one 401: nothing else goes out, nothing is drawn', async () => {
    signIn();
    window.history.replaceState(null, '', FEED);
    document.body.innerHTML = '<div id="root"></div>';
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      urls.push(String(input));
      return json({ message: 'Unauthenticated.' }, 401);
    });
    startFirstLoad(plan);
    expect(await early()?.screen).toBe(false);
    expect((await early()?.answers[FIRST_SCREEN_VERIFY])?.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(urls).toHaveLength(1);
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
    expect(await takeFirstScreen(new QueryClient(), FEED)).toBe(false);
  });

  test('no first screen on this server (404): the session check, then the calls, as before', async () => {
    signIn();
    window.history.replaceState(null, '', FEED);
    document.body.innerHTML = '<div id="root"></div>';
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      urls.push(url);
      if (url.startsWith('/api/first-screen')) return json({ message: 'Not found.' }, 404);
      return json(ANSWERS[url] ?? {});
    });
    startFirstLoad(plan);
    expect(await early()?.screen).toBe(false);
    await Promise.all(Object.values(early()?.answers ?? {}));
    expect(urls.slice(1, 2)).toEqual([FIRST_SCREEN_VERIFY]);
    expect(urls.slice(2).sort()).toEqual(firstScreenCalls(FEED).slice(1).sort());
    expect(document.getElementById('root')?.childNodes).toHaveLength(0);
  });

  test('a page drawn by the app before the answer is left alone', async () => {
    signIn();
    window.history.replaceState(null, '', FEED);
    document.body.innerHTML = '<div id="root"><p>The app</p></div>';
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ html: '<main>Server</main>', answers: ANSWERS }),
    );
    startFirstLoad(plan);
    await early()?.screen;
    expect(document.getElementById('root')?.innerHTML).toBe('<p>The app</p>');
  });
});
