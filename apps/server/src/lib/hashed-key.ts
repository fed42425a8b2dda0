import { createHash } from 'node:crypto';

/**
 * A short, stable, non-reversible name for a secret or a personal value (an email, a phone number), for
 * rate-limit keys and logs: counters and log lines never hold the value itself.
 */
export function hashedKey(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}
