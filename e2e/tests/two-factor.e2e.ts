import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { newcomer, readyMember, signInBrowser } from './support.ts';
import { enableByApi, PERIOD_MS, steadyNow, totp } from './support-two-factor.ts';

/*
 * Two-factor sign-in (issue 21, ADR 034): codes are computed here from the secret the app showed, with the library
 * the server uses, as an authenticator app would. A code is good once (its 30-second step is used up), so each
 * sign-in takes the code of a later step than the one before (the server accepts one step either side).
 */

const PHONE = { width: 360, height: 740 };
/** The password step on the sign-in page, up to the code step. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
}

/** axe (WCAG 2.2 AA) on what is shown: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

async function freshPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test('signs in with a code from the app, then with a recovery code once, then skips the code on a remembered device', async ({
  browser,
  request,
}) => {
  const member = newcomer('totp');
  const { token } = await readyMember(request, member);
  const { secret, recoveryCodes } = await enableByApi(request, token, member.password);

  // A code: wrong first, then the current step's, remembering this device.
  const page = await freshPage(browser);
  await passwordStep(page, member.email, member.password);
  const now = await steadyNow();
  const right = totp(secret).generate({ timestamp: now });
  await page.getByLabel('Authentication code').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code. Please check your authenticator app and try again.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(right);
  await page.getByLabel('Remember this device for 30 days').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('User Successfully Logedin')).toBeVisible();
  await page.waitForURL('**/social_home/**', { timeout: 8_000 });

  // The same browser, signed out, signs in again with the password only: the device is remembered.
  await page.evaluate(() => {
    localStorage.removeItem('token');
    localStorage.removeItem('session');
  });
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('User Successfully Logedin')).toBeVisible();
  await page.context().close();

  // Another browser: a recovery code, once.
  const other = await freshPage(browser);
  await passwordStep(other, member.email, member.password);
  await other.getByRole('button', { name: 'Use a recovery code' }).click();
  await other.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByText('User Successfully Logedin')).toBeVisible();
  await other.context().close();

  const third = await freshPage(browser);
  await passwordStep(third, member.email, member.password);
  await third.getByRole('button', { name: 'Use a recovery code' }).click();
  await third.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await third.getByRole('button', { name: 'Verify' }).click();
  await expect(third.getByText('Invalid recovery code.')).toBeVisible();
  await third.context().close();
});

test('at 360 px: the code step fits and signs in with the next code @phone', async ({ browser, request }) => {
  const member = newcomer('totp-phone');
  const { token } = await readyMember(request, member);
  const { secret } = await enableByApi(request, token, member.password);
  const page = await freshPage(browser, PHONE);
  await passwordStep(page, member.email, member.password);
  const noSideScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noSideScroll).toBe(true);
  await page.getByLabel('Authentication code').fill('12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expectAccessible(page);
  await page
    .getByLabel('Authentication code')
    .fill(totp(secret).generate({ timestamp: (await steadyNow()) + PERIOD_MS }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('User Successfully Logedin')).toBeVisible();
  await page.context().close();
});

// The section lives on the Account page (/social_home/settings/account).
for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: '360 px', size: PHONE },
]) {
  test(`turns two-factor on from the Account page, with the shown key (${viewport.name})`, async ({
    browser,
    request,
  }) => {
    const member = newcomer('totp-ui');
    const { token } = await readyMember(request, member);
    const page = await freshPage(browser, viewport.size);
    await signInBrowser(page, request, token);
    await page.goto('/social_home/settings/account');
    const heading = page.getByRole('heading', { name: 'Two-factor sign-in' });
    await expect(heading).toBeVisible();

    const section = page.locator('section', { has: heading });
    await section.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(page);
    const secret = (await dialog.getByTestId('two-factor-secret').textContent()) ?? '';
    await dialog.getByLabel('Code from the app').fill(totp(secret).generate({ timestamp: await steadyNow() }));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByText('10 of 10 recovery codes left', { exact: false })).toBeVisible();

    // Signing in now asks for the code: the next step's, computed from the key the dialog showed.
    const signIn = await freshPage(browser, viewport.size);
    await passwordStep(signIn, member.email, member.password);
    await signIn
      .getByLabel('Authentication code')
      .fill(totp(secret).generate({ timestamp: (await steadyNow()) + PERIOD_MS }));
    await signIn.getByRole('button', { name: 'Verify' }).click();
    await expect(signIn.getByText('User Successfully Logedin')).toBeVisible();
    await signIn.context().close();
    await page.context().close();
  });
}
