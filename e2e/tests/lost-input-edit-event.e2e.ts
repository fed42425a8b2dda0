import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test';
import { newcomer, readyMember, recordDialogs, signInBrowser, uniqueStamp } from './support.ts';

/**
 * Nothing a member types is lost (issue 15), for Edit Event: the changes are the member's draft of that event,
 * kept through Escape, a click beside, a reload, a refused or cut-off save and a reload mid-upload (which asks
 * first), and forgotten once saved or cancelled. A draft the event has moved on from says so (ADR 023).
 */

const ARENA_JPG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/arena.jpg');

/** An event's fields as the web sends them (multipart), with the first of each reference list. */
async function eventFields(request: APIRequestContext, title: string, location = 'Frontier Park Arena') {
  const first = async (list: string) =>
    ((await (await request.get(`/api/setup/${list}`)).json()) as { id: number }[])[0]?.id;
  const [eventType, association, circuit] = await Promise.all([
    first('event-types'),
    first('associations'),
    first('circuits'),
  ]);
  return {
    eventTitle: title,
    startDate: '2031-05-01',
    startTime: '09:00',
    endDate: '2031-05-02',
    endTime: '18:00',
    timeZone: 'America/Denver',
    eventLocation: location,
    eventAddress: '4610 Carey Ave, Cheyenne, WY',
    eventType: 'rodeo',
    eventTypeIds: JSON.stringify([eventType]),
    privateEvent: 'false',
    performances: JSON.stringify([{ name: 'Team Roping', date: '2031-05-01', time: '10:00' }]),
    associationType: String(association),
    circuits: String(circuit),
    tour: 'no',
    syncEvent: 'true',
    eventConfirmation: 'planning',
    addedMoney: '',
  };
}

/** A member signed in on this page with an event of their own, its detail open. */
async function ownerOnEvent(page: Page, request: APIRequestContext, prefix: string) {
  const { token, headers } = await readyMember(request, newcomer(prefix));
  const title = `Cheyenne Classic ${uniqueStamp()}`;
  const created = await request.post('/api/events', { headers, multipart: await eventFields(request, title) });
  expect(created.status(), await created.text()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  await signInBrowser(page, request, token);
  await page.goto(`/social_home/event/${id}`);
  return { id, title, headers };
}

/** Opens Edit from the event's detail (named by its title). */
async function openEdit(page: Page, title: string) {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit).toBeVisible();
  return edit;
}

/** The keys of the Edit Event drafts this browser holds. */
const editDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => /^corral:draft:.*:edit-event:/.test(key)));

test('Edit Event keeps a changed title and performance through Escape and a reload, and forgets them once saved @phone', async ({
  page,
  request,
}) => {
  const { title } = await ownerOnEvent(page, request, 'edit-keeper');
  const changed = `${title} II`;

  let edit = await openEdit(page, title);
  await expect(edit.getByLabel('Event title')).toHaveValue(title);
  await expect(edit.getByText('Your unsaved changes were kept.')).toHaveCount(0);
  await edit.getByLabel('Event title').fill(changed);
  await edit.getByLabel('Performance 1 name').fill('Saddle Bronc');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  edit = await openEdit(page, title);
  await expect(edit.getByLabel('Event title')).toHaveValue(changed);
  await expect(edit.getByLabel('Performance 1 name')).toHaveValue('Saddle Bronc');
  await expect(edit.getByText('Your unsaved changes were kept.')).toBeVisible();

  await page.reload();
  edit = await openEdit(page, title);
  await expect(edit.getByLabel('Event title')).toHaveValue(changed);
  await expect(edit.getByLabel('Performance 1 name')).toHaveValue('Saddle Bronc');

  // Saved, the draft is gone: Edit shows the event as saved, with nothing said about kept changes.
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The event is updated.')).toBeVisible();
  await expect(edit).toBeHidden();
  expect(await editDrafts(page)).toEqual([]);
  await page.reload();
  edit = await openEdit(page, changed);
  await expect(edit.getByLabel('Event title')).toHaveValue(changed);
  await expect(edit.getByLabel('Performance 1 name')).toHaveValue('Saddle Bronc');
  await expect(edit.getByText(/unsaved changes/)).toHaveCount(0);
});

test('Edit Event keeps changes and a new photo through a refused save, a cut-off one and a reload mid-upload; says when the event changed since; Cancel forgets them', async ({
  page,
  request,
}) => {
  const { id, title, headers } = await ownerOnEvent(page, request, 'edit-survivor');
  const dialogs = recordDialogs(page);
  const changed = `${title} Finals`;
  const cover = (scope: ReturnType<Page['getByRole']>) =>
    scope.getByRole('img', { name: "Preview of the event's cover" });

  let edit = await openEdit(page, title);
  await edit.getByLabel('Event title').fill(changed);
  await page.getByTestId('event-image-input').setInputFiles(ARENA_JPG);
  await edit.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(cover(edit)).toBeVisible();

  // Refused by the server, then cut off like a dropped connection: the changes and the photo stay.
  for (const how of ['refuse', 'drop'] as const) {
    let done = false;
    await page.route(`**/api/events/${id}`, (route: Route) => {
      if (done || route.request().method() !== 'PATCH') return route.fallback();
      done = true;
      return how === 'refuse'
        ? route.fulfill({ status: 500, json: { message: 'Something went wrong.' } })
        : route.abort('internetdisconnected');
    });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText(
        how === 'refuse' ? 'Something went wrong.' : 'Network error. Please check your internet connection.',
      ),
    ).toBeVisible();
    await expect(edit.getByLabel('Event title')).toHaveValue(changed);
    await page.unrouteAll();
  }

  // The upload hangs; a reload now asks first, and the draft, photo included, outlives it.
  await page.route(`**/api/events/${id}`, (route) =>
    route.request().method() === 'PATCH' ? undefined : route.fallback(),
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('progressbar', { name: 'Uploading the image' })).toBeVisible();
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await page.unrouteAll();
  edit = await openEdit(page, title);
  await expect(edit.getByLabel('Event title')).toHaveValue(changed);
  await expect(cover(edit)).toBeVisible();
  await expect(edit.getByText('Your unsaved changes were kept.')).toBeVisible();
  // Closed by a click beside it (above it on a phone), the draft stays as it was.
  await page.mouse.click(8, 8);
  await expect(edit).toBeHidden();

  // The event is changed elsewhere meanwhile: the draft stays, but says so and offers to discard it.
  const moved = await request.patch(`/api/events/${id}`, {
    headers,
    multipart: { ...(await eventFields(request, title, 'Laramie County Fairgrounds')), removeImage: 'false' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.reload();
  edit = await openEdit(page, title);
  await expect(edit.getByLabel('Event title')).toHaveValue(changed);
  await expect(edit.getByText(/the event was changed since/)).toBeVisible();
  await edit.getByRole('button', { name: 'Discard my changes' }).click();
  await expect(edit.getByLabel('Event title')).toHaveValue(title);
  await expect(edit.getByLabel('Event location')).toHaveValue('Laramie County Fairgrounds');
  await expect(edit.getByText(/unsaved changes|changed since/)).toHaveCount(0);
  expect(await editDrafts(page)).toEqual([]);

  // Cancel means "leave the event as it is": the changes go.
  await edit.getByLabel('Event title').fill(changed);
  await expect.poll(() => editDrafts(page)).toHaveLength(1);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  expect(await editDrafts(page)).toEqual([]);
  edit = await openEdit(page, title);
  await expect(edit.getByLabel('Event title')).toHaveValue(title);
  expect(dialogs).toEqual(['beforeunload']);
});
