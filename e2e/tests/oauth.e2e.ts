import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { OAUTH_ERRORS } from '@corral/contract';
import { expect, type Page, request as requests, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../../apps/server/test/oidc-provider.ts';
import { newcomer, onboardByApi, uniqueStamp, verifyPhoneByApi, waitForMessage } from './support.ts';
import { enableByApi, PERIOD_MS, steadyNow, totp } from './support-two-factor.ts';

/**
 * Google and Apple sign-in in Chromium (docs/decisions/036-google-and-apple-sign-in.md). The suite's own
 * server has no provider configured; this file starts a second server, on a data directory of its own, with
 * Google and Apple pointed at a local OpenID Connect provider (panva's oidc-provider, run in this process),
 * whose development login page the browser goes through.
 */
const MAIN = path.resolve(fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url)));
const PHONE = { width: 360, height: 740 };

let idp: TestOidcProvider;
let server: ChildProcess;
let base: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  idp = await startOidcProvider(base);
  dataDir = mkdtempSync(path.join(tmpdir(), 'corral-e2e-oauth-'));
  server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: path.dirname(MAIN),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SEED_PLACES: 'false',
      RATE_LIMIT_SCALE: '40',
      ...idp.env,
    },
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 110_000 })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server?.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  await idp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** No serious or critical axe violation (WCAG 2.2 AA), as accessibility.e2e.ts holds every route to. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** A person at the provider, under a fresh login name. */
function person(identity: Parameters<TestOidcProvider['users']['set']>[1]): string {
  const login = `p-${uniqueStamp()}`;
  idp.users.set(login, identity);
  return login;
}

/** The provider's development login page: any password. */
async function logInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('the suite’s own server offers no provider: the buttons stay disabled and say so', async ({ page }) => {
  await page.goto('/sign-in');
  for (const name of ['Google', 'Apple']) {
    await expect(page.getByRole('button', { name: `Or continue with ${name} (not available yet)` })).toBeDisabled();
  }
});

for (const viewport of [null, PHONE]) {
  const at = viewport ? ' at 360 px' : '';
  test(`a newcomer signs up with Google through the provider's page and goes on to onboarding${at}`, async ({
    page,
  }) => {
    if (viewport) await page.setViewportSize(viewport);
    const email = `google-${uniqueStamp()}@example.com`;
    const login = person({ email, email_verified: true, given_name: 'Kaycee', family_name: 'Feild' });
    await page.goto(`${base}/sign-up`);
    await expect(page.getByRole('button', { name: 'Or Sign up with Google' })).toBeEnabled();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Or Sign up with Google' }).click();
    await logInAtProvider(page, login);
    await page.waitForURL(`${base}/onboarding`);
    // Nothing of the one-time code stays in the address.
    expect(new URL(page.url()).hash).toBe('');
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
    expect(session.state.currentUser).toMatchObject({ email, first_name: 'Kaycee', is_onboard: 0, verified: 0 });
    if (viewport) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // Signed out, the same Google account signs in to the same member.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${base}/sign-in`);
    await page.getByRole('button', { name: 'Or continue with Google' }).click();
    await page.waitForURL(`${base}/onboarding`);
    const again = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
    expect(again.state.currentUser.id).toBe(session.state.currentUser.id);
  });
}

test('an email that has an account: Google is connected only after its password', async ({ page, request }) => {
  const email = `member-${uniqueStamp()}@example.com`;
  const signup = await request.post(`${base}/api/signup`, {
    data: { first_name: 'Amberley', last_name: 'Snyder', email, password: 'Lariat#2026' },
  });
  expect(signup.ok()).toBe(true);
  const login = person({ email, email_verified: true, given_name: 'Someone', family_name: 'Else' });
  await page.setViewportSize(PHONE);
  await page.goto(`${base}/sign-in`);
  await page.getByRole('button', { name: 'Or continue with Google' }).click();
  await logInAtProvider(page, login);
  await expect(page.getByRole('heading', { name: 'Connect Google' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#2026');
  await page.getByRole('button', { name: 'Connect and sign in' }).click();
  await expect(page.getByText('That password is not right.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Lariat#2026');
  await page.getByRole('button', { name: 'Connect and sign in' }).click();
  await page.waitForURL(`${base}/onboarding`);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
  expect(session.state.currentUser).toMatchObject({ email, first_name: 'Amberley' });
});

test('an address the provider has not verified is refused, with the reason', async ({ page }) => {
  const login = person({ email: `unverified-${uniqueStamp()}@example.com`, email_verified: false });
  await page.goto(`${base}/sign-in`);
  await page.getByRole('button', { name: 'Or continue with Google' }).click();
  await logInAtProvider(page, login);
  await expect(page.getByText(OAUTH_ERRORS.unverified_email)).toBeVisible();
  await expectAccessible(page);
});

test('Apple answers by a form POST, and signs a newcomer up', async ({ page }) => {
  const email = `apple-${uniqueStamp()}@privaterelay.example.com`;
  const login = person({ email, email_verified: 'true', name: 'Hailey Kinsel' });
  await page.goto(`${base}/sign-up`);
  await page.getByRole('button', { name: 'Or Sign up with Apple' }).click();
  await logInAtProvider(page, login);
  await page.waitForURL(`${base}/onboarding`);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
  expect(session.state.currentUser).toMatchObject({ email, first_name: 'Hailey', last_name: 'Kinsel' });
});

test('two-factor sign-in holds after Google too: the code step, then a remembered device goes straight in', async ({
  browser,
  page,
  request,
}) => {
  const email = `totp-${uniqueStamp()}@example.com`;
  const password = 'Lariat#2026';
  const signup = await request.post(`${base}/api/signup`, {
    data: { first_name: 'Jordan', last_name: 'Briggs', email, password },
  });
  expect(signup.ok()).toBe(true);
  const { user } = (await signup.json()) as { user: { api_token: string } };
  const { secret } = await enableByApi(request, user.api_token, password, base);
  const login = person({ email, email_verified: true, given_name: 'Jordan' });

  // Google proves the identity, the password connects it, and the code is still asked for before any session.
  await page.setViewportSize(PHONE);
  await page.goto(`${base}/sign-in`);
  await page.getByRole('button', { name: 'Or continue with Google' }).click();
  await logInAtProvider(page, login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Connect and sign in' }).click();
  await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
  await expectAccessible(page);
  const before = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
  expect(before.state?.isLoggedIn ?? false).toBe(false);
  const now = await steadyNow();
  await page.getByLabel('Authentication code').fill(totp(secret).generate({ timestamp: now }));
  await page.getByLabel('Remember this device for 30 days').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${base}/onboarding`);

  // Signed out, this browser is remembered: Google alone signs in.
  await page.evaluate(() => {
    localStorage.removeItem('token');
    localStorage.removeItem('session');
  });
  await page.goto(`${base}/sign-in`);
  await page.getByRole('button', { name: 'Or continue with Google' }).click();
  await page.waitForURL(`${base}/onboarding`);

  // Another browser is not: Google, then the code step (the next step's code; the last one is used up).
  const context = await browser.newContext({ viewport: PHONE });
  const other = await context.newPage();
  await other.goto(`${base}/sign-in`);
  await other.getByRole('button', { name: 'Or continue with Google' }).click();
  await logInAtProvider(other, login);
  await expect(other.getByText('Enter the code from your authenticator app.')).toBeVisible();
  const later = await steadyNow();
  await other.getByLabel('Authentication code').fill(totp(secret).generate({ timestamp: later + PERIOD_MS }));
  await other.getByRole('button', { name: 'Verify' }).click();
  await other.waitForURL(`${base}/onboarding`);
  await context.close();
});

test('a member who signed up with Google sets a password from the Account page, then signs in with it @phone', async ({
  page,
}) => {
  const { phone } = newcomer('google-password');
  const email = `nopw-${uniqueStamp()}@example.com`;
  const login = person({ email, email_verified: true, given_name: 'Shelby', family_name: 'Boisjoli' });
  await page.setViewportSize(PHONE);
  await page.goto(`${base}/sign-up`);
  await page.getByRole('button', { name: 'Or Sign up with Google' }).click();
  await logInAtProvider(page, login);
  await page.waitForURL(`${base}/onboarding`);
  // Onboarding and the phone by the API (their screens have journeys of their own).
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
  const token = session.state.currentUser.api_token as string;
  const api = await requests.newContext({ baseURL: base });
  await onboardByApi(api, token);
  await verifyPhoneByApi(api, token, phone);

  await page.goto(`${base}/social_home/settings/account`);
  const password = page.getByRole('region', { name: 'Password' });
  await expect(password.getByText('You sign in with Google or Apple, so you have no password yet.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Email' }).getByText(/Changing your email asks for your password/),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Two-factor sign-in' }).getByText(/Turning it on asks for your password/),
  ).toBeVisible();
  await expectAccessible(page);
  await password.getByRole('button', { name: 'Email me a link to set a password' }).click();
  await expect(password.getByRole('status')).toContainText(`We sent a link to ${email}.`);

  const message = await waitForMessage(api, 'email', email);
  const link = new URL(/http\S+reset-password#token=\w+/.exec(message.text)?.[0] ?? '');
  await page.goto(`${base}${link.pathname}${link.hash}`);
  await page.getByLabel('New Password', { exact: true }).fill('Lariat#2026');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Lariat#2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();

  // Signed out, the address and the new password sign in to the same member.
  await page.evaluate(() => {
    localStorage.removeItem('token');
    localStorage.removeItem('session');
  });
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Lariat#2026');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/social_home/**', { timeout: 10_000 });
  const again = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}'));
  expect(again.state.currentUser.id).toBe(session.state.currentUser.id);
  await api.dispose();
});
