import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { animationsDone, logInThroughUi, newcomer, readyMember, settledToast, uniqueStamp } from './support.ts';

const ARENA_JPG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/arena.jpg');

/** The demo community's admin (apps/server/src/seed/demo-community.ts): the queue, the audit log, the roles. */
const ADMIN = { email: 'admin@corral.app', password: 'Buckle#2026' };

/** The journeys' screenshots, to look at: in E2E_SHOTS_DIR when set, else in the test's output (test-results/). */
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: process.env.E2E_SHOTS_DIR
      ? path.join(process.env.E2E_SHOTS_DIR, `${name}.png`)
      : test.info().outputPath(`${name}.png`),
  });

/** axe-core finds nothing serious or critical on the page as it is (the WCAG tags of accessibility.e2e.ts). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .withRules(['heading-order', 'page-has-heading-one', 'landmark-unique'])
    .analyze();
  const found = results.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}

/** `count` phone-verified members report `target` (Spam or Misleading, and one Other with its text). */
async function reportedBy(
  request: APIRequestContext,
  count: number,
  target: { target_type: 'post' | 'user'; target_id: number | string },
) {
  for (let n = 0; n < count; n += 1) {
    const reporter = await readyMember(request, newcomer(`reporter${n}`));
    const data =
      n === count - 1
        ? { ...target, reason: 'Other', text: 'Posted in every group today' }
        : { ...target, reason: 'Spam or Misleading' };
    const response = await request.post('/api/reports', { headers: reporter.headers, data });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The case whose heading is `name` in a tab of the queue, with the next pages asked for until it shows. */
async function caseCard(page: Page, tab: 'Open cases' | 'Resolved cases', name: string): Promise<Locator> {
  const card = page.getByRole('feed', { name: tab }).getByRole('article', { name });
  const more = page.getByRole('button', { name: 'Show more cases' });
  await expect(page.getByRole('feed', { name: tab })).toBeVisible();
  while (!(await card.isVisible()) && (await more.isVisible())) {
    await more.click();
    await expect(more.or(card)).toBeVisible();
  }
  await expect(card).toBeVisible();
  return card;
}

test('three members report a post, which is held; the admin removes it from the queue and reads it in the audit log', async ({
  page,
  request,
}) => {
  const stamp = uniqueStamp();
  const author = newcomer('author');
  const authorReady = await readyMember(request, author);
  const text = `Cheap saddles, click the link ${stamp}`;
  const posted = await request.post('/api/posts', {
    headers: authorReady.headers,
    multipart: { title: text, images: { name: 'arena.jpg', mimeType: 'image/jpeg', buffer: readFileSync(ARENA_JPG) } },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const postId = ((await posted.json()) as { data: { id: number } }).data.id;
  await reportedBy(request, 3, { target_type: 'post', target_id: postId });
  // Held: three reporters of weight 1 reach HOLD_REPORTERS, and the post is gone for everyone but its author.
  const bystander = await readyMember(request, newcomer('bystander'));
  expect((await request.get(`/api/posts/${postId}`, { headers: bystander.headers })).status()).toBe(404);

  await logInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/social_home/friend-list');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
  await expect(page.getByRole('heading', { name: 'Moderation queue', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');

  const name = `Post by ${author.firstName} ${author.lastName}`;
  const card = await caseCard(page, 'Open cases', name);
  await expect(card).toContainText(text);
  await expect(card).toContainText('Held for review');
  await expect(
    card.getByRole('img', { name: `1 of 1 in the reported post by ${author.firstName} ${author.lastName}` }),
  ).toBeVisible();
  await expect(card).toContainText('3 reporters');
  const reports = card.getByRole('group', { name: 'Reports (3)' });
  await expect(reports.getByRole('listitem')).toHaveCount(3);
  await expect(reports).toContainText('Posted in every group today');
  await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await shot(page, 'queue-desktop');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this post' });
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('Give a reason.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam: advertising links');
  await dialog.getByRole('textbox', { name: 'Note to the member (optional)' }).fill('Ads belong in the classifieds.');
  await animationsDone(dialog);
  await shot(page, 'dialog-desktop');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(await settledToast(page, 'The post was removed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  // Resolved now, with its resolution.
  await page.getByRole('tab', { name: 'Resolved' }).click();
  await expect(page).toHaveURL(/status=resolved/);
  await expect(await caseCard(page, 'Resolved cases', name)).toContainText('Removed');

  // The audit log lists it, newest first: the removal above the automatic hold.
  await page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const entries = page.getByRole('feed', { name: 'Audit log entries' }).getByRole('article');
  const removal = entries.filter({ hasText: 'Spam: advertising links' }).first();
  await expect(removal).toContainText('Removed');
  await expect(removal).toContainText(`${author.firstName} ${author.lastName}`);
  await expect(removal).toContainText(`Post ${postId}`);
  await expect(removal).toContainText('Ads belong in the classifieds.');
  await expect(entries.first()).toContainText('Spam: advertising links');
  await expect(entries.filter({ hasText: 'Held for review' }).filter({ hasText: `Post ${postId}` })).toHaveCount(1);
  await shot(page, 'audit-desktop');
  await expectAccessible(page);

  // Roles: the admin finds the author and makes them a moderator; their own role cannot change.
  await page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('combobox', { name: 'Role of Wade Marshall' })).toBeDisabled();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(author.lastName);
  const role = page.getByRole('combobox', { name: `Role of ${author.firstName} ${author.lastName}` });
  await expect(role).toHaveValue('member');
  await role.selectOption('moderator');
  await expect(await settledToast(page, `${author.firstName} ${author.lastName} is now a moderator.`)).toBeVisible();
  await expect(role).toHaveValue('moderator');
  await shot(page, 'roles-desktop');
  await expectAccessible(page);
});

test('at 360 px the admin opens the queue and suspends a reported member until a date', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const subject = newcomer('subject');
  const subjectReady = await readyMember(request, subject);
  await reportedBy(request, 2, { target_type: 'user', target_id: subjectReady.id });
  await logInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/social_home/friend-list');
  await page.goto('/social_home/moderation');
  const name = `Member ${subject.firstName} ${subject.lastName}`;
  const card = await caseCard(page, 'Open cases', name);
  await expect(card).toContainText('2 reporters');
  // Nothing sticks out sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await shot(page, 'queue-phone');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${subject.firstName} ${subject.lastName}` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Harassing other members');
  const until = dialog.getByLabel('Suspended until');
  const day = (await until.getAttribute('min')) ?? '';
  const later = new Date(`${day}T00:00:00Z`);
  later.setUTCDate(later.getUTCDate() + 6);
  const untilDay = later.toISOString().slice(0, 10);
  await until.fill(untilDay);
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(360);
  await animationsDone(dialog);
  await shot(page, 'dialog-phone');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(
    await settledToast(page, new RegExp(`^${subject.firstName} ${subject.lastName} is suspended until`)),
  ).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  // The member cannot sign in until that day (TZ=UTC: it begins at midnight UTC).
  const login = await request.post('/api/login', { data: { email: subject.email, password: subject.password } });
  expect(login.status()).toBe(403);
  const refusal = (await login.json()) as { code: string; suspended_until: string };
  expect(refusal.code).toBe('suspended');
  expect(Date.parse(refusal.suspended_until)).toBe(Date.parse(`${untilDay}T00:00:00Z`));

  await page.goto('/social_home/moderation/audit');
  await expect(page.getByRole('feed', { name: 'Audit log entries' }).getByRole('article').first()).toContainText(
    'Harassing other members',
  );
  await shot(page, 'audit-phone');
  await expectAccessible(page);
  await page.goto('/social_home/moderation/roles');
  await expect(page.getByRole('combobox', { name: 'Role of Wade Marshall' })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'roles-phone');
});
