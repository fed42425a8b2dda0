import { API_PATHS, type OAuthProvider, type OAuthStartResponse } from '@corral/contract';
import { api } from './api-client.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The start of a Google or Apple trip (docs/decisions/036-google-and-apple-sign-in.md), shared by sign-in and
 * the Account page's Connect: a random binding kept in session storage while the browser is at the provider
 * (the server's one-time code is good only with it), and the page to land on after.
 */
function newBinding(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Starts a provider sign-in (or, `connect`, a signed-in member's connection of the provider) and leaves for the
 * provider's page. `next`: the member page to land on after.
 */
export async function startOAuth(provider: OAuthProvider, next: string | null, connect = false): Promise<void> {
  const binding = newBinding();
  sessionStorage.setItem(STORAGE_KEYS.oauthBinding, binding);
  if (next) sessionStorage.setItem(STORAGE_KEYS.oauthNext, next);
  else sessionStorage.removeItem(STORAGE_KEYS.oauthNext);
  const path = connect ? API_PATHS.signInMethod(provider) : API_PATHS.oauthStart(provider);
  const { url } = await api.post<OAuthStartResponse>(path, { binding });
  window.location.assign(url);
}

/** The binding of the trip this browser started, if any. */
export function oauthBinding(): string | undefined {
  return sessionStorage.getItem(STORAGE_KEYS.oauthBinding) ?? undefined;
}
