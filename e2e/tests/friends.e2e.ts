import { type APIRequestContext, expect, test } from '@playwright/test';
import { newcomer, signUpByApi, waitForMessage } from './support.ts';

const DEMO = { email: 'demo@corral.app', password: 'Buckle#2026' };

/** A new member who has onboarded and verified a phone, all through the API; answers their token. */
async function readyMember(request: APIRequestContext, member: ReturnType<typeof newcomer>) {
  await signUpByApi(request, member);
  const login = await request.post('/api/login', { data: { email: member.email, password: member.password } });
  const token = (await login.json()).user.api_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const [eventTypes, associations] = await Promise.all([
    request.get('/api/setup/event-types').then((r) => r.json()),
    request.get('/api/setup/associations').then((r) => r.json()),
  ]);
  const onboard = await request.post('/api/on-board', {
    headers,
    data: {
      age: '1994-04-04',
      gender: 'female',
      transport_id: 1,
      event_type_ids: [eventTypes[0].id],
      association_ids: [associations[0].id],
    },
  });
  expect(onboard.status(), await onboard.text()).toBe(200);
  const sent = await request.post('/api/contacts/send-verification-code', {
    headers,
    data: { original_phone: member.phone },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const digits = member.phone.replace(/\D/g, '');
  const sms = await waitForMessage(request, 'sms', `+1${digits}`);
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  const validated = await request.post('/api/contacts/validate-verification-code', {
    headers,
    data: { original_phone: member.phone, code },
  });
  expect(validated.status(), await validated.text()).toBe(200);
  return token;
}

test('a member confirms a friend request from the sidebar and finds the new friend in Contacts', async ({
  page,
  request,
}) => {
  const asker = newcomer('asker');
  const token = await readyMember(request, asker);
  const demo = (await (await request.post('/api/login', { data: DEMO })).json()).user as { id: string };
  const sent = await request.post('/api/friends/requests', {
    headers: { authorization: `Bearer ${token}` },
    data: { user_id: demo.id },
  });
  expect(await sent.json()).toMatchObject({ friendship_status: 'pending_sent' });

  await page.goto('/sign-in');
  await page.getByLabel('Email Address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/social_home/**', { timeout: 8_000 });
  await page.goto('/social_home');

  const askerName = `${asker.firstName} ${asker.lastName}`;
  const card = page.getByRole('article', { name: `Friend request from ${askerName}` });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Request accepted.')).toBeVisible();
  // About two seconds later the card leaves.
  await expect(card).toBeHidden({ timeout: 5_000 });

  await page.getByRole('button', { name: 'Search contacts' }).click();
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(asker.lastName.slice(0, 10));
  await expect(page.getByRole('link', { name: askerName })).toBeVisible();
});
