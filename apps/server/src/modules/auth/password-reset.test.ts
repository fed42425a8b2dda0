import { randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES } from '@corral/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { messagesTo, resetTokenOf, waitForMessage } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, verifications } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { resetIdentifier } from './auth.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string, on = t) =>
  on.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
const reset = (token: unknown, password: unknown, on = t) =>
  on.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const verify = (token: string, on = t) => on.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(token) });
const passwordHash = async (userId: string, on = t) =>
  (await on.ctx.db.select({ hash: accounts.password }).from(accounts).where(eq(accounts.userId, userId)))[0]?.hash;

/** Asks for a reset and reads the token from the email in the outbox. */
async function resetTokenFor(email: string, on = t): Promise<string> {
  const before = (await messagesTo(on.ctx, email)).length;
  expect((await forgot(email, on)).statusCode).toBe(200);
  expect(await messagesTo(on.ctx, email)).toHaveLength(before + 1);
  return resetTokenOf(await waitForMessage(on.ctx, email));
}

describe('POST /api/forgot-password', () => {
  it('emails a link built from PUBLIC_URL', async () => {
    const member = await signUpMember(t.app);
    const response = await forgot(member.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: MESSAGES.forgotPassword.success });
    const email = await waitForMessage(t.ctx, member.email);
    expect(email.subject).toBe('Reset your Corral password');
    expect(email.text).toMatch(/^http:\/\/corral\.test\/reset-password#token=\w{24}$/m);
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    const member = await signUpMember(t.app);
    const known = await forgot(member.email);
    const address = `nobody-${randomUUID()}@example.com`;
    const unknown = await forgot(address);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await messagesTo(t.ctx, address)).toEqual([]);
  });

  it('answers before the email has left', async () => {
    const member = await signUpMember(t.app);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const add = t.ctx.outbox.add.bind(t.ctx.outbox);
    const spy = vi.spyOn(t.ctx.outbox, 'add').mockImplementation(async (message) => {
      await held;
      await add(message);
    });
    try {
      expect((await forgot(member.email)).statusCode).toBe(200);
      // The email was on its way, held, when the answer came.
      await vi.waitFor(() => expect(spy).toHaveBeenCalled());
      expect((await t.ctx.outbox.list()).filter((m) => m.to === member.email)).toEqual([]);
    } finally {
      release();
      spy.mockRestore();
    }
    await waitForMessage(t.ctx, member.email);
  });

  it('asks for a valid address', async () => {
    const response = await forgot('cowboy@');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MESSAGES.forgotPassword.emailInvalid,
      errors: { email: [MESSAGES.forgotPassword.emailInvalid] },
    });
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, revokes every session, and the link works once', async () => {
    const member = await signUpMember(t.app);
    const second = (await login(member.email, member.password)).json().user.api_token as string;
    const token = await resetTokenFor(member.email);

    const response = await reset(token, 'Spurs&2027');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: MESSAGES.resetPassword.success });

    for (const old of [member.token, second]) expect((await verify(old)).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    expect((await login(member.email, 'Spurs&2027')).statusCode).toBe(200);

    const replay = await reset(token, 'Buckle&2028');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: MESSAGES.resetPassword.invalidToken });
    expect((await login(member.email, 'Spurs&2027')).statusCode).toBe(200);
  });

  it('refuses a common password and keeps the link usable', async () => {
    const member = await signUpMember(t.app);
    const token = await resetTokenFor(member.email);
    const hash = await passwordHash(member.user.id);
    const response = await reset(token, 'Cowboy123');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MESSAGES.signUp.weakPassword,
      errors: { password: [MESSAGES.signUp.weakPassword] },
    });
    expect(await passwordHash(member.user.id)).toBe(hash);
    expect((await verify(member.token)).statusCode).toBe(200);
    expect((await reset(token, 'Spurs&2027')).statusCode).toBe(200);
  });

  it('refuses a link once an hour has passed on the server clock, and changes nothing', async () => {
    const clock = new ManualClock();
    const timed = await createTestApp({ clock });
    try {
      const member = await signUpMember(timed.app);
      const token = await resetTokenFor(member.email, timed);
      const [row] = await timed.ctx.db
        .select({ createdAt: verifications.createdAt, expiresAt: verifications.expiresAt })
        .from(verifications)
        .where(eq(verifications.identifier, resetIdentifier(token)));
      const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - LIMITS.resetTokenExpiresInSeconds * 1000)).toBeLessThan(1000);

      // 59 minutes on: the link still works (a refused password is the only complaint)...
      clock.advance(59 * 60_000);
      expect((await reset(token, 'Cowboy123', timed)).json()).toEqual({
        message: MESSAGES.signUp.weakPassword,
        errors: { password: [MESSAGES.signUp.weakPassword] },
      });
      // ...and past the hour it is dead.
      clock.advance(2 * 60_000);
      const hash = await passwordHash(member.user.id, timed);
      const response = await reset(token, 'Spurs&2027', timed);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.resetPassword.invalidToken });
      expect(await passwordHash(member.user.id, timed)).toBe(hash);
      expect((await verify(member.token, timed)).statusCode).toBe(200);
    } finally {
      await timed.close();
    }
  });

  it('refuses made-up, missing and too-short-password requests with clear messages', async () => {
    const unknown = await reset('a'.repeat(24), 'Spurs&2027');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: MESSAGES.resetPassword.invalidToken });

    const missing = await reset(undefined, 'Spurs&2027');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(MESSAGES.resetPassword.invalidToken);

    const short = await reset('a'.repeat(24), 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: [MESSAGES.signUp.passwordLength] });
  });

  it('kills the pending links of a member who deletes the account', async () => {
    const member = await signUpMember(t.app);
    const token = await resetTokenFor(member.email);
    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(member.token) });
    const response = await reset(token, 'Spurs&2027');
    expect(response.statusCode).toBe(400);
    expect((await login(member.email, 'Spurs&2027')).statusCode).toBe(401);
  });
});
