import { expect, type Page, test } from '@playwright/test';
import { animationsDone, logInThroughUi, newcomer, readyMember, uniqueStamp } from './support.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/**
 * The day `days` after today (UTC), 'YYYY-MM-DD': the event is some weeks ahead whatever day the suite runs, since
 * My events lists only events not yet ended by the server's clock (it was on fixed days in March 2027).
 */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Drops a PNG drawn on a canvas on the image drop zone, as a file dragged from the desktop would be. */
async function dropImage(page: Page, testId: string, type = 'image/png') {
  await page.getByTestId(testId).evaluate(async (zone, mime) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#8b5a2b';
    context.fillRect(0, 0, 320, 200);
    context.fillStyle = '#f5deb3';
    context.fillRect(40, 40, 240, 120);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    const file =
      mime === 'image/png'
        ? new File([blob], 'arena.png', { type: 'image/png' })
        : new File(['plain text'], 'notes.txt', { type: mime });
    const data = new DataTransfer();
    data.items.add(file);
    for (const name of ['dragenter', 'dragover', 'drop'])
      zone.dispatchEvent(new DragEvent(name, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, type);
}

test('a member creates an event with an image and three performances; another follows it and hears of a new start', async ({
  browser,
  page,
  request,
}) => {
  const creator = newcomer('host');
  await readyMember(request, creator);
  await logInThroughUi(page, creator.email, creator.password);
  await page.waitForURL('**/social_home/**', { timeout: 8_000 });

  // The plus opens the modal; an empty submit shows the spec's messages under the fields.
  await page.getByRole('button', { name: 'Create event' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Event' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Create Event' }).click();
  for (const message of [
    'Event title is required.',
    'Start date is required.',
    'Start time is required.',
    'End date is required.',
    'End time is required.',
    'Event location is required.',
    'Event address is required.',
    'Event type is required.',
    'Association type is required.',
    'Circuits selection is required.',
    'Tour selection is required.',
  ])
    await expect(modal.getByText(message, { exact: true })).toBeVisible();
  await expect(modal.getByText('Performance name is required.', { exact: true })).toHaveCount(2);

  const title = `Spring Roundup ${uniqueStamp()}`;
  await modal.getByLabel('Event title').fill(title);
  await expect(modal.getByTestId('event-title-counter')).toHaveText(`${title.length}/50`);
  // Closed by mistake and opened again (even after a reload), the draft is still there.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(modal.getByLabel('Event title')).toHaveValue(title);
  await expect(modal.getByRole('button', { name: 'Discard draft' })).toBeVisible();
  const [firstDay, secondDay, lastDay] = [daysAhead(42), daysAhead(43), daysAhead(44)];
  await modal.getByLabel('Start date').fill(firstDay);
  await modal.getByLabel('Start time').fill('09:00');
  await modal.getByLabel('End date').fill(lastDay);
  await modal.getByLabel('End time').fill('18:00');
  await modal.getByLabel('Time zone').selectOption('America/Denver');
  await modal.getByLabel('Event location').fill('Frontier Park Arena');
  await modal.getByLabel('Event address').fill('4610 Carey Ave, Cheyenne, WY');

  // A non-image drop is refused with the spec's alert; an image goes through the crop step.
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await dropImage(page, 'event-image-drop', 'text/plain');
  expect(alerts).toEqual(['Please drop an image file.']);
  await expect(modal.getByText('SVG, PNG, JPG or GIF')).toBeVisible();
  await dropImage(page, 'event-image-drop');
  await modal.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(modal.getByRole('img', { name: "Preview of the event's cover" })).toBeVisible();

  await modal.getByRole('radio', { name: 'Rodeo' }).check();
  await expect(modal.getByPlaceholder('Team Roping')).toBeVisible();
  await expect(modal.getByPlaceholder('Bareback Riding')).toBeVisible();
  await modal.getByRole('button', { name: 'Add performance' }).click();
  const rows = [
    ['Team Roping', firstDay, '10:00'],
    ['Bareback Riding', secondDay, '13:30'],
    ['Barrel Racing', lastDay, '15:00'],
  ] as const;
  for (const [index, [name, date, time]] of rows.entries()) {
    await modal.getByLabel(`Performance ${index + 1} name`).fill(name);
    await modal.getByLabel('Date', { exact: true }).nth(index).fill(date);
    await modal.getByLabel('Time', { exact: true }).nth(index).fill(time);
  }
  await modal.getByLabel('Association type').selectOption({ index: 1 });
  await modal.getByLabel('Circuits').selectOption({ index: 1 });
  await modal.getByRole('radio', { name: 'No' }).check();
  await modal.getByLabel('Added money ($)').fill('$2,500');
  await modal.getByRole('button', { name: 'Create Event' }).click();

  await expect(page.getByText('Your event is live.')).toBeVisible();
  await expect(modal).toBeHidden();
  const first = page.getByRole('feed').getByRole('article').first();
  await expect(first.getByRole('link', { name: title })).toBeVisible();

  // Its title opens the detail at its own URL.
  await first.getByRole('link', { name: title }).click();
  await page.waitForURL('**/social_home/event/*');
  const eventUrl = new URL(page.url()).pathname;
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByRole('link', { name: 'Frontier Park Arena' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/search\?query=Frontier%20Park%20Arena/,
  );
  await expect(detail.getByText('$2,500')).toBeVisible();
  await detail.getByText('Performances (3)').click();
  await expect(detail.getByText('Barrel Racing')).toBeVisible();
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);

  // A second member follows it and finds it under My events.
  const fan = newcomer('fan');
  await readyMember(request, fan);
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await logInThroughUi(fanPage, fan.email, fan.password);
  await fanPage.waitForURL('**/social_home/**', { timeout: 8_000 });
  await fanPage.goto(eventUrl);
  const fanDetail = fanPage.getByRole('dialog', { name: title });
  await fanDetail.getByLabel('Follow event').check();
  await expect(fanDetail.getByTestId('event-followers')).toHaveText('1 follower');
  await fanPage.goto('/social_home/my-events');
  await expect(fanPage.getByRole('feed', { name: 'My events' }).getByRole('link', { name: title })).toBeVisible();

  // The creator moves the start; the follower's bell hears of it.
  await detail.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Event title')).toHaveValue(title);
  await edit.getByLabel('Start time').fill('08:00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The event is updated.')).toBeVisible();
  await expect(edit).toBeHidden();

  await expect(bell(fanPage)).toHaveAccessibleName(/Notifications, \d+ unread/, { timeout: 15_000 });
  await bell(fanPage).click();
  await expect(fanPage.getByRole('dialog', { name: 'Notifications' }).getByText(/New start/)).toBeVisible();
  await fanContext.close();

  // The owner cancels it, after a confirmation.
  await detail.getByRole('button', { name: 'Cancel event' }).click();
  await page.getByRole('dialog', { name: 'Cancel event?' }).getByRole('button', { name: 'Cancel event' }).click();
  await expect(detail.getByText('Cancelled', { exact: true })).toBeVisible();
});

test('on a phone the Create Event modal is a bottom sheet and the event pages load @phone', async ({
  page,
  request,
}) => {
  const member = newcomer('phone-host');
  await readyMember(request, member);
  await logInThroughUi(page, member.email, member.password);
  await page.waitForURL('**/social_home/**', { timeout: 8_000 });
  await page.getByRole('button', { name: 'Create event' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Event' });
  await expect(modal).toBeVisible();
  await animationsDone(modal); // the 0.3 s zoom
  const box = await modal.boundingBox();
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 640) {
    // A bottom sheet: the whole width, on the bottom edge.
    expect(box && Math.round(box.y + box.height)).toBe(viewport.height);
    expect(box?.width).toBe(viewport.width);
  }
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  for (const [path, heading] of [
    ['/social_home/event-types', 'Event Types'],
    ['/social_home/association-types', 'Associations'],
    ['/social_home/my-events', 'My events'],
    ['/social_home/event-history', 'Event history'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.getByText('No past events yet.')).toBeVisible();
});
