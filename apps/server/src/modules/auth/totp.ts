import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { TWO_FACTOR } from '@corral/contract';
import { Secret, TOTP } from 'otpauth';

/**
 * The cryptography of two-factor sign-in (docs/decisions/034-two-factor.md): RFC 6238 codes by `otpauth` on the
 * injected clock, the secret encrypted at rest, recovery codes kept as HMACs, and the fingerprint a remembered
 * device's token is bound to.
 */

/** A new secret: 160 bits (RFC 4226's recommended length), base32 as apps take it typed by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email = '') {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code: issuer Corral, the member's email as account. */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step the code belongs to when it is right at `now` (within one step either side), else null. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return null;
  return TOTP.counter({ period: TWO_FACTOR.periodSeconds, timestamp: now }) + delta;
}

/** The code for `now` (tests and the seed's tools compute what an app would show). */
export function codeAt(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

function keyOf(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'corral', 'two-factor secret', 32));
}

/** The secret as stored: AES-256-GCM under a key derived from AUTH_SECRET, so a leaked table opens no account. */
export function sealSecret(authSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(
    '.',
  );
}

export function openSecret(authSecret: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('an unreadable two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(authSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

/** Letters and digits nobody misreads (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes, `xxxxx-xxxxx` (about 49 bits each, from a secure source). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is kept of a recovery code: its HMAC, bound to the member; case, dashes and spaces do not matter. */
export function recoveryCodeHash(authSecret: string, userId: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHmac('sha256', authSecret).update(`recovery|${userId}|${normalised}`).digest('base64url');
}

/**
 * What a remembered device's token is bound to: the moment two-factor was turned on and the password hash. Turning
 * it off (and on again) or changing the password changes it, so every remembered device is forgotten at once.
 */
export function deviceFingerprint(
  authSecret: string,
  userId: string,
  enabledAt: Date,
  passwordHash: string | null,
): string {
  return createHmac('sha256', authSecret)
    .update(`trusted-device|${userId}|${enabledAt.toISOString()}|${passwordHash ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}
