import { expect, test } from '@playwright/test';
import { logInThroughUi, newcomer, signUpByApi } from './support.ts';

test('a guest on /social_home lands on /sign-in @phone', async ({ page }) => {
  await page.goto('/social_home');
  await page.waitForURL('**/sign-in');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('a member who has not onboarded is forced to /onboarding, and a signed-in member on /sign-up lands on the friend list', async ({
  page,
  request,
}) => {
  const member = newcomer('guards');
  await signUpByApi(request, member);
  await logInThroughUi(page, member.email, member.password);
  await page.waitForURL('**/onboarding', { timeout: 6_000 });

  // Not onboarded: every protected route sends them back to onboarding.
  await page.goto('/social_home/friend-list');
  await page.waitForURL('**/onboarding');

  // Signed in on a guest-only route: to the friend list, whose guard then asks for onboarding.
  await page.goto('/sign-up');
  await page.waitForURL(/\/(social_home\/friend-list|onboarding)$/);
  await expect(page).not.toHaveURL(/sign-up/);
});

test('the demo member, fully set up, is sent from /sign-up to the friend list', async ({ page }) => {
  await logInThroughUi(page, 'demo@corral.app', 'Buckle#2026');
  await page.waitForURL('**/social_home/friend-list', { timeout: 6_000 });
  await page.goto('/sign-up');
  await page.waitForURL('**/social_home/friend-list');
  await page.goto('/onboarding');
  await page.waitForURL('**/social_home/friend-list');
});

test('sign-in returns only to a page of this site: another site or a script in the link lands on the friend list', async ({
  page,
}) => {
  for (const next of ['//evil.example/social_home', '/\\evil.example', 'https://evil.example/social_home']) {
    await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email Address', { exact: true }).fill('demo@corral.app');
    await page.getByLabel('Password', { exact: true }).fill('Buckle#2026');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/social_home/friend-list', { timeout: 8_000 });
    await page.evaluate(() => localStorage.clear());
  }
});
