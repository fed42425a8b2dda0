import { expect, test } from '@playwright/test';
import { newcomer, readyMember } from './support.ts';

const DEMO = { email: 'demo@corral.app', password: 'Buckle#2026' };

test('a member confirms a friend request from the sidebar and finds the new friend in Contacts', async ({
  page,
  request,
}) => {
  const asker = newcomer('asker');
  const { id: askerId, token } = await readyMember(request, asker);
  const demo = (await (await request.post('/api/login', { data: DEMO })).json()).user as { id: string };
  const sent = await request.post('/api/friends/requests', {
    headers: { authorization: `Bearer ${token}` },
    data: { user_id: demo.id },
  });
  expect(await sent.json()).toMatchObject({ friendship_status: 'pending_sent' });

  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/social_home/**', { timeout: 8_000 });
  await page.goto('/social_home');

  const askerName = `${asker.firstName} ${asker.lastName}`;
  const card = page.getByRole('article', { name: `Friend request from ${askerName}` });
  await expect(card).toBeVisible();
  // The list as the page fetches it next: without the request (the live stream asks for it at once).
  const refreshed = page.waitForResponse(async (response) => {
    const { pathname } = new URL(response.url());
    if (pathname !== '/api/friends/requests' || response.request().method() !== 'GET') return false;
    const listed = (await response.json()) as { data: { user: { id: string } }[] };
    return !listed.data.some((listedRequest) => listedRequest.user.id === askerId);
  });
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Request accepted.')).toBeVisible();
  // The answer stays in place of the buttons once the list no longer holds the request…
  await refreshed;
  await expect(card.getByText('Request accepted.')).toBeVisible();
  // … and about two seconds later the card leaves.
  await expect(card).toBeHidden({ timeout: 5_000 });

  await page.getByRole('button', { name: 'Search contacts' }).click();
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(asker.lastName.slice(0, 10));
  await expect(page.getByRole('link', { name: askerName })).toBeVisible();
});
