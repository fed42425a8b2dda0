import { expect, test } from '@playwright/test';
import { newcomer, onboardedMember, requestsSettled, signInBrowser, waitForMessage } from './support.ts';

test('a newcomer signs up, logs in, onboards, verifies a phone and lands on the friend list @phone', async ({
  page,
  request,
}) => {
  const member = newcomer('newcomer');

  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Sign-up' })).toBeVisible();
  await page.getByLabel('Full Name').fill(`${member.firstName} ${member.lastName}`);
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('User Successfully Registered')).toBeVisible();
  // The spec waits three seconds before sending the newcomer to sign-in.
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.waitForURL('**/sign-in', { timeout: 6_000 });

  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('User Successfully Logedin')).toBeVisible();
  await page.waitForURL('**/onboarding', { timeout: 6_000 });
  // The greeting shows in the header and again in the phone menu panel.
  await expect(page.getByText(`Hello, ${member.firstName}`).first()).toBeVisible();

  // Step 1: date of birth. Next refuses an empty step with the spec's message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Date of birth is required.')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1994-03-21');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: gender; left empty, the spec's message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select your gender.')).toBeVisible();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: hauling horses for others; left empty, the spec's message (not zod's 'Invalid input: expected 1').
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select your option.')).toBeVisible();
  await page.getByRole('radio', { name: 'Yes, On Fill Rates' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: events; left empty, the spec's message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select at least one event.')).toBeVisible();
  await page.getByRole('checkbox', { name: /Barrel Racing/ }).check();
  await page.getByRole('checkbox', { name: /Breakaway Roping/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: associations; left empty, the spec's message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select at least one association.')).toBeVisible();
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

test('Resend code sends a new code at once, says so, and counts down while the server will not send @phone', async ({
  page,
  request,
}) => {
  const member = newcomer('resend');
  const { token, headers } = await onboardedMember(request, member);
  await signInBrowser(page, request, token);
  await page.goto('/phone-verify');
  let sendRequests = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/contacts/send-verification-code')) sendRequests += 1;
  });

  const e164 = `+1${member.phone.replace(/\D/g, '')}`;
  const codesSent = async () => {
    const outbox = (await (await request.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
    return outbox.filter((message) => message.to === e164);
  };
  const newestCode = async (count: number) => {
    await expect.poll(async () => (await codesSent()).length, { timeout: 15_000 }).toBe(count);
    // Newest first.
    return (await codesSent()).map((message) => /\b(\d{6})\b/.exec(message.text)?.[1] ?? '');
  };

  await page.getByLabel(/phone number/i).fill(member.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('A new verification code has been sent.').first()).toBeVisible();
  const [first] = await newestCode(1);
  // The first toast closes (5 s) so that the next one is known to be Resend's.
  await expect(page.getByText('A new verification code has been sent.')).toBeHidden({ timeout: 10_000 });

  // Resend sends a second code from the code step itself, says so, and stays on the code step.
  await page.getByRole('button', { name: 'Resend code' }).click();
  const [second] = await newestCode(2);
  await expect(page.getByText('A new verification code has been sent.')).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 6')).toBeVisible();
  expect(second).toMatch(/^\d{6}$/);
  expect(second).not.toBe(first);

  // Another device uses up the number's sends for the minute; the server, not the page, knows the wait.
  let full = false;
  let apiSends = 0;
  while (!full) {
    apiSends += 1;
    const sent = await request.post('/api/contacts/send-verification-code', {
      headers,
      data: { original_phone: member.phone },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    full = ((await sent.json()) as { resend_after: number }).resend_after > 0;
  }
  const sentBefore = 2 + apiSends;
  const [newest] = await newestCode(sentBefore);
  const resend = page.getByRole('button', { name: /^Resend code/ });
  await resend.click();
  await expect(page.getByRole('alert').filter({ hasText: /Too many requests/ })).toBeVisible();
  await expect(resend).toHaveText(/^Resend code in \d+ s$/);
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  const shown = Number(/(\d+) s$/.exec((await resend.textContent()) ?? '')?.[1]);
  await expect(resend).not.toHaveText(`Resend code in ${shown} s`, { timeout: 3_000 });
  // Pressing it while it counts down asks the server nothing.
  const asked = sendRequests;
  await resend.focus();
  await page.keyboard.press('Enter');
  await requestsSettled(page);
  expect(sendRequests).toBe(asked);
  expect((await codesSent()).length).toBe(sentBefore);

  // The newest code (the one sent last, from the other device) verifies the number.
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(newest ?? '');
  await page.getByRole('button', { name: /^verify/i }).click();
  await expect(page.getByRole('heading', { name: 'Phone verified' })).toBeVisible();
});
