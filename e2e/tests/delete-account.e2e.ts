import { expect, test } from '@playwright/test';
import { newcomer } from './support.ts';

test('a member deletes the account, is signed out, and can no longer log in', async ({ page, request }) => {
  const member = newcomer('delete');
  await request.post('/api/signup', {
    data: { first_name: member.firstName, last_name: member.lastName, email: member.email, password: member.password },
  });
  // Set up through the API so the journey is about deletion.
  const login = await (
    await request.post('/api/login', { data: { email: member.email, password: member.password } })
  ).json();
  const headers = { authorization: `Bearer ${login.user.api_token}` };
  const onboard = await request.post('/api/on-board', {
    headers,
    data: { age: '1988-07-04', gender: 'male', transport_id: 3, event_type_ids: [1], association_ids: [1] },
  });
  expect(onboard.status()).toBe(200);

  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/phone-verify', { timeout: 6_000 });

  // Verify a phone so the member reaches the social area.
  const phone = member.phone;
  await page.getByLabel(/phone number/i).fill(phone);
  await page.getByRole('button', { name: /send code/i }).click();
  let code = '';
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
        channel: string;
        to: string;
        text: string;
      }[];
      code =
        /\b(\d{6})\b/.exec(
          outbox.find((m) => m.channel === 'sms' && m.to === `+1${phone.replace(/\D/g, '')}`)?.text ?? '',
        )?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: /^verify/i }).click();
  await page.getByRole('link', { name: 'Go to Friend List' }).click();
  await page.waitForURL('**/social_home/friend-list');

  await page.goto(`/social_home/myprofile/${login.user.id}`);
  await page.getByRole('button', { name: /delete account/i }).click();
  await expect(page.getByText('Are you sure ?')).toBeVisible();
  await expect(page.getByText("You won't be able to revert this!")).toBeVisible();
  await page
    .getByRole('button', { name: /yes|delete/i })
    .last()
    .click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await page.waitForURL('**/sign-in');

  // The old token is dead and the login is refused.
  expect((await request.get('/api/verify', { headers })).status()).toBe(401);
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid Credential').first()).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});
