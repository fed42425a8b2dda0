import { type APIRequestContext, expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/*
 * Two-factor sign-in's codes, computed here from the secret the app showed, with the library the server uses, as an
 * authenticator app would (two-factor.e2e.ts, oauth.e2e.ts).
 */

export const PERIOD_MS = 30_000;

export const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 });

/** Waits, if need be, until the current step has at least 5 s left: a code then stays in the server's window. */
export async function steadyNow(): Promise<number> {
  const left = TOTP.remaining({ period: 30, timestamp: Date.now() });
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
  return Date.now();
}

/** Two-factor on through the API; the proving code is the previous step's, so the current and next are free. */
export async function enableByApi(request: APIRequestContext, token: string, password: string, base = '') {
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post(`${base}/api/me/two-factor`, { headers, data: { password } });
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const now = await steadyNow();
  const verified = await request.post(`${base}/api/me/two-factor/verify`, {
    headers,
    data: { code: totp(secret).generate({ timestamp: now - PERIOD_MS }) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { secret, recoveryCodes: ((await verified.json()) as { recovery_codes: string[] }).recovery_codes };
}
