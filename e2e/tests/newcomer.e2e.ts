import { expect, test } from '@playwright/test';
import { newcomer, waitForMessage } from './support.ts';

test('a newcomer signs up, logs in, onboards, verifies a phone and lands on the friend list @phone', async ({
  page,
  request,
}) => {
  const member = newcomer('newcomer');

  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Sign-up' })).toBeVisible();
  await page.getByLabel('Full Name').fill(`${member.firstName} ${member.lastName}`);
  await page.getByLabel('Email Address').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('User Successfully Registered')).toBeVisible();
  // The spec waits three seconds before sending the newcomer to sign-in.
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.waitForURL('**/sign-in', { timeout: 6_000 });

  await page.getByLabel('Email Address').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('User Successfully Logedin')).toBeVisible();
  await page.waitForURL('**/onboarding', { timeout: 6_000 });
  await expect(page.getByText(`Hello, ${member.firstName}`)).toBeVisible();

  // Step 1: date of birth. Next refuses an empty step with the spec's message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Date of birth is required.')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1994-03-21');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: gender.
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: hauling horses for others.
  await page.getByRole('radio', { name: 'Yes, On Fill Rates' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: events.
  await page.getByRole('checkbox', { name: /Barrel Racing/ }).check();
  await page.getByRole('checkbox', { name: /Breakaway Roping/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: associations.
  await page.getByRole('checkbox', { name: /WPRA/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 6: review, then submit.
  const review = page.getByRole('region', { name: 'Review your answers' });
  await expect(review.getByText('March 21, 1994')).toBeVisible();
  await expect(review.getByText(/Barrel Racing \(BRL\)/)).toBeVisible();
  await expect(review.getByText(/\(WPRA\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Onboarding completed successfully!')).toBeVisible();
  await page.waitForURL('**/phone-verify');

  await page.getByLabel(/phone number/i).fill(member.phone);
  await page.getByRole('button', { name: /send code/i }).click();
  const sms = await waitForMessage(request, 'sms', `+1${member.phone.replace(/\D/g, '')}`);
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  const verify = page.getByRole('button', { name: /^verify/i });
  await expect(verify).toBeDisabled();
  const first = page.getByLabel('Digit 1 of 6');
  await first.click();
  await page.keyboard.type(code);
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(code.at(-1) ?? '');
  await expect(verify).toBeEnabled();
  await verify.click();

  await expect(page.getByRole('heading', { name: 'Phone verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Friend List' }).click();
  await page.waitForURL('**/social_home/friend-list');
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
});
