import { expect, type Page, test } from '@playwright/test';
import { type OutboxMessage, requestsSettled, uniqueStamp, waitForMessage } from './support.ts';

// packages/contract/src/newsletter.constants.ts, as a visitor reads them.
const SUBSCRIBED = 'Thank you for subscribing to the Corral newsletter!';
const INVALID = 'Please enter a valid email address.';
const UNSUBSCRIBED =
  'You have been unsubscribed from the Corral newsletter. You will not get any more newsletter emails.';
const INVALID_LINK =
  'This unsubscribe link is not valid. Please open the link from your latest Corral newsletter email.';

const freshAddress = () => `news-${uniqueStamp()}@example.com`;

/** The footer's form: its labelled field, its button and its live region. */
function newsletterForm(page: Page) {
  const form = page.locator('form[data-newsletter]');
  return {
    form,
    field: form.getByRole('textbox', { name: 'Email for the newsletter' }),
    button: form.getByRole('button', { name: 'Subscribe' }),
    status: form.getByRole('status'),
  };
}

/**
 * Every email the dev outbox holds for an address. Mail leaves after the answer, in the order of the calls: a
 * fresh address subscribed now gets its confirmation after any email an earlier call sent, so once that
 * confirmation is in the outbox, so is every email sent before it.
 */
async function emailsTo(page: Page, to: string): Promise<OutboxMessage[]> {
  const marker = freshAddress();
  const subscribed = await page.request.post('/api/newsletter', { data: { email: marker } });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  await waitForMessage(page.request, 'email', marker);
  const messages = (await (await page.request.get('/api/dev/outbox')).json()) as OutboxMessage[];
  return messages.filter((message) => message.channel === 'email' && message.to === to);
}

test('newsletter: subscribe from the footer, again, an invalid address, and unsubscribe from the email @phone', async ({
  page,
  request,
}) => {
  const address = freshAddress();
  const newsletterCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/newsletter') newsletterCalls.push(sent.postData() ?? '');
  });
  await page.goto('/');
  const { field, button, status } = newsletterForm(page);
  await field.scrollIntoViewIfNeeded();

  // Success: the server's message in the live region, the field cleared, a confirmation in the mailbox.
  await field.fill(address);
  await button.click();
  await expect(status).toHaveText(SUBSCRIBED);
  await expect(field).toHaveValue('');
  const confirmation = await waitForMessage(request, 'email', address);
  const link = /(https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+)/.exec(confirmation.text)?.[1];
  expect(link, confirmation.text).toBeTruthy();

  // Again, in other capitals: the same answer, and no second email.
  await field.fill(address.toUpperCase());
  await button.click();
  await expect(status).toHaveText(SUBSCRIBED);
  expect(await emailsTo(page, address)).toHaveLength(1);

  // Invalid addresses: refused by the browser's rule before sending, or by the server; nothing is sent.
  const callsBefore = newsletterCalls.length;
  await field.fill('rider.example.com');
  await button.click();
  await expect(status).toHaveText(INVALID);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await requestsSettled(page);
  expect(newsletterCalls).toHaveLength(callsBefore);

  await field.fill('rider@localhost');
  await button.click();
  await expect(status).toHaveText(INVALID);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(newsletterCalls.at(-1)).toContain('rider@localhost');
  expect(await emailsTo(page, 'rider@localhost')).toEqual([]);

  // Unsubscribe: follow the email's link; the page confirms, and says the same when opened again.
  const url = new URL(link as string);
  await page.goto(url.pathname + url.search);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(main.getByRole('status')).toHaveText(UNSUBSCRIBED);
  await page.reload();
  await expect(main.getByRole('status')).toHaveText(UNSUBSCRIBED);
  await main.getByRole('link', { name: 'Back to the home page' }).click();
  await page.waitForURL((current) => current.pathname === '/');

  // A link cut short says so.
  await page.goto('/newsletter/unsubscribe?token=cut-short');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(INVALID_LINK);
});
