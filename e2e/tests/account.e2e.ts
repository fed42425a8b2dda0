import { expect, type Page, test } from '@playwright/test';
import { logInByApi, newcomer, readyMember, signInBrowser, waitForMessage } from './support.ts';

/** Whether the page scrolls sideways (it must not, at any width). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`the Account page at ${viewport.width} px: sign out another device, change the password, change the email with its link`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const member = newcomer('account');
    const { token } = await readyMember(request, member);
    // A second device, signed in by the API.
    const other = await logInByApi(request, member);
    const verifyOther = () => request.get('/api/verify', { headers: { authorization: `Bearer ${other.api_token}` } });
    expect((await verifyOther()).status()).toBe(200);

    await signInBrowser(page, request, token);
    await page.goto('/social_home/friend-list');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
    await page.waitForURL('**/social_home/settings/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    for (const name of ['Email', 'Password', 'Sessions', 'Privacy', 'Blocked and muted'])
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Sessions: sign-up's, this browser's (marked) and the other device's; one signed out, then all others.
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(3);
    await expect(devices.getByText('This device', { exact: true })).toBeVisible();
    await devices
      .getByRole('button', { name: /^Sign out / })
      .first()
      .click();
    await expect(page.getByText('That device has been signed out.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByText('1 other device has been signed out.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    expect((await verifyOther()).status()).toBe(401);
    expect((await request.get('/api/verify', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

    // Password: the product's rules first, then the change.
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password', { exact: true }).fill(member.password);
    await password.getByLabel('New password', { exact: true }).fill('short');
    await password.getByLabel('Confirm new password', { exact: true }).fill('short');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Password must be 8–12 characters')).toBeVisible();
    const newPassword = 'Spurs&2027';
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await password.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    const told = await waitForMessage(request, 'email', member.email);
    expect(told.subject).toBe('Your Corral password was changed');
    expect(
      (await request.post('/api/login', { data: { email: member.email, password: member.password } })).status(),
    ).toBe(401);

    // Email: a link to the new address; until it is opened, the old address signs in.
    const newEmail = member.email.replace('@', '.moved@');
    const email = page.getByRole('region', { name: 'Email' });
    await email.getByLabel('New email address', { exact: true }).fill(newEmail);
    await email.getByLabel('Your password', { exact: true }).fill(newPassword);
    await email.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(email.getByText(/Waiting for confirmation at/)).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect((await request.post('/api/login', { data: { email: member.email, password: newPassword } })).status()).toBe(
      200,
    );

    const mail = await waitForMessage(request, 'email', newEmail);
    const link = /(https?:\/\/\S+\/confirm-email#token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const url = new URL(link as string);
    expect(url.search).toBe('');
    await page.goto(url.pathname + url.hash);
    await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect((await request.post('/api/login', { data: { email: newEmail, password: newPassword } })).status()).toBe(200);
    expect((await request.post('/api/login', { data: { email: member.email, password: newPassword } })).status()).toBe(
      401,
    );

    // The link works once.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible();

    // The former address was told, with an undo link.
    const undoMail = await waitForMessage(request, 'email', member.email);
    expect(undoMail.subject).toBe('Your Corral email address was changed');
    expect(undoMail.text).toMatch(/\/undo-email-change#token=/);

    // Back on the Account page, the new address is the one in force.
    await page.goto('/social_home/settings/account');
    await expect(page.getByRole('region', { name: 'Email' }).getByText(newEmail, { exact: true })).toBeVisible();
  });
}
