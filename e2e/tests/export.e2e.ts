import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newcomer, readyMember, signInBrowser, waitForMessage } from './support.ts';

/**
 * Your data (issue 21, item 5): a member asks for a copy of their data on the Account page, waits while it is
 * prepared in the background, is told by email, and downloads the zip in the browser (a plain link: the web's
 * bearer token is not sent, the link's own signed token is), at desktop width and at 360 px.
 */

const ACCOUNT = '/social_home/settings/account';
const PHONE = { width: 360, height: 760 };

async function askAndDownload(page: Page, request: Parameters<typeof readyMember>[0], prefix: string) {
  const member = newcomer(prefix);
  const ready = await readyMember(request, member);
  const posted = await request.post('/api/posts', { headers: ready.headers, multipart: { title: `Export ${prefix}` } });
  expect(posted.status(), await posted.text()).toBe(200);
  await signInBrowser(page, request, ready.token);

  await page.goto(`${ACCOUNT}#your-data`);
  const section = page.getByRole('region', { name: 'Download your data' });
  await section.getByRole('button', { name: 'Ask for a copy of your data' }).click();
  const link = section.getByRole('link', { name: 'Download your data' });
  // Preparing, then ready (the section asks again every few seconds).
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(/You can ask for one copy a day/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // No serious or critical WCAG 2.2 AA violation in the section (the Account page's own audit covers the rest).
  const audit = await new AxeBuilder({ page })
    .include('#your-data')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  const email = await waitForMessage(request, 'email', member.email);
  expect(email.text).toContain(`${ACCOUNT}#your-data`);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^corral-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path()) ?? '');
  // A zip (local file header), holding the member's profile.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(bytes.includes(Buffer.from('profile.json'))).toBe(true);
  expect(bytes.includes(Buffer.from('README.txt'))).toBe(true);

  // The same link opened by nobody signed in, once the member signed out, gives nothing.
  const href = (await link.getAttribute('href')) ?? '';
  await request.post('/api/logout', { headers: ready.headers });
  expect((await request.get(href)).status()).toBe(404);
}

test('a member downloads a copy of their data', async ({ page, request }) => {
  await askAndDownload(page, request, 'export');
});

test('a member downloads a copy of their data at 360 px @phone', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await askAndDownload(page, request, 'export-phone');
});
