import { createHmac, timingSafeEqual } from 'node:crypto';

/** What each kind of token is for: signed into it, so one kind cannot pass for another. */
export const TOKEN_PURPOSES = {
  /** A suspended member's appeal of their suspension (fields: member id, the suspension's audit id). */
  suspensionAppeal: 'suspension-appeal',
  /** A download of the member's data export (fields: member id, the session that asked, the export's id). */
  dataExportDownload: 'data-export-download',
  /** A device that skips the code step of two-factor sign-in (fields: member id, the fingerprint it is bound to). */
  trustedDevice: 'two-factor-trusted-device',
} as const;
type Purpose = (typeof TOKEN_PURPOSES)[keyof typeof TOKEN_PURPOSES];

/**
 * A short-lived statement signed with the server's secret, nothing stored: what it is for (`purpose`, part of
 * the signature, so a token made for one thing is worth nothing for another), a few fields, and when it
 * expires. Readable by anyone who holds it; trusted only when its signature is ours and it has not expired.
 */
export function signToken(secret: string, purpose: Purpose, fields: string[], expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ f: fields, e: expiresAt })).toString('base64url');
  return `${payload}.${signature(secret, purpose, payload)}`;
}

/** The token's fields when it is ours, for this purpose, and not expired at `now`; else null. */
export function readToken(secret: string, purpose: Purpose, token: string, now: number): string[] | null {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, purpose, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { f, e } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { f: unknown; e: unknown };
    if (typeof e !== 'number' || e <= now || !Array.isArray(f) || !f.every((x) => typeof x === 'string')) return null;
    return f as string[];
  } catch {
    return null;
  }
}

function signature(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}|${payload}`).digest('base64url');
}
