import { expect, type Page, test } from '@playwright/test';
import { logInThroughUi } from './support.ts';

/**
 * The marketing home: the spec's order of sections, the carousels driven by buttons and dots, the footer's
 * year and logo, and the calls to sign up that only guests see (members get their greeting instead).
 * The off-canvas menu and the page without JavaScript are in responsive.e2e.ts, the newsletter in newsletter.e2e.ts.
 */

const DEMO = { email: 'demo@corral.app', password: 'Buckle#2026', firstName: 'Dakota' };

const visibleSignUpLinks = (page: Page) => page.getByRole('link', { name: 'Sign up free' }).filter({ visible: true });

test('a visitor reads the home in order and moves the carousels with buttons and dots @phone', async ({ page }) => {
  // The browser's clock says 2031: the footer's year comes from the visitor's clock, not from the build.
  await page.clock.setFixedTime(new Date('2031-03-01T12:00:00Z'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your rodeo family, all in one arena.');
  const sections = await page
    .getByRole('main')
    .getByRole('heading', { level: 2 })
    .evaluateAll((headings) => headings.map((heading) => heading.textContent));
  expect(sections).toEqual([
    'A home for everyone behind the chutes',
    'Stay in the loop from slack to the finals',
    'From the entry list to the short round',
    'Heard around the arena',
    'Everything in one arena',
    'Take Corral down the road',
  ]);
  await expect(page.getByText('10K+ members')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Know More' }).first()).toHaveAttribute('href', '/social_home');
  await expect(visibleSignUpLinks(page).first()).toBeVisible();

  const carousel = page.getByRole('region', { name: 'Member stories' });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole('group', { name: '1 of 5' })).toBeVisible();
  const previous = carousel.getByRole('button', { name: 'Previous slide' });
  const next = carousel.getByRole('button', { name: 'Next slide' });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  await expect(previous).toBeEnabled();

  const dots = carousel.locator('[data-carousel-dot]').filter({ visible: true });
  await dots.last().click();
  await expect(dots.last()).toHaveAttribute('aria-current', 'true');
  await expect(next).toBeDisabled();
  await expect(carousel.getByRole('group', { name: '5 of 5' })).toBeInViewport();

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2031 Corral')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Corral home' })).toHaveAttribute('href', '/');
  for (const column of ['Product', 'Resources', 'Get the app']) {
    await expect(footer.getByRole('navigation', { name: column })).toBeVisible();
  }
});

test('a member sees their greeting on the home page and no call to sign up', async ({ page }) => {
  await logInThroughUi(page, DEMO.email, DEMO.password);
  await page.waitForURL('**/social_home/**', { timeout: 10_000 });

  await page.goto('/');
  await expect(page.getByRole('button', { name: `Hello, ${DEMO.firstName}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visibleSignUpLinks(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In' }).filter({ visible: true })).toHaveCount(0);
  await expect(page.locator('[data-guest-only]').filter({ visible: true })).toHaveCount(0);

  // On a phone the greeting is at the top of the Menu panel, again without a sign-in or sign-up call.
  await page.setViewportSize({ width: 360, height: 740 });
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel.getByText(`Hello, ${DEMO.firstName}`)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Go to Timeline' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /sign (in|up)/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menuButton).toBeFocused();
});
