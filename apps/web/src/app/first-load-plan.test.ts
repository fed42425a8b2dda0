// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { getSuggestions, getUpcomingEvents } from '../features/feed/api/home.ts';
import { getTimeline } from '../features/feed/api/timeline.ts';
import { getFriendRequests, getFriends } from '../features/friends/api/friends-api.ts';
import { getConversations } from '../features/messages/api/messages-unread.ts';
import { getNotifications } from '../features/notifications/api/notifications-api.ts';
import { api } from '../lib/api-client.ts';
import { FIRST_LOAD_GLOBAL, type FirstLoad } from '../lib/first-load.ts';
import {
  FIRST_LOAD_PAGES,
  type FirstLoadScriptPlan,
  firstLoadScript,
  firstLoadScriptPlan,
  startFirstLoad,
} from './first-load-plan.ts';

const early = () => (window as unknown as Record<string, FirstLoad | undefined>)[FIRST_LOAD_GLOBAL];
const urlOf = (request: FirstLoadScriptPlan['pages'][number]['requests'][number]) =>
  typeof request === 'string' ? request : request.url;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The addresses fetch was called with, answering each one with `answer`. */
function recordFetch(answer: (url: string) => Response = () => json({})) {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    urls.push(url);
    return answer(url);
  });
  return urls;
}

function signIn(token = 'tok-1') {
  localStorage.setItem('token', token);
  localStorage.setItem('session', JSON.stringify({ state: { currentUser: { id: 'u-1' }, isLoggedIn: true } }));
}

const FIRST_SCREEN_CALL = `/api/first-screen?path=%2Fsocial_home%2Ffriend-list&tz=${encodeURIComponent(
  Intl.DateTimeFormat().resolvedOptions().timeZone,
)}`;
const plan = firstLoadScriptPlan((module) => [`/assets/${module.split('/').at(-1)}.js`]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[FIRST_LOAD_GLOBAL];
  for (const link of document.head.querySelectorAll('link')) link.remove();
  window.history.replaceState(null, '', '/');
});

describe('the first calls the app shell starts', () => {
  test('are the addresses the pages’ queries ask for, byte for byte (else the app would ask again)', async () => {
    const urls = recordFetch();
    await Promise.all([
      getNotifications('all', 1),
      getConversations('inbox', null),
      getTimeline(null),
      getSuggestions(),
      getFriendRequests(),
      getUpcomingEvents(),
      getFriends(''),
      api.get('/verify'),
    ]);
    const planned = [...FIRST_LOAD_PAGES.flatMap((page) => page.requests.map(urlOf)), plan.verify];
    expect(urls.sort()).toEqual(planned.sort());
  });

  test('on the feed: the route modules preloaded, the session checked, then the page’s calls', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    window.history.replaceState(null, '', '/social_home/friend-list');
    signIn();
    let verify: (answer: Response) => void = () => {};
    const urls: string[] = [];
    const headers: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      urls.push(String(input));
      headers.push(init?.headers);
      if (String(input) === '/api/verify') return new Promise((resolve) => (verify = resolve));
      return Promise.resolve(json({ data: [] }));
    });
    startFirstLoad(plan);
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/social-layout.tsx.js', '/assets/friend-list-page.tsx.js']);
    // Nothing but the check goes out before its answer.
    expect(urls).toEqual(['/api/verify']);
    expect(headers[0]).toEqual({ accept: 'application/json', authorization: 'Bearer tok-1' });
    verify(json({ user: { id: 'u-1' } }));
    await settle();
    expect(urls).toEqual([
      '/api/verify',
      '/api/notifications?filter=all&page=1',
      '/api/conversations?box=inbox',
      '/api/home/timeline',
      '/api/home/upcoming-events-home',
      '/api/friends/requests',
      '/api/home/upcoming-events',
      '/api/friends',
    ]);
    expect(Object.keys(early()?.answers ?? {})).toHaveLength(8);
  });

  test('the first suggested member’s photo is preloaded once the suggestions are in; the app still reads them', async () => {
    window.history.replaceState(null, '', '/social_home/friend-list');
    signIn();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    const suggestions = {
      suggestions: { friends: [{ user_image: '/media/i/a/320.webp' }, { user_image: '/media/i/b/320.webp' }] },
      suggested_events: [],
      requested: [],
    };
    recordFetch((url) => (url === '/api/home/upcoming-events-home' ? json(suggestions) : json({ user: {} })));
    startFirstLoad(plan);
    await settle();
    await settle();
    const images = [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [
      link.getAttribute('as'),
      link.getAttribute('href'),
    ]);
    expect(images).toEqual([['image', '/media/i/a/320.webp']]);
    expect(await api.get('/home/upcoming-events-home')).toEqual(suggestions);
  });

  test('on a phone, not the lists of the right sidebar, which is not rendered there', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    window.history.replaceState(null, '', '/social_home/friend-list');
    signIn();
    const urls = recordFetch();
    startFirstLoad(plan);
    await settle();
    // The feed's first screen first (app/first-screen.ts); answered without one here, then the calls as before.
    expect(urls).toEqual([
      FIRST_SCREEN_CALL,
      '/api/verify',
      '/api/notifications?filter=all&page=1',
      '/api/conversations?box=inbox',
      '/api/home/timeline',
      '/api/home/upcoming-events-home',
    ]);
  });

  test('a refused session: one 401 and nothing else', async () => {
    window.history.replaceState(null, '', '/social_home/friend-list');
    signIn();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    const urls = recordFetch(() => json({ message: 'Unauthenticated.' }, 401));
    startFirstLoad(plan);
    await settle();
    expect(urls).toEqual(['/api/verify']);
    // On a phone, the first screen's call is the check.
    delete (window as unknown as Record<string, unknown>)[FIRST_LOAD_GLOBAL];
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    urls.length = 0;
    startFirstLoad(plan);
    await settle();
    await settle();
    expect(urls).toEqual([FIRST_SCREEN_CALL]);
  });

  test('signed out, or on a page outside the member area: no call', async () => {
    const urls = recordFetch();
    window.history.replaceState(null, '', '/social_home/friend-list');
    startFirstLoad(plan);
    expect(early()).toBeUndefined();
    // The app loads the route's modules either way (a signed-out visitor is sent on from there).
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
    for (const link of document.head.querySelectorAll('link')) link.remove();
    signIn();
    window.history.replaceState(null, '', '/onboarding');
    startFirstLoad(plan);
    await settle();
    expect(urls).toEqual([]);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  test('the API client takes an early answer over once, for the same token only', async () => {
    window.history.replaceState(null, '', '/social_home/event-types');
    signIn('tok-1');
    const urls = recordFetch((url) => json({ url }));
    startFirstLoad(plan);
    await settle();
    expect(urls).toHaveLength(3);
    // Taken over: no new call.
    expect(await api.get('/notifications', { query: { filter: 'all', page: 1 } })).toEqual({
      url: '/api/notifications?filter=all&page=1',
    });
    expect(urls).toHaveLength(3);
    // Once only: asked again, it is fetched.
    await api.get('/notifications', { query: { filter: 'all', page: 1 } });
    expect(urls).toHaveLength(4);
    // Another member signed in meanwhile: not theirs.
    localStorage.setItem('token', 'tok-2');
    await api.get('/conversations', { query: { box: 'inbox' } });
    expect(urls).toHaveLength(5);
  });

  test('the inline script is the function called with the plan, and a `<` cannot close the script tag', () => {
    const source = firstLoadScript({ ...plan, verify: '/api/verify?</script>' });
    expect(source.startsWith(`(${startFirstLoad.toString()})(`)).toBe(true);
    expect(source).not.toContain('</script>');
  });
});
