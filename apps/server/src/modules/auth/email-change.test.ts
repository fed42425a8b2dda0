import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES, type OutboxMessage } from '@corral/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { messagesTo, waitForMessage } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { emailChanges, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Runs a test on an app of its own whose clock it moves. better-auth dates new sessions by the system clock
 * and the session reader by this one, so such a test makes every member and session it needs first.
 */
async function onOwnClock(test: (clock: ManualClock) => Promise<void>): Promise<void> {
  const shared = t;
  const clock = new ManualClock();
  t = await createTestApp({ clock });
  try {
    await test(clock);
  } finally {
    await t.close();
    t = shared;
  }
}

const HOUR = 60 * 60 * 1000;
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(token) });
const requestChange = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/me/email', headers: bearer(token), payload: payload as object });
const status = (token: string) => t.app.inject({ method: 'GET', url: '/api/me/email', headers: bearer(token) });
const confirm = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/me/email/confirm', payload: { token } });
const undo = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/me/email/undo', payload: { token } });
const fresh = () => `new-${randomUUID().slice(0, 8)}@example.com`;
const emailOf = async (userId: string) =>
  (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

function linkToken(message: OutboxMessage, page: string): string {
  const match = new RegExp(`/${page}#token=([^\\s]+)`).exec(message.text);
  if (!match?.[1]) throw new Error(`no ${page} link in the email`);
  return decodeURIComponent(match[1]);
}

/** Asks for a change to `to` and reads the confirmation token from the email sent there. */
async function confirmTokenFor(member: { token: string; password: string }, to: string): Promise<string> {
  const response = await requestChange(member.token, { new_email: to, password: member.password });
  expect(response.statusCode).toBe(200);
  return linkToken(await waitForMessage(t.ctx, to), 'confirm-email');
}

describe('email change', () => {
  it('confirms by the link, signs in with the old address until then and with the new after, and tells the old one', async () => {
    const member = await signUpMember(t.app);
    const to = fresh();
    const response = await requestChange(member.token, {
      new_email: ` ${to.toUpperCase()} `,
      password: member.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: ACCOUNT_MESSAGES.emailChangeSent(to),
      email: member.email,
      pending: { new_email: to, expires_at: expect.any(String) },
    });
    const lifetime = Date.parse(response.json().pending.expires_at) - Date.now();
    expect(Math.abs(lifetime - 24 * HOUR)).toBeLessThan(60_000);
    expect((await status(member.token)).json()).toEqual({
      email: member.email,
      pending: { new_email: to, expires_at: expect.any(String) },
    });

    const mail = await waitForMessage(t.ctx, to);
    expect(mail.subject).toBe('Confirm your new Corral email address');
    expect(mail.text).toMatch(/^http:\/\/corral\.test\/confirm-email#token=[\w-]{43}$/m);
    const token = linkToken(mail, 'confirm-email');
    // The database keeps only a hash of the token.
    const [row] = await t.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, member.user.id));
    expect(JSON.stringify(row)).not.toContain(token);

    // Before the link is opened: nothing changed.
    expect(await emailOf(member.user.id)).toBe(member.email);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect((await login(to, member.password)).statusCode).toBe(401);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: true, message: ACCOUNT_MESSAGES.emailConfirmed(to), email: to });
    expect((await login(to, member.password)).statusCode).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    // Sessions live on, and the page shows no pending change.
    expect((await verify(member.token)).json().user.email).toBe(to);
    expect((await status(member.token)).json()).toEqual({ email: to, pending: null });

    const told = await waitForMessage(t.ctx, member.email);
    expect(told.subject).toBe('Your Corral email address was changed');
    expect(told.text).toContain(to);
    expect(told.text).toMatch(/^http:\/\/corral\.test\/undo-email-change#token=[\w-]{43}$/m);

    // The link works once.
    const replay = await confirm(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: ACCOUNT_MESSAGES.linkUsed, code: 'used' });
  });

  it('undo within 7 days puts the old address back, signs out everywhere, and works once', () =>
    onOwnClock(async (clock) => {
      const member = await signUpMember(t.app);
      const to = fresh();
      expect((await confirm(await confirmTokenFor(member, to))).statusCode).toBe(200);
      const undoToken = linkToken(await waitForMessage(t.ctx, member.email), 'undo-email-change');

      clock.advance(6 * 24 * HOUR);
      const again = (await login(to, member.password)).json().user.api_token as string;
      const response = await undo(undoToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: true,
        message: ACCOUNT_MESSAGES.emailUndone(member.email),
        email: member.email,
      });
      expect(await emailOf(member.user.id)).toBe(member.email);
      for (const token of [member.token, again]) expect((await verify(token)).statusCode).toBe(401);
      expect((await login(member.email, member.password)).statusCode).toBe(200);
      expect((await login(to, member.password)).statusCode).toBe(401);

      const replay = await undo(undoToken);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ message: ACCOUNT_MESSAGES.linkUsed, code: 'used' });
    }));

  it('refuses an undo link after 7 days and a confirmation link after 24 hours, changing nothing', () =>
    onOwnClock(async (clock) => {
      const member = await signUpMember(t.app);
      const other = await signUpMember(t.app);
      const to = fresh();
      expect((await confirm(await confirmTokenFor(member, to))).statusCode).toBe(200);
      const undoToken = linkToken(await waitForMessage(t.ctx, member.email), 'undo-email-change');
      const next = fresh();
      const token = await confirmTokenFor(other, next);
      clock.advance(23 * HOUR);
      expect((await status(other.token)).json().pending.new_email).toBe(next);
      clock.advance(7 * 24 * HOUR);
      const late = await undo(undoToken);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ message: ACCOUNT_MESSAGES.linkExpired, code: 'expired' });
      expect(await emailOf(member.user.id)).toBe(to);

      const expired = await confirm(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: ACCOUNT_MESSAGES.linkExpired, code: 'expired' });
      expect(await emailOf(other.user.id)).toBe(other.email);
    }));

  it('answers an address that has an account exactly like a free one, and mails its owner a notice, not a link', async () => {
    const member = await signUpMember(t.app);
    const owner = await signUpMember(t.app);
    const free = fresh();
    const toFree = await requestChange(member.token, { new_email: free, password: member.password });
    const toTaken = await requestChange(member.token, { new_email: owner.email, password: member.password });
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(Object.keys(toTaken.json())).toEqual(Object.keys(toFree.json()));
    expect(toTaken.json().message).toBe(ACCOUNT_MESSAGES.emailChangeSent(owner.email));
    expect((await status(member.token)).json().pending.new_email).toBe(owner.email);

    const notice = await waitForMessage(t.ctx, owner.email);
    expect(notice.subject).toBe('Someone tried to use your email address on Corral');
    expect(notice.text).not.toContain('#token=');
    expect(await emailOf(member.user.id)).toBe(member.email);
    expect(await emailOf(owner.user.id)).toBe(owner.email);
  });

  it('refuses, at confirmation, an address another account took in the meantime (409, nothing changed)', async () => {
    const member = await signUpMember(t.app);
    const to = fresh();
    const token = await confirmTokenFor(member, to);
    await signUpMember(t.app, { email: to });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.emailTakenAtConfirm });
    expect(await emailOf(member.user.id)).toBe(member.email);
  });

  it('a newer change or a cancel kills the pending link', async () => {
    const member = await signUpMember(t.app);
    const first = await confirmTokenFor(member, fresh());
    const secondAddress = fresh();
    const second = await confirmTokenFor(member, secondAddress);
    expect((await confirm(first)).json().code).toBe('invalid');

    const cancel = await t.app.inject({ method: 'DELETE', url: '/api/me/email', headers: bearer(member.token) });
    expect(cancel.statusCode).toBe(200);
    expect((await status(member.token)).json().pending).toBeNull();
    expect((await confirm(second)).json()).toEqual({ message: ACCOUNT_MESSAGES.linkInvalid, code: 'invalid' });
    expect(await emailOf(member.user.id)).toBe(member.email);
  });

  it('refuses a wrong password and its own address, sending nothing', async () => {
    const member = await signUpMember(t.app);
    const to = fresh();
    const wrong = await requestChange(member.token, { new_email: to, password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: ACCOUNT_MESSAGES.wrongPassword,
      errors: { password: [ACCOUNT_MESSAGES.wrongPassword] },
    });
    const same = await requestChange(member.token, { new_email: member.email, password: member.password });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ new_email: [ACCOUNT_MESSAGES.sameEmail] });
    expect(await messagesTo(t.ctx, to)).toEqual([]);
    expect((await status(member.token)).json().pending).toBeNull();
  });

  it('a later change cannot use its undo link to cancel the undo of an earlier one', async () => {
    const member = await signUpMember(t.app);
    const second = fresh();
    const third = fresh();
    expect((await confirm(await confirmTokenFor(member, second))).statusCode).toBe(200);
    const firstUndo = linkToken(await waitForMessage(t.ctx, member.email), 'undo-email-change');
    const signedIn = (await login(second, member.password)).json().user.api_token as string;
    expect(
      (await confirm(await confirmTokenFor({ token: signedIn, password: member.password }, third))).statusCode,
    ).toBe(200);
    const secondUndo = linkToken(await waitForMessage(t.ctx, second), 'undo-email-change');

    // Whoever holds the second address undoes their own change first...
    expect((await undo(secondUndo)).json().email).toBe(second);
    // ...the owner's link still works, and kills the later one.
    expect((await undo(firstUndo)).json().email).toBe(member.email);
    expect(await emailOf(member.user.id)).toBe(member.email);
  });

  it('refuses made-up, malformed and hostile tokens with 4xx', async () => {
    for (const token of ['x'.repeat(43), '', 'a\u0000b', 42, null, 'x'.repeat(5000), ['a']]) {
      for (const call of [confirm, undo]) {
        const response = await call(token);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
    }
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.json()).toEqual({ message: ACCOUNT_MESSAGES.linkInvalid, code: 'invalid' });
    const bodies = [
      {},
      { new_email: 'not-an-email', password: 'x' },
      { new_email: 'a@b.co' },
      { new_email: ['a@b.co'], password: 1 },
    ];
    const member = await signUpMember(t.app);
    for (const body of bodies) {
      const response = await requestChange(member.token, body);
      expect(response.statusCode).toBe(422);
    }
    expect((await status(member.token)).json().pending).toBeNull();
  });

  it('a deleted account cannot confirm a pending change', async () => {
    const member = await signUpMember(t.app);
    const token = await confirmTokenFor(member, fresh());
    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(member.token) });
    expect((await confirm(token)).json().code).toBe('invalid');
  });
});
