import type { CurrentUser } from '@corral/contract';
import { paths } from '../config/paths.ts';
import { homeFor } from './setup-progress.ts';

/**
 * The page a member was on their way to when the guards sent them to sign in (or, signed in, to onboarding
 * and the phone first): carried in the address as `?next=`, so it survives a reload and the steps between,
 * and read back only through `safeReturnPath`.
 */
export const RETURN_PARAM = 'next';

/** A base that is no real site: a path resolved against it and still on it is a path of this site. */
const BASE = 'https://corral.invalid';
const MAX_LENGTH = 2048;

/**
 * The path to return to, or null: a path of this site's member area (`/social_home…`), never another site
 * or a script. Refused: `//evil.com`, `/\evil.com`, `https://…`, `javascript:…`, the same percent-encoded,
 * and tabs or newlines, which URL parsers drop (`/<tab>/evil.com` is `//evil.com` to them).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (/^\/[/\\]/.test(decoded)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname !== paths.socialHome && !url.pathname.startsWith(`${paths.socialHome}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path an address carries (`?next=`), if it is a safe one. */
export function returnPathIn(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/** `path` with the return path added to its query (or as it is without one). */
export function withReturnPath(path: string, next: string | null): string {
  if (!next) return path;
  const url = new URL(path, BASE);
  url.searchParams.set(RETURN_PARAM, next);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a signed-in member goes next: the setup step they still owe (carrying the return path along), else the
 * page they came for, else the friend list.
 */
export function destinationFor(user: CurrentUser | null, next: string | null): string {
  const home = homeFor(user);
  return home === paths.friendList ? (next ?? home) : withReturnPath(home, next);
}

/** Where every member lands anyway: not worth carrying. */
const LANDINGS: readonly string[] = [paths.socialHome, `${paths.socialHome}/`, paths.friendList];

/** The page worth returning to from this address: a member page, but not the friend list or the area's root. */
export function returnPathFor(location: { pathname: string; search: string; hash: string }): string | null {
  const here = safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
  return here && LANDINGS.includes(here) ? null : here;
}
