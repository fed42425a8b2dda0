/** Where the spec keeps things in local storage. */
export const STORAGE_KEYS = {
  token: 'token',
  session: 'session',
  rememberedEmail: 'remembered-email',
  deviceTokens: 'device-tokens',
} as const;

/**
 * Whether this browser holds a signed-in session (the persisted store's flag), read without the store:
 * the static pages' script uses it to decide whether to load the web app.
 */
export function isMemberOnThisDevice(): boolean {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? 'null') as {
      state?: { isLoggedIn?: unknown };
    } | null;
    return saved?.state?.isLoggedIn === true && Boolean(localStorage.getItem(STORAGE_KEYS.token));
  } catch {
    return false;
  }
}
