import { createHash } from 'node:crypto';

/**
 * The SHA-256 of a secret token, in hex: what the database keeps instead of a token that grants access
 * (a calendar feed's URL, a newsletter unsubscribe link), so that a leaked table opens nothing.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A short, stable, non-reversible name for a secret or a personal value (an email, a phone number), for
 * rate-limit keys and logs: counters and log lines never hold the value itself.
 */
export function hashedKey(value: string): string {
  return hashToken(value).slice(0, 32);
}
