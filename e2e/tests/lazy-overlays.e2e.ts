import { expect, type Page, test } from '@playwright/test';
import { logInThroughUi } from './support.ts';

/**
 * The feed's menus, bell and Menu panel load their Radix code on first use (ui/lazy-overlay.tsx, issue 10's
 * budget); its carousels are CSS scroll-snap (ui/carousel.tsx). These check that nothing changed for the member:
 * the first press opens, the keyboard paths, a chunk that cannot be fetched, the carousel's buttons and dots.
 */
const DEMO = { email: 'demo@corral.app', password: 'Buckle#2026' };

async function openFeed(page: Page) {
  await logInThroughUi(page, DEMO.email, DEMO.password);
  await page.waitForURL('**/social_home/friend-list', { timeout: 8_000 });
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
}

test('a menu opens on its first press, by keyboard with its first item focused, and gives the focus back', async ({
  page,
}) => {
  await openFeed(page);
  const account = page.getByRole('button', { name: 'Account menu' });
  await expect(account).toHaveAttribute('aria-haspopup', 'menu');
  await expect(account).toHaveAttribute('aria-expanded', 'false');

  await account.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  // Account privacy is disabled (skipped by the arrows) until the member's setting has arrived.
  await expect(menu.getByRole('menuitemcheckbox', { name: /Account privacy/ })).not.toHaveAttribute('data-disabled');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Account', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Hauling' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemcheckbox', { name: /Account privacy/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();

  // Another menu, loaded already, by pointer: one press opens it, an outside click closes it.
  const options = page.getByRole('button', { name: 'Post options' }).first();
  await expect(options).toHaveAttribute('aria-haspopup', 'menu');
  await options.click();
  await expect(page.getByRole('menuitem', { name: 'View Detail' })).toBeVisible();
  await page.mouse.click(5, 500);
  await expect(page.getByRole('menu')).toBeHidden();
});

test('the bell opens on its first press; when its code cannot be fetched it says so and the next press works', async ({
  page,
}) => {
  await openFeed(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(bell).toHaveAttribute('aria-expanded', 'false');

  await page.route('**/assets/notifications-popover.lazy-*.js', (route) => route.abort('internetdisconnected'));
  await bell.click();
  await expect(page.getByText('Network error. Please check your internet connection.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);

  await page.unroute('**/assets/notifications-popover.lazy-*.js');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});

test('on a phone the Menu panel opens by keyboard, and the carousels move with their buttons and dots @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openFeed(page);
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'dialog');
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menuButton).toBeFocused();

  // People you may know: one card a view under 480 px.
  const people = page.getByRole('group', { name: 'People you may know' });
  await expect(people).toHaveAttribute('aria-roledescription', 'carousel');
  const slides = people.locator('[aria-roledescription="slide"]');
  const count = await slides.count();
  expect(count, 'the demo member has suggestions').toBeGreaterThan(1);
  await expect(slides.first()).toHaveAccessibleName(`1 of ${count}`);
  const previous = people.getByRole('button', { name: 'Previous' });
  const next = people.getByRole('button', { name: 'Next' });
  await people.scrollIntoViewIfNeeded();
  await expect(previous).toBeDisabled();
  await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
  await next.click();
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  await expect(slides.nth(0)).not.toBeInViewport({ ratio: 0.5 });
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });

  const events = page.getByRole('group', { name: 'Suggested Events' });
  if ((await events.count()) > 0 && (await events.locator('[aria-roledescription="slide"]').count()) > 1) {
    await events.scrollIntoViewIfNeeded();
    await expect(events.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
    await events.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(events.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
});
