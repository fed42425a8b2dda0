import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@corral/contract';

/** A fresh code: LIMITS.otpLength digits, uniform, from node:crypto's secure source. */
export function newPhoneCode(): string {
  return String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
}

/**
 * A code as the database keeps it: an HMAC under the server's secret over member, number and code. A copy
 * of the table shows no code, and without the secret its million possible codes cannot be tried offline.
 */
export function phoneCodeHash(secret: string, userId: string, e164: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}\n${e164}\n${code}`).digest('hex');
}

/** Whether two hashes are equal, in a time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
