import { randomBytes } from 'node:crypto';
import { MESSAGES, NEWSLETTER_MESSAGES, type OutboxMessage } from '@corral/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setUpMember } from '../../../test/factories.ts';
import { messagesTo, waitForMessage } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newsletterSubscriptions } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock(Date.parse('2026-11-23T10:00:00Z'));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let sequence = 0;
/** An address no other test uses. */
function freshAddress(prefix = 'fan') {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}@example.com`;
}

const subscribe = (app: TestApp['app'], payload: unknown, options: { remoteAddress?: string; token?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: payload as object,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.token ? bearer(options.token) : {},
  });

const unsubscribe = (app: TestApp['app'], payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: payload as object });

const rowOf = async (ctx: TestApp['ctx'], email: string) =>
  (await ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];

/** The web page's link in a confirmation email, and the token it carries. */
function linkOf(message: OutboxMessage): { url: URL; token: string } {
  const match = /(http:\/\/corral\.test\/newsletter\/unsubscribe\?token=\S+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`no unsubscribe link in: ${message.text}`);
  const url = new URL(match[1]);
  return { url, token: url.searchParams.get('token') ?? '' };
}

describe('POST /newsletter', () => {
  it('stores the address trimmed and lower-cased and emails a confirmation with a working unsubscribe link', async () => {
    const address = freshAddress('Rider');
    const response = await subscribe(t.app, { email: `  ${address.toUpperCase()}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });

    const email = address.toLowerCase();
    const row = await rowOf(t.ctx, email);
    expect(row).toMatchObject({ email, status: 'subscribed', unsubscribedAt: null });
    expect(row?.subscribedAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');

    const message = await waitForMessage(t.ctx, email);
    expect(message.subject).toBe('You are subscribed to the Corral newsletter');
    const { url, token } = linkOf(message);
    expect(url.pathname).toBe('/newsletter/unsubscribe');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<http://corral.test/api/newsletter/unsubscribe/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // What the unsubscribe page does with the link: POST its token.
    const first = await unsubscribe(t.app, { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    const after = await rowOf(t.ctx, email);
    expect(after).toMatchObject({ status: 'unsubscribed' });
    expect(after?.unsubscribedAt?.toISOString()).toBe('2026-11-23T10:00:00.000Z');

    // Twice is the same answer, and the first time stays recorded.
    clock.advance(HOUR);
    const second = await unsubscribe(t.app, { token });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    expect((await rowOf(t.ctx, email))?.unsubscribedAt?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('answers the same to an address already on the list, keeps one row and sends no second email within a day', async () => {
    const email = freshAddress();
    const first = await subscribe(t.app, { email });
    await waitForMessage(t.ctx, email);
    const again = await subscribe(t.app, { email: email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-length']).toBe(first.headers['content-length']);
    const rows = await t.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
    expect(await messagesTo(t.ctx, email)).toHaveLength(1);

    clock.advance(23 * HOUR);
    expect((await subscribe(t.app, { email })).statusCode).toBe(200);
    expect(await messagesTo(t.ctx, email)).toHaveLength(1);

    // A day after the last one, a repeat subscription gets a reminder, whose link is the same as before.
    clock.advance(HOUR);
    expect((await subscribe(t.app, { email })).statusCode).toBe(200);
    const messages = await messagesTo(t.ctx, email);
    expect(messages).toHaveLength(2);
    const [newest, oldest] = messages as [OutboxMessage, OutboxMessage];
    expect(linkOf(newest).token).toBe(linkOf(oldest).token);
    expect(
      await t.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)),
    ).toHaveLength(1);
  });

  it('subscribes again after an unsubscription, with a new confirmation, and the old link still unsubscribes', async () => {
    const email = freshAddress();
    await subscribe(t.app, { email });
    const { token } = linkOf(await waitForMessage(t.ctx, email));
    expect((await unsubscribe(t.app, { token })).statusCode).toBe(200);

    clock.advance(60_000);
    const back = await subscribe(t.app, { email });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });
    const row = await rowOf(t.ctx, email);
    expect(row).toMatchObject({ status: 'subscribed', unsubscribedAt: null });
    expect(row?.subscribedAt.getTime()).toBe(clock.now());
    const messages = await messagesTo(t.ctx, email);
    expect(messages).toHaveLength(2);
    expect(linkOf(messages[0] as OutboxMessage).token).toBe(token);

    expect((await unsubscribe(t.app, { token })).statusCode).toBe(200);
    expect(await rowOf(t.ctx, email)).toMatchObject({ status: 'unsubscribed' });
  });

  it('takes a one-click unsubscription (RFC 8058) posted as a form to the List-Unsubscribe URL', async () => {
    const email = freshAddress();
    await subscribe(t.app, { email });
    const message = await waitForMessage(t.ctx, email);
    const target = new URL(/^<(.+)>$/.exec(message.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
    const response = await t.app.inject({
      method: 'POST',
      url: target.pathname + target.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });
    expect(await rowOf(t.ctx, email)).toMatchObject({ status: 'unsubscribed' });

    const multipart = await t.app.inject({
      method: 'POST',
      url: target.pathname + target.search,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
  });

  it('refuses a missing, garbled or unknown unsubscribe token with a clear message', async () => {
    for (const payload of [{}, { token: '' }, { token: 'not a token' }, { token: 42 }, { token: 'a'.repeat(44) }]) {
      const response = await unsubscribe(t.app, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({
        message: NEWSLETTER_MESSAGES.invalidLink,
        errors: { token: [NEWSLETTER_MESSAGES.invalidLink] },
      });
    }
    const unknown = await unsubscribe(t.app, { token: randomBytes(32).toString('base64url') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: NEWSLETTER_MESSAGES.invalidLink });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe/one-click?token=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(422);
  });

  it('refuses invalid addresses with a clear message, storing and sending nothing', async () => {
    const before = await t.ctx.db.select().from(newsletterSubscriptions);
    await t.ctx.background.settled();
    const outboxBefore = (await t.ctx.outbox.list()).length;
    const cases: [unknown, string][] = [
      [{}, NEWSLETTER_MESSAGES.emailRequired],
      [{ email: '' }, NEWSLETTER_MESSAGES.emailRequired],
      [{ email: '    ' }, NEWSLETTER_MESSAGES.emailRequired],
      [{ email: 'rider' }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: 'rider@' }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: 'rider@localhost' }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: 'two words@example.com' }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: 'a@b@example.com' }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: `${'x'.repeat(250)}@example.com` }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: 42 }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: ['rider@example.com'] }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ email: null }, NEWSLETTER_MESSAGES.emailInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await subscribe(t.app, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ message, errors: { email: [message] } });
    }
    const nul = await subscribe(t.app, { email: 'rider\u0000@example.com' });
    expect(nul.statusCode).toBe(422);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await subscribe(t.app, { email: `${'x'.repeat(10_000)}@example.com` });
    expect(huge.statusCode).toBe(413);
    expect(await t.ctx.db.select().from(newsletterSubscriptions)).toEqual(before);
    await t.ctx.background.settled();
    expect(await t.ctx.outbox.list()).toHaveLength(outboxBefore);
  });

  it('takes the footer form posted without JavaScript, and subscribes members too', async () => {
    const email = freshAddress();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}`,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await rowOf(t.ctx, email)).toMatchObject({ status: 'subscribed' });

    const member = await setUpMember(t.app);
    const mine = await subscribe(t.app, { email: member.email }, { token: member.token });
    expect(mine.statusCode).toBe(200);
    expect(await rowOf(t.ctx, member.email.toLowerCase())).toMatchObject({ status: 'subscribed' });
  });

  it('allows 5 subscriptions an hour per IP, then answers 429 and stores nothing; other IPs are not held back', async () => {
    const limitedClock = new ManualClock(Date.parse('2026-11-23T10:00:00Z'));
    const limited = await createTestApp({ clock: limitedClock, rateLimitScale: 1 });
    try {
      const ip = '203.0.113.7';
      for (let i = 0; i < 5; i += 1) {
        const response = await subscribe(limited.app, { email: freshAddress() }, { remoteAddress: ip });
        expect(response.statusCode, response.body).toBe(200);
        limitedClock.advance(60_000);
      }
      const refusedAddress = freshAddress();
      const refused = await subscribe(limited.app, { email: refusedAddress }, { remoteAddress: ip });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ message: MESSAGES.http.tooManyRequests(retryAfter) });
      expect(await rowOf(limited.ctx, refusedAddress)).toBeUndefined();
      expect(await limited.ctx.db.select().from(newsletterSubscriptions)).toHaveLength(5);
      expect(await messagesTo(limited.ctx, refusedAddress)).toEqual([]);

      const elsewhere = await subscribe(limited.app, { email: refusedAddress }, { remoteAddress: '198.51.100.9' });
      expect(elsewhere.statusCode).toBe(200);

      limitedClock.advance(retryAfter * 1000);
      expect((await subscribe(limited.app, { email: freshAddress() }, { remoteAddress: ip })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
