import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@corral/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { messagesTo } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sessions, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/verify', ...(token ? { headers: bearer(token) } : {}) });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const unauthenticated = { message: MESSAGES.http.unauthenticated };

describe('GET /api/verify', () => {
  it('answers the member and the token presented', async () => {
    const member = await signUpMember(t.app);
    const response = await verify(member.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: member.user, status: true });
  });

  it.each([
    ['no header', undefined],
    ['an unknown token', 'x'.repeat(32)],
    ['a token with a forged signature', 'abc.def'],
  ])('refuses %s with 401', async (_name, token) => {
    const response = await verify(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthenticated);
  });

  it('refuses a header that is not a bearer token', async () => {
    const member = await signUpMember(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/verify',
      headers: { authorization: `Basic ${member.token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token presented, and only that one', async () => {
    const member = await signUpMember(t.app);
    const other = (await login(member.email, member.password)).json().user.api_token as string;
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(member.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: MESSAGES.logout.success });

    expect((await verify(member.token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(member.token) });
    expect(again.statusCode).toBe(401);
    expect((await verify(other)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthenticated);
  });
});

describe('DELETE /api/account-delete', () => {
  it('hides the member, kills every token at once and refuses the login like a wrong password', async () => {
    const member = await signUpMember(t.app);
    const second = (await login(member.email, member.password)).json().user.api_token as string;
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account-delete',
      headers: bearer(member.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: MESSAGES.account.deletedText });

    for (const token of [member.token, second]) {
      expect((await verify(token)).json()).toEqual(unauthenticated);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [live] = await t.ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, member.user.id));
    expect(live?.n).toBe(0);

    const refused = await login(member.email, member.password);
    const unknown = await login(`nobody-${randomUUID()}@example.com`, member.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe(unknown.body);
    expect(refused.json()).toEqual({ message: MESSAGES.login.invalidCredential });
  });

  it('sends a deleted member no reset email, with the same answer as anyone', async () => {
    const member = await signUpMember(t.app);
    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(member.token) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: member.email },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: MESSAGES.forgotPassword.success });
    expect(await messagesTo(t.ctx, member.email)).toEqual([]);
  });

  it('answers 401 without a token and deletes nothing', async () => {
    const member = await signUpMember(t.app);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/account-delete' });
    expect(response.statusCode).toBe(401);
    expect((await verify(member.token)).statusCode).toBe(200);
  });
});
