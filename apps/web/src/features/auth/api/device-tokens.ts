import { STORAGE_KEYS } from '../../../lib/session-store.ts';

/** At most this many accounts keep a device token on one browser. */
const MAX_ACCOUNTS = 5;

type Tokens = Record<string, string>;

const accountOf = (email: string) => email.trim().toLowerCase();

function read(): Tokens {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.deviceTokens) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Tokens) : {};
  } catch {
    return {};
  }
}

/**
 * The device token an earlier sign-in to this account left on this browser: sent with the next login, it
 * keeps the member's door open while strangers' failed tries lock the account (OWASP device cookies).
 */
export function deviceTokenFor(email: string): string | undefined {
  return read()[accountOf(email)];
}

export function rememberDeviceToken(email: string, token: string): void {
  const tokens = Object.entries(read()).filter(([account]) => account !== accountOf(email));
  const kept = [...tokens.slice(-(MAX_ACCOUNTS - 1)), [accountOf(email), token]];
  localStorage.setItem(STORAGE_KEYS.deviceTokens, JSON.stringify(Object.fromEntries(kept)));
}
