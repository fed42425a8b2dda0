import { expect, test } from '@playwright/test';
import { logInThroughUi, newcomer, signUpByApi, waitForMessage } from './support.ts';

test('forgot password: the email in the outbox, the reset page, login with the new password', async ({
  page,
  request,
}) => {
  const member = newcomer('reset');
  await signUpByApi(request, member);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset email sent successfully !')).toBeVisible();
  await page.waitForURL('**/sign-in');

  const email = await waitForMessage(request, 'email', member.email);
  const link = /(https?:\/\/\S+\/reset-password#token=\S+)/.exec(email.text)?.[1];
  expect(link).toBeTruthy();
  // The token is in the fragment: the server never sees it, the page reads it.
  const url = new URL(link as string);
  expect(url.search).toBe('');
  await page.goto(url.pathname + url.hash);

  const newPassword = 'Spurs&2027';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid Credential').first()).toBeVisible();

  await logInThroughUi(page, member.email, newPassword);
  await page.waitForURL('**/onboarding', { timeout: 6_000 });
});

test('/reset-password without a token shows the invalid-link message from the first paint, never the form @phone', async ({
  page,
}) => {
  // Every element ever added to the page is looked at: a form shown for one frame and then replaced counts.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { passwordFieldsSeen: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          if (node.matches('input[type="password"]') || node.querySelector('input[type="password"]')) {
            seen.push(node.outerHTML.slice(0, 80));
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  for (const address of ['/reset-password', '/reset-password#token=', '/reset-password?token=']) {
    await page.goto(address);
    await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { passwordFieldsSeen: string[] }).passwordFieldsSeen),
    ).toEqual([]);
  }
});
