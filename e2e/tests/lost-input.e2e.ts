import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, logInByApi, newcomer, onboardedMember, signInBrowser, signUpByApi, waitForMessage } from './support.ts';

/**
 * Nothing a member types is lost (issue 15), for the code boxes, onboarding and sign-in: each journey repeats
 * what a member did in Chromium when their input was lost or their way was.
 */

type Member = ReturnType<typeof newcomer>;

/** A member who has signed up and onboarded through the API, signed in on this browser: next is the phone. */
async function onboardedAndSignedIn(page: Page, request: APIRequestContext, member: Member) {
  const { token } = await onboardedMember(request, member);
  await signInBrowser(page, request, token);
}

/** The six boxes' digits, read as one code. */
const boxesRead = (page: Page) =>
  page
    .getByRole('group', { name: 'Verification code' })
    .getByRole('textbox')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join(''));

const box = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 6`);

/** Types a code one key at a time from box 1, as a member does. */
async function typeCode(page: Page, code: string) {
  await box(page, 1).click();
  await page.keyboard.type(code);
  await expect.poll(() => boxesRead(page)).toBe(code);
}

test('a number refused as invalid loses its message once it is valid @phone', async ({ page, request }) => {
  const member = newcomer('phone-stale');
  await onboardedAndSignedIn(page, request, member);
  await page.goto('/phone-verify');
  const phone = page.getByLabel(/phone number/i);
  const send = page.getByRole('button', { name: 'Send code' });
  await send.click();
  await expect(page.getByText('Please enter your phone number.')).toBeVisible();
  await phone.fill('555 12');
  await expect(page.getByText('Please enter your phone number.')).toBeHidden();
  await send.click();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  // Valid now: the hint says where the code goes, and the refusal of the earlier number is gone.
  await phone.fill(member.phone);
  await expect(page.getByText(/We will text the code to \+1/)).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number.')).toBeHidden();
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
});

test('a whole code arriving in one input event, in any box holding digits or not, is exactly that code @phone', async ({
  page,
  request,
}) => {
  const member = newcomer('otp');
  await onboardedAndSignedIn(page, request, member);
  await page.goto('/phone-verify');

  await page.getByLabel(/phone number/i).fill(member.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const sms = await waitForMessage(request, 'sms', `+1${member.phone.replace(/\D/g, '')}`);
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  // A wrong code whose first digit is also the right code's first: the old digit of box 1 is in the new code.
  const wrong = `${code[0]}${code.slice(1) === '00000' ? '11111' : '00000'}`;

  await typeCode(page, wrong);
  await page.getByRole('button', { name: /^verify/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code.' })).toBeVisible();

  // SMS autofill: box 1 focused, the code put in as one text insertion.
  await box(page, 1).click();
  await page.keyboard.insertText(code);
  await expect.poll(() => boxesRead(page)).toBe(code);

  // An autofill that sets the value and fires one input event (no beforeinput), into box 1 holding a digit.
  await typeCode(page, wrong);
  await box(page, 1).evaluate((input: HTMLInputElement, text) => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }));
  }, code);
  await expect.poll(() => boxesRead(page)).toBe(code);

  // The same code arriving in the last box, then in a middle one.
  for (const n of [6, 4]) {
    await typeCode(page, wrong);
    await box(page, n).click();
    await page.keyboard.insertText(code);
    await expect.poll(() => boxesRead(page), { message: `inserted into box ${n}` }).toBe(code);
  }

  // Pasted into the last box while every box holds a digit.
  await typeCode(page, wrong);
  await box(page, 6).evaluate((input: HTMLInputElement, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `Your Corral code: ${code}`);
  await expect.poll(() => boxesRead(page)).toBe(code);

  await page.getByRole('button', { name: /^verify/i }).click();
  await expect(page.getByRole('heading', { name: 'Phone verified' })).toBeVisible();
});

const step = (page: Page) => page.getByRole('progressbar');

test('onboarding keeps its step in the address and its answers across Back, Forward and reload @phone', async ({
  page,
  request,
}) => {
  const member = newcomer('onboard-back');
  await signUpByApi(request, member);
  const { api_token: token } = await logInByApi(request, member);
  await signInBrowser(page, request, token);

  await page.goto('/onboarding');
  await expect(step(page)).toHaveAccessibleName('Step 1 of 6');

  await page.getByLabel('Date of birth').fill('1994-03-21');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=2$/);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=3$/);
  await expect(step(page)).toHaveAccessibleName('Step 3 of 6');
  await page.getByRole('radio', { name: 'Yes, On Professional Rates' }).check();

  // The browser's Back goes one step back, with the answer kept; Forward returns.
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding\?step=2$/);
  await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByLabel('Date of birth')).toHaveValue('1994-03-21');
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/\/onboarding\?step=3$/);
  await expect(page.getByRole('radio', { name: 'Yes, On Professional Rates' })).toBeChecked();

  // A reload keeps the step and every answer so far.
  await page.reload();
  await expect(step(page)).toHaveAccessibleName('Step 3 of 6');
  await expect(page.getByRole('radio', { name: 'Yes, On Professional Rates' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /Barrel Racing/ }).check();
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding\?step=4$/);
  await expect(page.getByRole('checkbox', { name: /Barrel Racing/ })).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding\?step=3$/);
  await expect(page.getByRole('radio', { name: 'Yes, On Professional Rates' })).toBeChecked();

  // A later step whose earlier answers are missing cannot be opened: the member lands on the first missing one.
  await page.goto('/onboarding?step=6');
  await expect(page).toHaveURL(/\/onboarding\?step=5$/);
  await page.getByRole('checkbox', { name: /WPRA/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const review = page.getByRole('region', { name: 'Review your answers' });
  await expect(review.getByText('March 21, 1994')).toBeVisible();
  await expect(review.getByText('Yes, On Professional Rates')).toBeVisible();
  await expect(review.getByText(/Barrel Racing \(BRL\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Onboarding completed successfully!')).toBeVisible();
  await page.waitForURL('**/phone-verify');
  // The draft is gone once the answers are in.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('onboarding')))).toEqual([]);
});

/** Logs in on the sign-in page the guard sent the guest to. */
async function logInHere(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email Address', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('User Successfully Logedin')).toBeVisible();
}

test('a post link opened while signed out opens after sign-in, not the feed', async ({ page, request }) => {
  const demo = await logInByApi(request, DEMO);
  const timeline = (await (
    await request.get('/api/home/timeline', { headers: { authorization: `Bearer ${demo.api_token}` } })
  ).json()) as { data: { id: number; type: string }[] };
  const post = timeline.data.find((item) => item.type === '1');
  expect(post).toBeDefined();
  const link = `/social_home/post/${post?.id}`;

  await page.goto(link);
  await page.waitForURL(/\/sign-in/);
  await logInHere(page, DEMO);
  await expect(page).toHaveURL(new RegExp(`${link}$`), { timeout: 8_000 });
});

test('a new member who opened an event link goes through onboarding and the phone, then to the event', async ({
  page,
  request,
}) => {
  const demo = await logInByApi(request, DEMO);
  const events = (await (
    await request.get('/api/events?scope=upcoming', { headers: { authorization: `Bearer ${demo.api_token}` } })
  ).json()) as { data: { id: number; is_private?: boolean }[] };
  const event = events.data[0];
  expect(event).toBeDefined();
  const link = `/social_home/event/${event?.id}`;
  const member = newcomer('return');
  await signUpByApi(request, member);

  await page.goto(link);
  await page.waitForURL(/\/sign-in/);
  await logInHere(page, member);
  await expect(page).toHaveURL(/\/onboarding\?/, { timeout: 8_000 });
  await page.getByLabel('Date of birth').fill('1990-01-02');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /Team Roping/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /PRCA/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/phone-verify?**');

  await page.getByLabel(/phone number/i).fill(member.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const sms = await waitForMessage(request, 'sms', `+1${member.phone.replace(/\D/g, '')}`);
  await typeCode(page, /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '');
  await page.getByRole('button', { name: /^verify/i }).click();
  await expect(page.getByRole('heading', { name: 'Phone verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL(`**${link}`);
  await expect(page.getByRole('dialog')).toBeVisible();
});
