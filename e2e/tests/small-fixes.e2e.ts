import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { logInByApi, newcomer, readyMember, settledToast, storeSession } from './support.ts';

/**
 * Issue 15's smaller findings, as a member meets them at 1440 and 360 px: the friend-request card shows the
 * whole name, a short time and '1 Mutual Friend'; the feed's placeholders show whole on a phone; toasts on a
 * phone cover neither the page's heading nor an open sheet's header and buttons; and the footer's newsletter
 * field no longer shares the sign-in and sign-up field's name.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 740 };

type Member = ReturnType<typeof newcomer> & { id: string; token: string };

async function member(request: APIRequestContext, firstName: string, lastName: string): Promise<Member> {
  const details = { ...newcomer('small'), firstName };
  details.lastName = `${lastName} ${details.lastName.split(' ').at(-1)}`;
  const { id, token } = await readyMember(request, details);
  return { ...details, id, token };
}

/** `from` asks `to`, and `to` confirms, through the API. */
async function befriend(request: APIRequestContext, from: Member, to: Member) {
  const sent = await request.post('/api/friends/requests', {
    headers: { authorization: `Bearer ${from.token}` },
    data: { user_id: to.id },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const headers = { authorization: `Bearer ${to.token}` };
  const listed = (await (await request.get('/api/friends/requests', { headers })).json()) as {
    data: { id: number; user: { id: string } }[];
  };
  const asked = listed.data.find((entry) => entry.user.id === from.id);
  expect(asked).toBeDefined();
  const accepted = await request.post(`/api/friends/requests/${asked?.id}/accept`, { headers });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

async function signedIn(page: Page, request: APIRequestContext, who: Member) {
  const user = await logInByApi(request, who);
  await storeSession(page, user.api_token, user);
}

const fullName = (who: Member) => `${who.firstName} ${who.lastName}`;

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails when `toast` covers any part of `what` (each must be on screen). */
async function expectClear(toast: Locator, what: Record<string, Locator>, where: string) {
  const toastBox = await toast.boundingBox();
  expect(toastBox, `${where}: the toast's box`).not.toBeNull();
  for (const [name, locator] of Object.entries(what)) {
    await expect(locator, `${where}: ${name}`).toBeVisible();
    const box = await locator.boundingBox();
    expect(box, `${where}: ${name}'s box`).not.toBeNull();
    if (box && toastBox) expect(overlaps(toastBox, box), `${where}: a toast covers ${name}`).toBe(false);
  }
}

/** Fails when a toast reaches past the edges of the screen. */
async function expectOnScreen(page: Page, toast: Locator, where: string) {
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport, where).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.y, `${where}: the toast's top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${where}: the toast's bottom`).toBeLessThanOrEqual(viewport.height);
}

/**
 * How wide an input's placeholder is, in its own font, against the width Chromium lays it out in: the box of
 * the placeholder part of the input's user-agent shadow tree (what a search field's clear button leaves),
 * read through the DevTools protocol, as scripts in the page cannot reach that tree.
 */
async function placeholderRoom(page: Page, input: Locator) {
  const text = await input.evaluate((element) => {
    const field = element as HTMLInputElement;
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = getComputedStyle(field, '::placeholder').font;
    field.dataset.probe = '';
    return context.measureText(field.placeholder).width;
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-probe]' });
    const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: -1, pierce: true });
    type Described = typeof node;
    const find = (described: Described): Described | undefined => {
      if (described.attributes?.includes('-webkit-input-placeholder')) return described;
      for (const child of [...(described.shadowRoots ?? []), ...(described.children ?? [])]) {
        const hit = find(child);
        if (hit) return hit;
      }
      return undefined;
    };
    const placeholder = find(node);
    if (!placeholder) throw new Error('no placeholder in the input');
    const { model } = await cdp.send('DOM.getBoxModel', { backendNodeId: placeholder.backendNodeId });
    return { text, room: model.width };
  } finally {
    await cdp.detach();
  }
}

/** How many lines a button's label takes, and whether the last of them ends inside the button's padding. */
function labelLines(button: Locator) {
  return button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    const style = getComputedStyle(element);
    const inner = element.getBoundingClientRect().right - Number.parseFloat(style.paddingRight);
    return { lines, inside: range.getBoundingClientRect().right <= inner + 0.5 };
  });
}

test('the friend-request card shows the whole name, a short time and "1 Mutual Friend" at 1440 and 360 px @phone', async ({
  page,
  request,
}) => {
  const viewer = await member(request, 'Casey', 'Holloway');
  const asker = await member(request, 'Dakota', 'Reynolds');
  const mutual = await member(request, 'Morgan', 'Whitlock');
  const suggested = await member(request, 'Avery', 'Castellano');
  // One friend in common: the mutual friend knows the viewer, the one who asks, and a member to suggest.
  await befriend(request, mutual, viewer);
  await befriend(request, mutual, asker);
  await befriend(request, mutual, suggested);
  const asked = await request.post('/api/friends/requests', {
    headers: { authorization: `Bearer ${asker.token}` },
    data: { user_id: viewer.id },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await signedIn(page, request, viewer);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/social_home/friend-list');
    // On a phone the right sidebar lives in the Menu panel.
    const menu = page.getByRole('dialog', { name: 'Menu' });
    if (viewport === PHONE) await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const card = (viewport === PHONE ? menu : page).getByRole('article', {
      name: `Friend request from ${fullName(asker)}`,
    });
    await expect(card).toBeVisible();
    const where = `@${viewport.width}`;

    // The whole name, not "Dakota Re…".
    const name = card.getByText(fullName(asker), { exact: true });
    await expect(name).toBeVisible();
    const cut = await name.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(cut, `${where}: the name is cut by ${cut}px`).toBeLessThanOrEqual(0);
    // The time (spec: "time"), sent a moment ago: a few letters beside the name, never a full date.
    const time = card.locator('time');
    await expect(time).toContainText('now');
    await expect(time).not.toContainText(/\d{4}/);
    // One mutual friend, said in the singular, with their small photo.
    await expect(card.getByText('1 Mutual Friend', { exact: true })).toBeVisible();
    const photo = await card.locator('img[alt=""]').first().boundingBox();
    expect(photo?.width, `${where}: the mutual friend's photo`).toBeLessThanOrEqual(24);

    if (viewport === PHONE) {
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    // The suggestion card says it the same way.
    const people = page.getByRole('region', { name: 'People you may know' });
    const suggestion = people.getByRole('article', { name: fullName(suggested) });
    await expect(suggestion).toBeVisible();
    await expect(suggestion.getByText('1 Mutual Friend', { exact: true })).toBeVisible();
  }
});

test("at 360 px the feed's placeholders show whole @phone", async ({ page, request }) => {
  const viewer = await member(request, 'Jesse', 'Montgomery');
  await signedIn(page, request, viewer);
  await page.setViewportSize(PHONE);
  await page.goto('/social_home/friend-list');

  // On a phone the server's first screen shows before the app, which then draws the same page in nodes of its own:
  // the measures are taken on the app's (a node measured across that swap is gone).
  const app = page.locator('#root:not([data-first-screen])');
  const search = app.getByRole('searchbox', { name: 'Search the feed' });
  await expect(search).toHaveAttribute('placeholder', 'Search entire store here');
  const { text, room } = await placeholderRoom(page, search);
  expect(text, `the search placeholder needs ${text.toFixed(1)}px and has ${room}px`).toBeLessThanOrEqual(room);

  const composer = app
    .getByRole('region', { name: 'Create a post' })
    .getByRole('button', { name: "What's on your mind?" });
  await expect(composer).toBeVisible();
  expect(await labelLines(composer)).toEqual({ lines: 1, inside: true });
});

test("toasts on a phone cover neither the page's heading nor an open sheet's header and buttons @phone", async ({
  page,
  request,
}) => {
  const viewer = await member(request, 'Riley', 'Sandoval');
  await signedIn(page, request, viewer);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const where = `@${viewport.width}`;
    // A page's heading: the account's privacy switched from the top bar's menu.
    await page.goto('/social_home/my-events');
    const heading = page.getByRole('heading', { level: 1, name: 'My events' });
    await expect(heading).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Account privacy/ }).click();
    await page.keyboard.press('Escape');
    const toast = await settledToast(page);
    await expectClear(toast, { 'the heading': heading }, `My events ${where}`);
    await expectOnScreen(page, toast, `My events ${where}`);
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  }

  // An open sheet: Create Event refused for its empty fields says so in a toast.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Create event' }).click();
  const sheet = page.getByRole('dialog', { name: 'Create Event' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Create Event', exact: true }).click();
  const refused = await settledToast(page, 'Please correct the errors in the form.');
  await expectClear(
    refused,
    {
      "the sheet's title": sheet.getByRole('heading', { name: 'Create Event' }),
      "the sheet's Close button": sheet.getByRole('button', { name: 'Close', exact: true }),
      "the sheet's Cancel button": sheet.getByRole('button', { name: 'Cancel', exact: true }),
      "the sheet's Create Event button": sheet.getByRole('button', { name: 'Create Event', exact: true }),
    },
    'Create Event @360',
  );
  await expectOnScreen(page, refused, 'Create Event @360');
});

test('sign-in and sign-up have one "Email address" field: the newsletter\'s has a name of its own @phone', async ({
  page,
}) => {
  for (const [path, button] of [
    ['/sign-in', 'Log In'],
    ['/sign-up', 'Register'],
  ] as const) {
    await page.goto(path);
    const email = page.getByLabel('Email address');
    await expect(email, path).toHaveCount(1);
    // The form's own field, not the footer's.
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: button, exact: true }) });
    await expect(form.getByLabel('Email address')).toHaveCount(1);
    const newsletter = page.locator('form[data-newsletter]');
    await expect(newsletter.getByRole('textbox', { name: 'Email for the newsletter' })).toHaveCount(1);
    // Its visible text is as it was: the Newsletter heading and the placeholder.
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Newsletter' })).toBeVisible();
    await expect(newsletter.getByRole('textbox')).toHaveAttribute('placeholder', 'you@example.com');
  }
});
