import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, demoMemberPages, SIGNED_OUT_PAGES, settledToast } from './support.ts';

/**
 * Small screens: every route at phone, tablet and desktop width without horizontal scrolling; the social
 * area's Menu panel and the public header's off-canvas menu open and close by keyboard and pointer with the
 * focus returned; toasts never cover the header's controls; the home page readable with JavaScript off.
 */

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [PHONE, TABLET, DESKTOP];

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/social_home/friend-list', { timeout: 10_000 });
}

/** How far the page scrolls sideways (0 when nothing overflows), once requests and images have settled. */
async function sidewaysOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.querySelector('[data-testid=loading-bar]')?.getAttribute('data-busy')), {
      timeout: 15_000,
    })
    .not.toBe('true');
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** The elements wider than the viewport, to say what overflows when something does. */
function culprits(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await sidewaysOverflow(page);
  expect(
    overflow,
    `${where} scrolls sideways by ${overflow}px: ${(await culprits(page)).join(' | ')}`,
  ).toBeLessThanOrEqual(0);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails when a visible toast covers one of the visible controls of the header. */
async function expectToastClearOfHeader(page: Page, where: string) {
  const toast = await settledToast(page);
  const toastBox = await toast.boundingBox();
  expect(toastBox).not.toBeNull();
  const controls = page.getByRole('banner').locator('a, button, input');
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (!box || !toastBox) continue;
    expect(
      overlaps(toastBox, box),
      `${where}: a toast covers ${await control.evaluate((e) => e.outerHTML.slice(0, 100))}`,
    ).toBe(false);
  }
}

/** Tabs through `container` `count` times and fails if the focus ever leaves it. */
async function expectFocusTrapped(page: Page, container: Locator, count = 12) {
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await container.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

test.describe('small screens', () => {
  test.describe.configure({ timeout: 240_000 });

  test('no signed-out page scrolls sideways at phone, tablet or desktop width', async ({ page }) => {
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      for (const path of SIGNED_OUT_PAGES) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${path} @${viewport.width}`);
      }
    }
  });

  test('no page of the social area scrolls sideways at phone, tablet or desktop width', async ({ page, request }) => {
    const memberPages = await demoMemberPages(request);
    await signIn(page, DEMO);
    const routes = [...memberPages, '/'];
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      for (const path of routes) {
        await page.goto(path);
        await expect(page.locator('h1, [role=dialog] h2').first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${path} @${viewport.width}`);
      }
    }
  });

  test("the social area's Menu panel opens and closes on a phone, and the focus comes back", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    const panel = page.getByRole('dialog', { name: 'Menu' });
    // The sidebars live in the panel on phones.
    await expect(page.getByRole('navigation', { name: 'Social sections' })).toBeHidden();

    await menuButton.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('navigation', { name: 'Social sections' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Friends Requests' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'Menu panel open @360');
    await expectFocusTrapped(page, panel);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A link in the panel goes there and closes it.
    await menuButton.click();
    await panel.getByRole('link', { name: 'My events' }).click();
    await page.waitForURL('**/social_home/my-events');
    await expect(panel).toBeHidden();

    // At desktop width the sidebars are on the page and there is no Menu button.
    await page.setViewportSize(DESKTOP);
    await expect(menuButton).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Social sections' })).toBeVisible();
  });

  test("the public header's off-canvas menu opens and closes on a phone, and the focus comes back", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    for (const path of ['/', '/about-us']) {
      await page.goto(path);
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      const panel = page.getByRole('dialog', { name: 'Menu' });
      await expect(panel).toBeHidden();
      await menuButton.click();
      await expect(panel).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(panel.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expectNoSidewaysScroll(page, `${path} menu open @360`);
      await expectFocusTrapped(page, panel);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(menuButton).toBeFocused();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

      await page.keyboard.press('Enter');
      await expect(panel).toBeVisible();
      await panel.getByRole('button', { name: 'Close menu' }).click();
      await expect(panel).toBeHidden();
      await expect(menuButton).toBeFocused();
    }
    // Wide screens show the links in the bar instead.
    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('the skip link is the first stop of the keyboard and moves the focus to the content', async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const path of ['/', '/sign-in', '/about_us', '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      // Visible while it has the focus.
      const box = await skip.boundingBox();
      expect(box && box.y >= 0 && box.x >= 0, `${path}: the skip link is on screen when focused`).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.locator('#content')).toBeFocused();
    }
    await signIn(page, DEMO);
    await page.goto('/social_home/my-events');
    await expect(page.locator('h1').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands in the content, past the top bar.
    await page.keyboard.press('Tab');
    expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))).toBe(true);
  });

  test("toasts never cover the header's controls, at phone and desktop width", async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      // The public header: a refused sign-in.
      await page.goto('/sign-in');
      await page.getByLabel('Email Address', { exact: true }).fill(DEMO.email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expectToastClearOfHeader(page, `sign-in @${viewport.width}`);
    }
    await signIn(page, DEMO);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/social_home/friend-list');
      // The social top bar: switching the account's privacy (twice, to leave it as it was).
      for (let i = 0; i < 2; i += 1) {
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitemcheckbox', { name: /Account privacy/ }).click();
        await page.keyboard.press('Escape');
        await expectToastClearOfHeader(page, `social top bar @${viewport.width}`);
        await page.locator('[data-sonner-toast]').first().getByRole('button', { name: /close/i }).click();
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      }
    }
  });

  test('the home page is readable with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    expect((await heading.textContent())?.trim().length).toBeGreaterThan(10);
    await expect(page.getByRole('heading', { name: 'Calendar feeds' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await context.close();
  });
});
