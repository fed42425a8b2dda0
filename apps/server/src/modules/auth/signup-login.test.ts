import { randomUUID } from 'node:crypto';
import { MESSAGES, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]?.n ?? 0;
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const body = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Amberley',
  last_name: 'Snyder',
  email: `amberley-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'Lariat#2026',
  ...overrides,
});

describe('POST /api/signup', () => {
  it('creates a member and answers the current user with a working token', async () => {
    const input = body({ email: ` Amberley.${randomUUID().slice(0, 8)}@Example.COM `, token: 'old-idp-token' });
    const response = await post('/api/signup', input);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toEqual({
      id: expect.any(String),
      first_name: 'Amberley',
      last_name: 'Snyder',
      email: input.email.trim().toLowerCase(),
      avatar: null,
      profile_image: USER_PLACEHOLDER_IMAGE,
      api_token: expect.stringMatching(/^\S{32,}$/),
      is_onboard: 0,
      verified: 0,
      role: 'member',
    });
    const verify = await t.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(user.api_token) });
    expect(verify.json()).toEqual({ user, status: true });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Amberley Snyder', firstName: 'Amberley', lastName: 'Snyder' });
  });

  it('never writes fields the client may not set', async () => {
    const response = await post('/api/signup', body({ verified: 1, is_onboard: 1, role: 'admin', id: 'mine' }));
    const { user } = response.json();
    expect(user).toMatchObject({ verified: 0, is_onboard: 0 });
    expect(user.id).not.toBe('mine');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('member');
  });

  it('refuses an address already registered, in any case, and creates nothing', async () => {
    const { email } = await signUpMember(t.app);
    const before = await userCount();
    const response = await post('/api/signup', body({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MESSAGES.signUp.emailInUse,
      errors: { email: [MESSAGES.signUp.emailInUse] },
    });
    expect(await userCount()).toBe(before);
  });

  it.each(['Password1', 'qwerty123', 'ILOVEYOU1', 'Rodeo2026!', 'c0wb0y!!', 'corralcorral', '12345678'])(
    'refuses the common password %s and creates nothing',
    async (password) => {
      const before = await userCount();
      const response = await post('/api/signup', body({ password }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: MESSAGES.signUp.weakPassword,
        errors: { password: [MESSAGES.signUp.weakPassword] },
      });
      expect(await userCount()).toBe(before);
    },
  );

  it('answers every bad field with its spec message and creates nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: 'Al', last_name: '' }, 'first_name', MESSAGES.signUp.nameRequired],
      [{ first_name: undefined }, 'first_name', MESSAGES.signUp.nameRequired],
      [{ email: 'not-an-email' }, 'email', MESSAGES.signUp.emailInvalid],
      [{ password: 'short' }, 'password', MESSAGES.signUp.passwordLength],
      [{ password: 'Lariat#2026xx' }, 'password', MESSAGES.signUp.passwordLength],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await post('/api/signup', body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
      expect(response.json().message).toBe(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('keeps the password exactly as typed: no case folding, no trimming', async () => {
    const member = await signUpMember(t.app, { password: ' Lariat#26 ' });
    expect((await post('/api/login', { email: member.email, password: ' Lariat#26 ' })).statusCode).toBe(200);
    for (const variant of ['Lariat#26', ' lariat#26 ', ' LARIAT#26 ']) {
      expect((await post('/api/login', { email: member.email, password: variant })).statusCode).toBe(401);
    }
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.userId, member.user.id));
    expect(account?.password).not.toContain('Lariat');
  });
});

describe('POST /api/login', () => {
  it('signs a member in with a new token', async () => {
    const member = await signUpMember(t.app);
    const response = await post('/api/login', { email: member.email.toUpperCase(), password: member.password });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toEqual({ ...member.user, api_token: expect.any(String) });
    expect(user.api_token).not.toBe(member.token);
    const verify = await t.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(user.api_token) });
    expect(verify.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const member = await signUpMember(t.app);
    const wrong = await post('/api/login', { email: member.email, password: 'Wrong#2026' });
    const unknown = await post('/api/login', { email: `nobody-${randomUUID()}@example.com`, password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ message: MESSAGES.login.invalidCredential });
    expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
  });

  it('answers bad input with the login messages', async () => {
    const response = await post('/api/login', { email: 'nope', password: '123' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: [MESSAGES.login.emailInvalid],
      password: [MESSAGES.login.passwordLength],
    });
  });
});
