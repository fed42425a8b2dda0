import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, demoMemberPages, newcomer, SIGNED_OUT_PAGES, signUpByApi } from './support.ts';

/**
 * axe-core on every route of the web app (apps/web/src/app/router.tsx), signed out and signed in, and with
 * each modal, menu and dropdown open. Serious and critical violations fail; every violation is printed.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const STRUCTURE_RULES = [
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'region',
  'skip-link',
];
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Collects every violation of one test; `assertClean` fails on the serious and critical ones. */
class Audit {
  findings: Finding[] = [];

  async check(page: Page, where: string) {
    await settle(page);
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    // Structure (axe's best practices, moderate): one main, content in landmarks, headings in order, one h1.
    const structure = await new AxeBuilder({ page }).withRules(STRUCTURE_RULES).analyze();
    results.violations.push(...structure.violations);
    // One h1 a page (axe only checks there is at least one).
    const h1s = await page.locator('h1:visible').count();
    if (h1s > 1)
      this.findings.push({ where, id: 'one-h1', impact: 'serious', help: `${h1s} h1 headings`, targets: ['h1'] });
    for (const violation of results.violations) {
      const finding = {
        where,
        id: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      };
      this.findings.push(finding);
      console.log(
        `[axe] ${where}: ${finding.id} (${finding.impact}) ${finding.help}\n    ${finding.targets.slice(0, 6).join('\n    ')}`,
      );
    }
    if (results.violations.length === 0) console.log(`[axe] ${where}: clean`);
  }

  assertClean() {
    const blocking = this.findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
    expect(
      blocking.map((finding) => `${finding.where}: ${finding.id} (${finding.impact}) on ${finding.targets.join(', ')}`),
    ).toEqual([]);
  }
}

/**
 * Waits until no request is in flight (the web app's loading bar is off; a page delivered as static HTML has
 * none) and entrance animations have ended.
 */
async function settle(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.querySelector('[data-testid=loading-bar]')?.getAttribute('data-busy')), {
      timeout: 15_000,
    })
    .not.toBe('true');
  // A toast fades in a tick after it is added (sonner), when no animation is running yet to wait for.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
          (toast) => toast.getAttribute('data-mounted') === 'true' && getComputedStyle(toast).opacity === '1',
        ),
      ),
    )
    .toBe(true);
  // Until two frames pass with no finite animation running: a transition may start only once the page has
  // hydrated (the sign-in button's colours as it is enabled), after an earlier wait found none.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round += 1) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      if (running.length === 0) {
        await frame();
        await frame();
        if (
          document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)
        )
          return;
        continue;
      }
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** Signs in through the screen and waits for the redirect to `landing`. */
async function signIn(page: Page, who: { email: string; password: string }, landing: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email Address', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`**${landing}`, { timeout: 10_000 });
}

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  // Each test audits a dozen pages or more, twice at two widths: axe takes a few seconds a page.
  test.describe.configure({ timeout: 300_000 });

  test('every signed-out page, at desktop and phone width', async ({ page }) => {
    const audit = new Audit();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const path of SIGNED_OUT_PAGES) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await audit.check(page, `${path} @${viewport.width}`);
      }
    }
    // The public header's off-canvas menu (phones).
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit.check(page, '/ public menu open @360');
    audit.assertClean();
  });

  test('every page of the social area, signed in as a ready member', async ({ page, request }) => {
    const audit = new Audit();
    const memberPages = await demoMemberPages(request);

    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO, '/social_home/friend-list');
    const routes = [
      ...memberPages,
      '/social_home/help?topic=feedback',
      '/social_home/help?topic=contact',
      // A signed-in member on the public pages: the greeting menu instead of Sign In.
      '/',
      '/about-us',
    ];
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const path of routes) {
        await page.goto(path);
        // The event detail is a modal at its own URL: its title is the page's heading.
        await expect(page.locator('h1, [role=dialog] h2').first()).toBeVisible();
        await audit.check(page, `${path} @${viewport.width}`);
      }
    }
    audit.assertClean();
  });

  test('the modals, menus and dropdowns of the social area, open', async ({ page }) => {
    const audit = new Audit();
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO, '/social_home/friend-list');
    const feed = page.getByRole('feed', { name: 'Posts' });
    await expect(feed.getByRole('article').first()).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit.check(page, 'profile dropdown');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await audit.check(page, 'notification dropdown');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeFocused();

    await page.getByRole('button', { name: "What's on your mind?" }).click();
    await expect(page.getByRole('dialog', { name: 'Create Post' })).toBeVisible();
    await audit.check(page, 'create post modal');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: "What's on your mind?" })).toBeFocused();

    await page.getByRole('button', { name: 'Create event' }).click();
    const createEvent = page.getByRole('dialog', { name: 'Create Event' });
    await expect(createEvent).toBeVisible();
    await audit.check(page, 'create event modal');
    // With the spec's messages shown under every field.
    await createEvent.getByRole('button', { name: 'Create Event' }).click();
    await expect(createEvent.getByText('Event title is required.')).toBeVisible();
    await audit.check(page, 'create event modal, refused');
    await page.keyboard.press('Escape');
    await expect(createEvent).toBeHidden();
    // The refused form's toast goes first: one fading out under the next audit reads as low contrast.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });

    const article = feed.getByRole('article').first();
    await article.getByRole('button', { name: /Comments$/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit.check(page, 'comment modal');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(article.getByRole('button', { name: /Comments$/ })).toBeFocused();

    await article.getByRole('button', { name: /Shares$/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit.check(page, 'share popover');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(article.getByRole('button', { name: /Shares$/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Share to Feed (with comment)' }).click();
    await expect(page.getByRole('dialog', { name: /Share to Feed/ })).toBeVisible();
    await audit.check(page, 'share with comment modal');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    const othersPost = feed
      .getByRole('article')
      .filter({ hasNot: page.getByText('Dakota Reese') })
      .first();
    await othersPost.getByRole('button', { name: 'Post options' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit.check(page, 'post options menu');
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect(page.getByRole('dialog', { name: 'Report This Post' })).toBeVisible();
    await audit.check(page, 'report modal');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    const album = feed
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^Open photo 1 of [2-9]/ }) })
      .first();
    await album.getByRole('button', { name: /^Open photo 1 of/ }).click();
    await expect(page.getByRole('dialog', { name: 'Photos' })).toBeVisible();
    await audit.check(page, 'gallery');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(album.getByRole('button', { name: /^Open photo 1 of/ })).toBeFocused();

    // The search combobox with its dropdown.
    await page.getByRole('combobox', { name: 'Search Corral' }).fill('cody');
    await expect(page.getByRole('listbox')).toBeVisible();
    await audit.check(page, 'search dropdown');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();

    // Phones: the Menu panel with the sidebars, and the search bar over the top bar.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await audit.check(page, 'Menu panel @360');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Search Corral' })).toBeFocused();
    await audit.check(page, 'phone search bar @360');
    audit.assertClean();
  });

  test('the onboarding steps and the phone verification', async ({ page, request }) => {
    const audit = new Audit();
    const member = newcomer('a11y');
    await signUpByApi(request, member);
    await page.setViewportSize(PHONE);
    await signIn(page, member, '/onboarding');
    await audit.check(page, 'onboarding step 1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Date of birth is required.')).toBeVisible();
    await audit.check(page, 'onboarding step 1, refused');
    await page.getByLabel('Date of birth').fill('1994-03-21');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('radio', { name: 'Female' })).toBeAttached();
    await audit.check(page, 'onboarding step 2');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('radio', { name: 'Yes, On Fill Rates' })).toBeAttached();
    await audit.check(page, 'onboarding step 3');
    await page.getByRole('radio', { name: 'Yes, On Fill Rates' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: /Barrel Racing/ })).toBeAttached();
    await audit.check(page, 'onboarding step 4');
    await page.getByRole('checkbox', { name: /Barrel Racing/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: /WPRA/ })).toBeAttached();
    await audit.check(page, 'onboarding step 5');
    await page.getByRole('checkbox', { name: /WPRA/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('region', { name: 'Review your answers' })).toBeVisible();
    await audit.check(page, 'onboarding step 6 (review)');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/phone-verify');
    await audit.check(page, 'phone verify, phone step');
    await page.getByLabel(/phone number/i).fill(member.phone);
    await page.getByRole('button', { name: /send code/i }).click();
    await expect(page.getByLabel('Digit 1 of 6')).toBeVisible();
    await audit.check(page, 'phone verify, code step');
    audit.assertClean();
  });
});
