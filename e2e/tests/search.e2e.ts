import { expect, type Page, test } from '@playwright/test';
import { logInThroughUi, newcomer, readyMember, uniqueStamp } from './support.ts';

/** Signs a ready member in through the login screen and waits for the feed. */
async function openFeedAs(page: Page, member: ReturnType<typeof newcomer>) {
  await logInThroughUi(page, member.email, member.password);
  await page.waitForURL('**/social_home/**', { timeout: 8_000 });
}

/** The top bar's search box; on a phone, its button opens it first. */
async function searchBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search Corral' });
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone && !(await box.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(box).toBeVisible();
  return box;
}

test('search finds a member by the start of a name, accents aside, and the keyboard opens the profile @phone', async ({
  page,
  request,
}) => {
  const stamp = uniqueStamp();
  const found = { ...newcomer('found'), firstName: 'Tyrell', lastName: `Peña${stamp}` };
  const { id: foundId } = await readyMember(request, found);
  const viewer = newcomer('seeker');
  await readyMember(request, viewer);
  await openFeedAs(page, viewer);

  const box = await searchBox(page);
  await expect(box).toHaveAttribute('placeholder', 'Search entire store hire');
  // 'pena' finds 'Peña', as typed key by key.
  await box.pressSequentially(`pena${stamp}`);
  const option = page.getByRole('option', { name: `Tyrell Peña${stamp}` });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await box.press('Enter');
  await page.waitForURL(`**/social_home/profile/${foundId}`);

  // Escape closes the dropdown and keeps what was typed.
  const again = await searchBox(page);
  await again.fill('tyrel');
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible();
  await again.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();
  await expect(again).toHaveValue('tyrel');
});

test('Enter with nothing highlighted opens the results page; nothing found says so', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const found = { ...newcomer('listed'), firstName: 'Quincy', lastName: `Álvarez${stamp}` };
  const { id: foundId } = await readyMember(request, found);
  const viewer = newcomer('lister');
  await readyMember(request, viewer);
  await openFeedAs(page, viewer);

  const box = await searchBox(page);
  await box.fill(`ALVAREZ${stamp}`);
  await expect(page.getByRole('option', { name: `Quincy Álvarez${stamp}` })).toBeVisible();
  await box.press('Enter');
  await page.waitForURL(`**/social_home/search?q=ALVAREZ${stamp}`);
  await expect(page.getByRole('heading', { name: `Search results for “ALVAREZ${stamp}”` })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await members.getByRole('link', { name: `Quincy Álvarez${stamp}` }).click();
  await page.waitForURL(`**/social_home/profile/${foundId}`);

  await page.goto(`/social_home/search?q=zzq${stamp}`);
  await expect(page.getByText(`No results for "zzq${stamp}"`)).toBeVisible();

  const typed = await searchBox(page);
  await typed.fill(`zzq${stamp}`);
  await expect(page.getByRole('search').getByRole('paragraph')).toHaveText(`No results for "zzq${stamp}"`);
});

test('the help form sends a message and confirms it; a blank one is refused @phone', async ({ page, request }) => {
  const member = newcomer('helper');
  await readyMember(request, member);
  await openFeedAs(page, member);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Feedback Submission' }).click();
  await page.waitForURL('**/social_home/help?topic=feedback');
  await expect(page.getByRole('heading', { name: 'Feedback Submission', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Value is required')).toBeVisible();

  const message = page.getByRole('textbox', { name: 'What would you like to tell us?' });
  await message.fill('The search box is handy.');
  await expect(page.getByText('24/2000')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email for our reply' })).toHaveValue(member.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('Thank you! Your message has been sent. We will get back to you by email.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Contact us', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
});
