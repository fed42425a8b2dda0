import {
  API_PATHS,
  type ConversationsResponse,
  type NotificationsResponse,
  type PagedFeed,
  type VerifyResponse,
} from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { Suggestions } from '../entities/friendships/api/friendship-cache.ts';
import { apiUrl } from '../lib/api-client.ts';
import { firstScreenAnswered, markFirstScreenSeeded, takeFirstLoadAnswer } from '../lib/first-load.ts';
import { conversationKeys, itemKeys, notificationKeys } from '../lib/query-keys.ts';
import { getToken } from '../lib/session-store.ts';

/**
 * A member page's first screen rendered by the server (ADR 018, "The feed's first screen"): the app shell's
 * inline script asks GET /api/first-screen?path= with the stored token; the server answers the page's first
 * calls (each one's body exactly as the API answers it) and the HTML of the page rendered from them, as a phone
 * shows it (src/prerender.tsx `renderFirstScreen`). The script puts the HTML in #root (painted before the app's
 * code has arrived) and hands each answer to the API client as an early answer; the app seeds its cache with
 * them before its first render (main.tsx), which is then the same page.
 *
 * Only these pages have one; on a large screen (the right sidebar's lists), the page loads as before.
 */
export const FIRST_SCREEN_PAGES = ['/social_home/friend-list'];

/** The session check: its answer (the member) is part of every first screen. */
export const FIRST_SCREEN_VERIFY = apiUrl(API_PATHS.verify);

/** Whether `pathname` has a first screen (a trailing slash allowed). */
export function hasFirstScreen(pathname: string): boolean {
  return FIRST_SCREEN_PAGES.includes(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}

/**
 * Each first call's answer put in the cache as the query that asks for it would put it (first-screen.test.ts
 * runs the queries themselves and compares). The addresses are the ones the queries ask for, byte for byte.
 */
const SEEDS: Record<string, (client: QueryClient, body: never) => void> = {
  // The bell's badge (useUnreadCount) asks for the first page of All and keeps it for the bell.
  [apiUrl(API_PATHS.notifications, { filter: 'all', page: 1 })]: (client, body: NotificationsResponse) => {
    client.setQueryData(notificationKeys.page('all', 1), body);
    client.setQueryData(notificationKeys.unread(), body.unread);
  },
  // The chat icon's counts (useMessagesUnread) ask for the inbox's first page and keep it for the list.
  [apiUrl(API_PATHS.conversations, { box: 'inbox', cursor: null })]: (client, body: ConversationsResponse) => {
    client.setQueryData(conversationKeys.box('inbox'), { pages: [body], pageParams: [null] });
    client.setQueryData(conversationKeys.unread(), body.unread);
  },
  [apiUrl(API_PATHS.timeline, { cursor: null })]: (client, body: PagedFeed) => {
    client.setQueryData(itemKeys.timeline(), { pages: [body], pageParams: [null] });
  },
  [apiUrl(API_PATHS.suggestions)]: (client, body: Suggestions) => {
    client.setQueryData(itemKeys.suggestions(), body);
  },
};

/** The calls a first screen is made of: the session check, then what the page's queries ask for first. */
export function firstScreenCalls(pathname: string): string[] {
  return hasFirstScreen(pathname) ? [FIRST_SCREEN_VERIFY, ...Object.keys(SEEDS)] : [];
}

/**
 * The timeline's posts a first screen draws (the browser's first render draws the whole first page, below them):
 * what a phone's first screen shows, and less HTML to render, send and take over.
 */
export const FIRST_SCREEN_POSTS = 2;

/** The timeline's first page with only its first `FIRST_SCREEN_POSTS` posts (the server's render only). */
export function trimFirstScreen(client: QueryClient): void {
  client.setQueryData<{ pages: PagedFeed[]; pageParams: unknown[] }>(
    itemKeys.timeline(),
    (timeline) =>
      timeline && {
        ...timeline,
        pages: timeline.pages.slice(0, 1).map((page) => ({ ...page, data: page.data.slice(0, FIRST_SCREEN_POSTS) })),
      },
  );
}

/** The answers of a first screen, by address. */
export type FirstScreenAnswers = Record<string, unknown>;

/** Puts every answer but the session check in `client`, as the page's queries would. */
export function seedFirstScreen(client: QueryClient, answers: FirstScreenAnswers): void {
  for (const [url, seed] of Object.entries(SEEDS)) {
    if (url in answers) seed(client, answers[url] as never);
  }
}

/** The member a first screen is for (its session check's answer). */
export function firstScreenMember(answers: FirstScreenAnswers): VerifyResponse['user'] | null {
  const verify = answers[FIRST_SCREEN_VERIFY] as VerifyResponse | undefined;
  return verify?.user ?? null;
}

/**
 * The app's side (main.tsx, before its first render): when the inline script was answered a first screen, takes
 * the page's answers over from it (lib/first-load.ts: none is asked again) and seeds `client` with them, so the
 * first render is the page the server drew. True when it did.
 */
export async function takeFirstScreen(client: QueryClient, pathname = location.pathname): Promise<boolean> {
  const answered = firstScreenAnswered();
  if (!answered || !(await answered)) return false;
  const token = getToken();
  const answers: FirstScreenAnswers = {};
  await Promise.all(
    Object.keys(SEEDS)
      .filter(() => hasFirstScreen(pathname))
      .map(async (url) => {
        const answer = takeFirstLoadAnswer(url, token);
        if (!answer) return;
        const response = await answer.catch(() => null);
        if (response?.ok) answers[url] = await response.json().catch(() => undefined);
      }),
  );
  markFirstScreenSeeded();
  seedFirstScreen(client, answers);
  return true;
}
