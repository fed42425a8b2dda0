import { ACCOUNT_MESSAGES, MESSAGES, RATE_LIMITS } from '@corral/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { messagesTo, resetTokenOf, waitForMessage } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, sessions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, on = t) =>
  on.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const verify = (token: string, on = t) => on.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(token) });
const change = (token: string, payload: unknown, on = t) =>
  on.app.inject({ method: 'POST', url: '/api/me/password', headers: bearer(token), payload: payload as object });
const passwordHash = async (userId: string, on = t) =>
  (await on.ctx.db.select({ hash: accounts.password }).from(accounts).where(eq(accounts.userId, userId)))[0]?.hash;

describe('POST /api/me/password', () => {
  it("changes the password, ends every other session but keeps the caller's, and emails the member", async () => {
    const member = await signUpMember(t.app);
    const phone = (await login(member.email, member.password)).json().user.api_token as string;
    const laptop = (await login(member.email, member.password)).json().user.api_token as string;

    const response = await change(phone, { current_password: member.password, new_password: 'Spurs&2027' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: ACCOUNT_MESSAGES.passwordChanged });

    expect((await verify(phone)).statusCode).toBe(200);
    for (const old of [member.token, laptop]) expect((await verify(old)).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    expect((await login(member.email, 'Spurs&2027')).statusCode).toBe(200);

    const email = await waitForMessage(t.ctx, member.email);
    expect(email.subject).toBe('Your Corral password was changed');
    expect(email.text).toContain('http://corral.test/forgot-password');
    expect(email.text).not.toContain('Spurs&2027');
  });

  it('refuses a wrong current password with 422 under the field, and changes nothing', async () => {
    const member = await signUpMember(t.app);
    const other = (await login(member.email, member.password)).json().user.api_token as string;
    const hash = await passwordHash(member.user.id);
    const response = await change(member.token, { current_password: 'Wrong#2026', new_password: 'Spurs&2027' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.wrongPassword,
      errors: { current_password: [ACCOUNT_MESSAGES.wrongPassword] },
    });
    expect(await passwordHash(member.user.id)).toBe(hash);
    expect((await verify(other)).statusCode).toBe(200);
    expect(await messagesTo(t.ctx, member.email)).toEqual([]);
  });

  it.each([
    ['too short', 'Short1!', MESSAGES.signUp.passwordLength, 422],
    ['too long', 'ThirteenChars', MESSAGES.signUp.passwordLength, 422],
    ['common', 'password123', MESSAGES.signUp.weakPassword, 422],
    ['a product word', 'Rodeo2026!', MESSAGES.signUp.weakPassword, 422],
    ['the same', 'Saddle#2026', ACCOUNT_MESSAGES.samePassword, 422],
  ])('refuses a new password that is %s, with the sign-up message', async (_name, next, message, status) => {
    const member = await signUpMember(t.app);
    const hash = await passwordHash(member.user.id);
    const response = await change(member.token, { current_password: member.password, new_password: next });
    expect(response.statusCode).toBe(status);
    expect(response.json().errors).toEqual({ new_password: [message] });
    expect(await passwordHash(member.user.id)).toBe(hash);
  });

  it('refuses hostile bodies with 4xx and never a 5xx', async () => {
    const member = await signUpMember(t.app);
    for (const payload of [
      {},
      { current_password: member.password },
      { current_password: 12, new_password: ['x'] },
      { current_password: 'a\u0000b', new_password: '\ud800\ud800\ud800\ud800' },
      { current_password: 'x'.repeat(10_000), new_password: 'Spurs&2027' },
    ]) {
      const response = await change(member.token, payload);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/me/password', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a used reset link from working after the change', async () => {
    const member = await signUpMember(t.app);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: member.email } });
    const token = resetTokenOf(await waitForMessage(t.ctx, member.email));
    expect(
      (await change(member.token, { current_password: member.password, new_password: 'Spurs&2027' })).statusCode,
    ).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'Buckle&2028' },
    });
    expect(reset.statusCode).toBe(400);
  });
});

describe('wrong current passwords are rate limited per member', () => {
  it(`allows ${RATE_LIMITS.passwordWrongPerMemberHour.points} wrong tries an hour, then 429 even for the right one`, async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const member = await signUpMember(limited.app);
      for (let i = 0; i < RATE_LIMITS.passwordWrongPerMemberHour.points; i += 1) {
        const wrong = await change(
          member.token,
          { current_password: `Wrong#${i}aa`, new_password: 'Spurs&2027' },
          limited,
        );
        expect(wrong.statusCode).toBe(422);
      }
      const right = await change(
        member.token,
        { current_password: member.password, new_password: 'Spurs&2027' },
        limited,
      );
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toBeDefined();
      expect((await login(member.email, member.password, limited)).statusCode).toBe(200);
      // The email change asks the same password and shares the count.
      const email = await limited.app.inject({
        method: 'POST',
        url: '/api/me/email',
        headers: bearer(member.token),
        payload: { new_email: 'elsewhere@example.com', password: member.password },
      });
      expect(email.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions carry what the Account page shows', () => {
  it('stores the address and user agent of a login', async () => {
    const member = await signUpMember(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
      payload: { email: member.email, password: member.password },
    });
    const rows = await t.ctx.db
      .select({ ip: sessions.ipAddress, ua: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, member.user.id));
    expect(rows).toContainEqual({ ip: '203.0.113.9', ua: expect.stringContaining('Firefox/128.0') });
  });
});
