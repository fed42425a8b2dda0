import { STORAGE_KEYS } from '../../../lib/session-store.ts';

/** At most this many accounts keep a token of each kind on one browser. */
const MAX_ACCOUNTS = 5;

type Tokens = Record<string, string>;

const accountOf = (email: string) => email.trim().toLowerCase();

/** One token per account under a storage key: the newest accounts kept. */
function accountTokens(key: string) {
  const read = (): Tokens => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
      return stored && typeof stored === 'object' ? (stored as Tokens) : {};
    } catch {
      return {};
    }
  };
  return {
    get: (email: string): string | undefined => read()[accountOf(email)],
    all: (): string[] => Object.values(read()).filter((token) => typeof token === 'string'),
    set(email: string, token: string): void {
      const tokens = Object.entries(read()).filter(([account]) => account !== accountOf(email));
      const kept = [...tokens.slice(-(MAX_ACCOUNTS - 1)), [accountOf(email), token]];
      localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
    },
  };
}

const deviceTokens = accountTokens(STORAGE_KEYS.deviceTokens);
const trustedDevices = accountTokens(STORAGE_KEYS.trustedDevices);

/**
 * The device token an earlier sign-in to this account left on this browser: sent with the next login, it
 * keeps the member's door open while strangers' failed tries lock the account (OWASP device cookies).
 */
export const deviceTokenFor = deviceTokens.get;
export const rememberDeviceToken = deviceTokens.set;

/** The remembered-device token of two-factor sign-in ("Remember this device for 30 days"): skips the code step. */
export const trustedDeviceTokenFor = trustedDevices.get;
/** All of them: a sign-in with Google or Apple does not know which account it is for until the server says. */
export const allTrustedDeviceTokens = trustedDevices.all;
export const rememberTrustedDevice = trustedDevices.set;
