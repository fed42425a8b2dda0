import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashedKey } from '../../lib/hashed-key.ts';

/**
 * Device tokens (OWASP "Slow down online guessing attacks with device cookies"): a client that signed in to
 * an account gets a token bound to that account, signed with the server's secret, nothing stored. With it,
 * the client's tries count against the token (loginPerDeviceHour) instead of the account, so strangers
 * failing against the account (loginPerAccountHour) never lock its owner out.
 */
export function issueDeviceToken(secret: string, accountKey: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, accountKey, nonce)}`;
}

/** The token's own rate-limit key when it is valid for this account, else null. */
export function deviceKeyOf(secret: string, accountKey: string, token: string | undefined): string | null {
  const [nonce, mac, ...rest] = (token ?? '').split('.');
  if (!nonce || !mac || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, accountKey, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? hashedKey(nonce) : null;
}

function signature(secret: string, accountKey: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device|${accountKey}|${nonce}`).digest('base64url');
}
