import { randomBytes, randomUUID } from 'node:crypto';
import { OAUTH_ERRORS, OAUTH_MESSAGES, TWO_FACTOR } from '@corral/contract';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import {
  signInAtProvider,
  startOidcProvider,
  type TestIdentity,
  type TestOidcProvider,
} from '../../../test/oidc-provider.ts';
import { waitForMessage } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, sessions, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';

const PUBLIC_URL = 'http://corral.test';
let t: TestApp;
let idp: TestOidcProvider;
// Moved by the two-factor tests only: an authenticator's code is good once per 30-second step.
const clock = new ManualClock(Date.now());
beforeAll(async () => {
  idp = await startOidcProvider(PUBLIC_URL);
  t = await createTestApp({ env: idp.env, clock });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

type Provider = 'google' | 'apple';
const newBinding = () => randomBytes(32).toString('base64url');
const fragmentOf = (location: string) => Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));

/** A person at the provider, under a fresh login name. */
function person(identity: TestIdentity): string {
  const login = `p-${randomUUID().slice(0, 8)}`;
  idp.users.set(login, identity);
  return login;
}

async function start(provider: Provider, binding = newBinding()) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/auth/oauth/${provider}/start`,
    payload: { binding },
  });
  expect(response.statusCode).toBe(200);
  return { url: response.json().url as string, binding };
}

/** The provider's answer delivered to our callback; the web page's fragment it redirects to. */
async function deliver(answer: Awaited<ReturnType<typeof signInAtProvider>>) {
  const path = answer.url.slice(PUBLIC_URL.length);
  const response =
    answer.method === 'GET'
      ? await t.app.inject({ method: 'GET', url: path })
      : await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(answer.form).toString(),
        });
  expect(response.statusCode).toBe(303);
  const location = String(response.headers.location);
  expect(location.startsWith(`${PUBLIC_URL}/auth/callback#`)).toBe(true);
  return fragmentOf(location);
}

/** Start → the provider's login page → our callback: the one-time code for this browser's binding. */
async function providerCode(provider: Provider, login: string) {
  const { url, binding } = await start(provider);
  const answer = await signInAtProvider(url, login, `${PUBLIC_URL}/api/auth/oauth/`);
  const fragment = await deliver(answer);
  return { code: fragment.code, error: fragment.error, binding, answer };
}

const exchange = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/oauth/exchange', payload });

/** Google connected from the Account page by the member signed in with `token`: the exchange's answer. */
async function connectGoogle(token: string, login: string) {
  const binding = newBinding();
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/me/sign-in-methods/google',
    headers: bearer(token),
    payload: { binding },
  });
  expect(started.statusCode).toBe(200);
  const { code } = await deliver(await signInAtProvider(started.json().url, login, `${PUBLIC_URL}/api/auth/oauth/`));
  return exchange({ code, binding });
}

async function signInWith(provider: Provider, login: string) {
  const { code, binding } = await providerCode(provider, login);
  expect(code).toBeTruthy();
  return { response: await exchange({ code, binding }), binding };
}

const linksOf = async (userId: string) =>
  (await t.ctx.db.select().from(accounts).where(eq(accounts.userId, userId))).map((a) => a.providerId).sort();

describe('GET /api/auth/providers', () => {
  it('lists the configured providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ providers: ['google', 'apple'] });
  });

  it('lists none on a server without them, whose start answers 404', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/oauth/google/start',
        payload: { binding: newBinding() },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(OAUTH_MESSAGES.notConfigured('Google'));
    } finally {
      await bare.close();
    }
  });
});

describe('a new member', () => {
  it('signs up with Google: no password, onboarding and phone still ahead; signs in again to the same account', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const login = person({ email, email_verified: true, given_name: 'Kaycee', family_name: 'Feild' });
    const { response } = await signInWith('google', login);
    expect(response.statusCode).toBe(200);
    const { user, device_token } = response.json();
    expect(user).toMatchObject({ email, first_name: 'Kaycee', last_name: 'Feild', is_onboard: 0, verified: 0 });
    expect(device_token).toEqual(expect.any(String));
    const verify = await t.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(user.api_token) });
    expect(verify.statusCode).toBe(200);
    // The social area waits for onboarding and the phone, as after an email sign-up.
    const feed = await t.app.inject({ method: 'GET', url: '/api/home/timeline', headers: bearer(user.api_token) });
    expect(feed.statusCode).toBe(403);
    expect(await linksOf(user.id)).toEqual(['google']);
    // No password: a password login is refused like any wrong one.
    const login401 = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Whatever#1' },
    });
    expect(login401.statusCode).toBe(401);

    const again = await signInWith('google', login);
    expect(again.response.statusCode).toBe(200);
    expect(again.response.json().user.id).toBe(user.id);
    expect(again.response.json().user.api_token).not.toBe(user.api_token);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerified).toBe(true);
  });

  it('sets a password by the emailed reset link (none before), then signs in with it too', async () => {
    const email = `pw-${randomUUID().slice(0, 8)}@example.com`;
    const { response } = await signInWith('google', person({ email, email_verified: true, given_name: 'Pat' }));
    const id = response.json().user.id as string;
    const methods = () =>
      t.app.inject({ method: 'GET', url: '/api/me/sign-in-methods', headers: bearer(response.json().user.api_token) });
    expect((await methods()).json().has_password).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } })).statusCode).toBe(
      200,
    );
    const token = /reset-password#token=(\w+)/.exec((await waitForMessage(t.ctx, email)).text)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'Lariat#2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await linksOf(id)).toEqual(['credential', 'google']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Lariat#2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(id);
    const again = await signInWith('google', person({ email, email_verified: true }));
    // Another Google identity with the address gets the link step, which can now offer the password.
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json().has_password).toBe(true);
  });

  it('signs up with Apple, whose answer is a form POST with the name on first sign-in', async () => {
    const email = `apple-${randomUUID().slice(0, 8)}@privaterelay.example.com`;
    const login = person({ email, email_verified: 'true' });
    const { url, binding } = await start('apple');
    const answer = await signInAtProvider(url, login, `${PUBLIC_URL}/api/auth/oauth/`);
    expect(answer.method).toBe('POST');
    if (answer.method !== 'POST') return;
    const fragment = await deliver({
      ...answer,
      form: { ...answer.form, user: JSON.stringify({ name: { firstName: 'Hailey', lastName: 'Kinsel' } }) },
    });
    const response = await exchange({ code: fragment.code, binding });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, first_name: 'Hailey', last_name: 'Kinsel' });
    expect(await linksOf(response.json().user.id)).toEqual(['apple']);
  });

  it('is refused when the provider has not verified the email, and nothing is created', async () => {
    const email = `unverified-${randomUUID().slice(0, 8)}@example.com`;
    const { response } = await signInWith('google', person({ email, email_verified: false, given_name: 'Uma' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(OAUTH_ERRORS.unverified_email);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // A missing email_verified counts as false.
    const missing = await signInWith('google', person({ email, given_name: 'Uma' }));
    expect(missing.response.statusCode).toBe(400);
  });
});

describe('an email that already has an account', () => {
  it('is never linked by itself: link_required, a wrong password refused, the right one links and signs in', async () => {
    const member = await signUpMember(t.app);
    const login = person({ email: member.email, email_verified: true, given_name: 'Someone' });
    const first = await signInWith('google', login);
    expect(first.response.statusCode).toBe(409);
    const step = first.response.json();
    expect(step).toMatchObject({ code: 'link_required', provider: 'google', email: member.email, has_password: true });
    expect(await linksOf(member.user.id)).toEqual(['credential']);

    const link = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/oauth/link', payload });
    const wrong = await link({ link_token: step.link_token, binding: first.binding, password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(OAUTH_MESSAGES.wrongPassword);
    expect(await linksOf(member.user.id)).toEqual(['credential']);
    // Another browser (another binding) cannot use the step.
    const elsewhere = await link({ link_token: step.link_token, binding: newBinding(), password: member.password });
    expect(elsewhere.statusCode).toBe(400);

    const right = await link({ link_token: step.link_token, binding: first.binding, password: member.password });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(member.user.id);
    expect(await linksOf(member.user.id)).toEqual(['credential', 'google']);
    // The step is spent.
    const replay = await link({ link_token: step.link_token, binding: first.binding, password: member.password });
    expect(replay.statusCode).toBe(400);
    // From now on Google signs in directly.
    const next = await signInWith('google', login);
    expect(next.response.statusCode).toBe(200);
    expect(next.response.json().user.id).toBe(member.user.id);
  });

  it('can be proven by a link emailed to the address instead', async () => {
    const member = await signUpMember(t.app);
    const first = await signInWith('apple', person({ email: member.email, email_verified: true }));
    expect(first.response.statusCode).toBe(409);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link/email',
      payload: { link_token: first.response.json().link_token, binding: first.binding },
    });
    expect(sent.statusCode).toBe(200);
    const message = await waitForMessage(t.ctx, member.email);
    const code = /\/auth\/callback#code=([\w-]+)/.exec(message.text)?.[1];
    expect(code).toBeTruthy();
    expect(await linksOf(member.user.id)).toEqual(['credential']);
    // The emailed link works in any browser (no binding), once.
    const response = await exchange({ code });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(member.user.id);
    expect(await linksOf(member.user.id)).toEqual(['apple', 'credential']);
    expect((await exchange({ code })).statusCode).toBe(400);
  });

  it('is refused for linking when the provider has not verified the email', async () => {
    const member = await signUpMember(t.app);
    const { response } = await signInWith('google', person({ email: member.email, email_verified: false }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(OAUTH_ERRORS.unverified_email);
    expect(response.json().link_token).toBeUndefined();
    expect(await linksOf(member.user.id)).toEqual(['credential']);
  });
});

describe('tampering and replays', () => {
  it('refuses a tampered or replayed state, and a code shown twice or by another browser', async () => {
    const login = person({ email: `s-${randomUUID().slice(0, 8)}@example.com`, email_verified: true });
    const { url, binding } = await start('google');
    const answer = await signInAtProvider(url, login, `${PUBLIC_URL}/api/auth/oauth/`);
    if (answer.method !== 'GET') throw new Error('Google answers by redirect');
    const tampered = new URL(answer.url);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    expect(await deliver({ method: 'GET', url: tampered.toString() })).toEqual({ error: 'state' });
    // The right state, once.
    const fragment = await deliver(answer);
    expect(fragment.code).toBeTruthy();
    expect(await deliver(answer)).toEqual({ error: 'state' });
    // The code is good for the browser that started only; shown by another, it is burnt.
    expect((await exchange({ code: fragment.code, binding: newBinding() })).statusCode).toBe(400);
    expect((await exchange({ code: fragment.code, binding })).statusCode).toBe(400);

    const second = await providerCode('google', login);
    expect((await exchange({ code: second.code, binding: second.binding })).statusCode).toBe(200);
    const replay = await exchange({ code: second.code, binding: second.binding });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(OAUTH_MESSAGES.invalidCode);
  });

  it("refuses a state made for another provider, and answers the provider's refusal", async () => {
    const { url } = await start('apple');
    const state = new URL(url).searchParams.get('state') ?? '';
    expect(
      await deliver({ method: 'GET', url: `${PUBLIC_URL}/api/auth/oauth/google/callback?state=${state}&code=x` }),
    ).toEqual({
      error: 'state',
    });
    const other = await start('google');
    const otherState = new URL(other.url).searchParams.get('state') ?? '';
    expect(
      await deliver({
        method: 'GET',
        url: `${PUBLIC_URL}/api/auth/oauth/google/callback?state=${otherState}&error=access_denied`,
      }),
    ).toEqual({ error: 'cancelled' });
  });

  it('answers 400 for a made-up code and 422 for an unknown provider', async () => {
    expect((await exchange({ code: 'x'.repeat(43), binding: newBinding() })).statusCode).toBe(400);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/facebook/start',
      payload: { binding: newBinding() },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('suspended and deleted members', () => {
  it('get the answers of a password login', async () => {
    const email = `susp-${randomUUID().slice(0, 8)}@example.com`;
    const login = person({ email, email_verified: true, given_name: 'Sue' });
    const { response } = await signInWith('google', login);
    const id = response.json().user.id as string;
    await t.ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, id));
    const suspended = await signInWith('google', login);
    expect(suspended.response.statusCode).toBe(403);
    expect(suspended.response.json().code).toBe('suspended');
    await t.ctx.db.update(users).set({ suspendedUntil: null, deletedAt: new Date() }).where(eq(users.id, id));
    const deleted = await signInWith('google', login);
    expect(deleted.response.statusCode).toBe(401);
  });
});

describe('sign-in methods', () => {
  it('lists them and unlinks a provider only while another way in remains', async () => {
    const email = `m-${randomUUID().slice(0, 8)}@example.com`;
    const google = person({ email, email_verified: true, given_name: 'Mia' });
    const { response } = await signInWith('google', google);
    const { user } = response.json();
    const methods = await t.app.inject({
      method: 'GET',
      url: '/api/me/sign-in-methods',
      headers: bearer(user.api_token),
    });
    expect(methods.json()).toEqual({
      has_password: false,
      linked: [{ provider: 'google', linked_at: expect.any(String) }],
      available: ['google', 'apple'],
    });
    const unlink = (provider: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/me/sign-in-methods/${provider}`, headers: bearer(user.api_token) });
    const last = await unlink('google');
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(OAUTH_MESSAGES.lastMethod);
    expect((await unlink('apple')).statusCode).toBe(404);

    // Apple proves the account by the emailed link, then Google may go.
    const apple = await signInWith('apple', person({ email, email_verified: true }));
    expect(apple.response.statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link/email',
      payload: { link_token: apple.response.json().link_token, binding: apple.binding },
    });
    const code = /#code=([\w-]+)/.exec((await waitForMessage(t.ctx, email)).text)?.[1];
    expect((await exchange({ code })).statusCode).toBe(200);
    expect((await unlink('google')).statusCode).toBe(200);
    expect(await linksOf(user.id)).toEqual(['apple']);
    const rows = await t.ctx.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'google')));
    expect(rows).toEqual([]);
  });

  it('connects a provider from the Account page, whatever its email, once per provider and identity', async () => {
    const member = await signUpMember(t.app);
    const connect = (login: string, token = member.token) => connectGoogle(token, login);
    // The session proved the account: the identity's own email (even unverified) plays no part.
    const mine = person({ email: `other-${randomUUID().slice(0, 8)}@example.com`, email_verified: false });
    const connected = await connect(mine);
    expect(connected.statusCode).toBe(200);
    expect(connected.json().user.id).toBe(member.user.id);
    expect(await linksOf(member.user.id)).toEqual(['credential', 'google']);
    // A second Google account for the same member, and one already connected elsewhere, are refused.
    const second = await connect(person({ email: `x-${randomUUID().slice(0, 8)}@example.com`, email_verified: true }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(OAUTH_MESSAGES.otherAccountOfProvider('Google'));
    const other = await signUpMember(t.app);
    const taken = await connect(mine, other.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(OAUTH_MESSAGES.alreadyLinkedElsewhere('Google'));
    expect(await linksOf(other.user.id)).toEqual(['credential']);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sign-in-methods' })).statusCode).toBe(401);
  });
});

describe('a member with two-factor sign-in on', () => {
  const STEP = TWO_FACTOR.periodSeconds * 1000;
  const codeFor = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.now() });
  /** A member with a password and two-factor on; the authenticator's secret. */
  async function withTwoFactor() {
    const member = await signUpMember(t.app);
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(member.token) });
    const started = await call('/api/me/two-factor', { password: member.password });
    const { secret } = started.json() as { secret: string };
    expect((await call('/api/me/two-factor/verify', { code: codeFor(secret) })).statusCode).toBe(200);
    clock.advance(STEP);
    return { member, secret };
  }
  const sessionsOf = async (userId: string) =>
    (await t.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
  const codeStep = (payload: object) => t.app.inject({ method: 'POST', url: '/api/login/two-factor', payload });
  /** A linked member's Google sign-in, answered with a challenge: no session is made before the code. */
  async function challenged(login: string, userId: string, extra: object = {}) {
    const before = await sessionsOf(userId);
    const { code, binding } = await providerCode('google', login);
    const response = await exchange({ code, binding, ...extra });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ two_factor_required: true, challenge: expect.any(String) });
    expect(response.json().user).toBeUndefined();
    expect(await sessionsOf(userId)).toBe(before);
    return response.json().challenge as string;
  }

  it('is asked for the code after Google too: the code, a remembered device, never a bare Google sign-in', async () => {
    const { member, secret } = await withTwoFactor();
    const login = person({ email: member.email, email_verified: true });
    // Linked through the link step: its password proves the first factor, the code the second; only then linked.
    const first = await signInWith('google', login);
    expect(first.response.statusCode).toBe(409);
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/link',
      payload: { link_token: first.response.json().link_token, binding: first.binding, password: member.password },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().two_factor_required).toBe(true);
    expect(await linksOf(member.user.id)).toEqual(['credential']);
    const wrong = await codeStep({ challenge: linked.json().challenge, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(await linksOf(member.user.id)).toEqual(['credential']);
    const right = await codeStep({ challenge: linked.json().challenge, code: codeFor(secret) });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(member.user.id);
    expect(await linksOf(member.user.id)).toEqual(['credential', 'google']);

    // Linked: each Google sign-in asks for the code; "remember this device" lets the next one straight in.
    clock.advance(STEP);
    const challenge = await challenged(login, member.user.id);
    const remembered = await codeStep({ challenge, code: codeFor(secret), remember_device: true });
    expect(remembered.statusCode).toBe(200);
    const trusted = remembered.json().trusted_device_token as string;
    expect(trusted).toEqual(expect.any(String));
    // The browser sends every account's token it keeps: another member's, or a forged one, changes nothing.
    const other = await withTwoFactor();
    const otherChallenge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: other.member.email, password: other.member.password },
    });
    const otherTrusted = (
      await codeStep({ challenge: otherChallenge.json().challenge, code: codeFor(other.secret), remember_device: true })
    ).json().trusted_device_token as string;
    expect(otherTrusted).toEqual(expect.any(String));
    clock.advance(STEP);
    await challenged(login, member.user.id, { trusted_device_tokens: ['forged', otherTrusted] });
    const { code, binding } = await providerCode('google', login);
    const straight = await exchange({ code, binding, trusted_device_tokens: [otherTrusted, trusted] });
    expect(straight.statusCode).toBe(200);
    expect(straight.json().user.id).toBe(member.user.id);
  });

  it('connects Google from the Account page without a code (the session proved both factors), and a recovery code signs in', async () => {
    const { member } = await withTwoFactor();
    const login = person({ email: `c-${randomUUID().slice(0, 8)}@example.com`, email_verified: true });
    const connected = await connectGoogle(member.token, login);
    expect(connected.statusCode).toBe(200);
    expect(connected.json().user.id).toBe(member.user.id);
    expect(await linksOf(member.user.id)).toEqual(['credential', 'google']);

    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/me/two-factor/recovery-codes',
      headers: bearer(member.token),
      payload: { password: member.password },
    });
    const [recoveryCode] = recovery.json().recovery_codes as string[];
    const challenge = await challenged(login, member.user.id);
    const signedIn = await codeStep({ challenge, recovery_code: recoveryCode });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(member.user.id);
  });

  it('is told of a suspension only once the code is in, as after a password', async () => {
    const { member, secret } = await withTwoFactor();
    const login = person({ email: `s-${randomUUID().slice(0, 8)}@example.com`, email_verified: true });
    expect((await connectGoogle(member.token, login)).statusCode).toBe(200);
    await t.ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(clock.now() + 86_400_000) })
      .where(eq(users.id, member.user.id));
    const challenge = await challenged(login, member.user.id);
    clock.advance(STEP);
    const refused = await codeStep({ challenge, code: codeFor(secret) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('suspended');
  });
});
