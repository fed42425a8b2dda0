import { TWO_FACTOR_MESSAGES as M, MESSAGES, RATE_LIMITS, TWO_FACTOR } from '@corral/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { messagesTo } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sessions, twoFactor, twoFactorRecoveryCodes } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';

/*
 * Two-factor sign-in (ADR 034) through the real endpoints on a real database, on a clock the tests move: codes
 * are computed as an authenticator app would, from the secret the setup answered.
 */

const STEP = TWO_FACTOR.periodSeconds * 1000;
type Member = Awaited<ReturnType<typeof signUpMember>>;

function harness(t: () => TestApp, clock: () => ManualClock) {
  let ip = 0;
  const freshIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
    remoteAddress?: string,
  ) =>
    t().app.inject({
      method,
      url,
      payload,
      headers: token ? bearer(token) : {},
      remoteAddress: remoteAddress ?? freshIp(),
    });
  const codeFor = (secret: string, offsetMs = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: clock().now() + offsetMs,
    });
  /** Turns two-factor on for the member; answers the secret and the recovery codes. */
  async function enable(member: Member) {
    const started = await call('POST', '/api/me/two-factor', { password: member.password }, member.token);
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };
    const verified = await call('POST', '/api/me/two-factor/verify', { code: codeFor(secret) }, member.token);
    expect(verified.statusCode).toBe(200);
    // The code that proved the setup is used up: the next one comes from the next step.
    clock().advance(STEP);
    return { secret, recoveryCodes: (verified.json() as { recovery_codes: string[] }).recovery_codes };
  }
  const login = (member: Member, extra: object = {}, remoteAddress?: string) =>
    call('POST', '/api/login', { email: member.email, password: member.password, ...extra }, undefined, remoteAddress);
  const challengeOf = async (member: Member, extra: object = {}) => {
    const response = await login(member, extra);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { two_factor_required: true; challenge: string };
    expect(body.two_factor_required).toBe(true);
    return body.challenge;
  };
  const codeStep = (body: object, remoteAddress?: string) =>
    call('POST', '/api/login/two-factor', body, undefined, remoteAddress);
  const sessionsOf = async (userId: string) =>
    (await t().ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
  return { call, codeFor, enable, login, challengeOf, codeStep, sessionsOf, freshIp };
}

describe('two-factor sign-in', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  const h = harness(
    () => t,
    () => clock,
  );

  it('is asked for after the password once on, and a code, a recovery code and a remembered device each let in', async () => {
    const member = await signUpMember(t.app);
    expect((await h.call('GET', '/api/me/two-factor', undefined, member.token)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });

    // Starting answers the secret and the URI, but nothing is on until a code proves the app works.
    const started = await h.call('POST', '/api/me/two-factor', { password: member.password }, member.token);
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri } = started.json() as { secret: string; otpauth_uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Corral:${member.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Corral');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect((await h.login(member)).json()).toMatchObject({ user: { id: member.user.id } });
    expect((await h.call('POST', '/api/me/two-factor/verify', { code: '000000' }, member.token)).json()).toMatchObject({
      message: M.codeInvalid,
    });

    // A code one step old still proves it (clock drift); the answer holds ten recovery codes, shown once.
    const verified = await h.call(
      'POST',
      '/api/me/two-factor/verify',
      { code: h.codeFor(secret, -STEP) },
      member.token,
    );
    expect(verified.statusCode).toBe(200);
    const { recovery_codes } = verified.json() as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    const stored = await t.ctx.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, member.user.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(recovery_codes[0]);
    const [row] = await t.ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, member.user.id));
    expect(row?.secret).not.toContain(secret);
    expect((await h.call('GET', '/api/me/two-factor', undefined, member.token)).json()).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    const mail = await messagesTo(t.ctx, member.email);
    expect(mail[0]?.subject).toBe('Two-factor sign-in is on for your Corral account');
    // Starting again while on is refused, and changes nothing.
    expect((await h.call('POST', '/api/me/two-factor', { password: member.password }, member.token)).statusCode).toBe(
      409,
    );

    // The right password now answers a challenge and opens no session.
    const before = await h.sessionsOf(member.user.id);
    const challenge = await h.challengeOf(member);
    expect(await h.sessionsOf(member.user.id)).toBe(before);
    // A wrong password is the same 401 as ever.
    expect((await h.call('POST', '/api/login', { email: member.email, password: 'Wrong#2026' })).json()).toEqual({
      message: MESSAGES.login.invalidCredential,
    });

    // Wrong code, then the right one. The code that proved the setup is spent: the clock moved a step.
    clock.advance(STEP);
    const wrong = await h.codeStep({ challenge, code: '123456' === h.codeFor(secret) ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(M.codeInvalid);
    const code = h.codeFor(secret);
    const signedIn = await h.codeStep({ challenge, code });
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json() as { user: { api_token: string; id: string }; device_token: string };
    expect(Object.keys(body).sort()).toEqual(['device_token', 'user']);
    expect(body.user.id).toBe(member.user.id);
    expect((await h.call('GET', '/api/verify', undefined, body.user.api_token)).statusCode).toBe(200);

    // The challenge is single use, and so is the code within its window.
    expect((await h.codeStep({ challenge, code })).json().message).toBe(M.challengeExpired);
    const replay = await h.codeStep({ challenge: await h.challengeOf(member), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(M.codeInvalid);

    // A recovery code works once (typed in capitals, without its dash), then never again.
    const recovery = recovery_codes[3] ?? '';
    const typed = recovery.replace('-', '').toUpperCase();
    expect((await h.codeStep({ challenge: await h.challengeOf(member), recovery_code: typed })).statusCode).toBe(200);
    const told = (await messagesTo(t.ctx, member.email))[0];
    expect(told?.subject).toBe('A recovery code was used to sign in to Corral');
    expect(told?.text).toContain('9 of 10 codes are left');
    const again = await h.codeStep({ challenge: await h.challengeOf(member), recovery_code: recovery });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(M.recoveryCodeInvalid);
    expect((await h.call('GET', '/api/me/two-factor', undefined, member.token)).json()).toMatchObject({
      recovery_codes_left: 9,
    });

    // Remember this device: the next logins with its token skip the code step, for 30 days.
    clock.advance(STEP);
    const remembered = await h.codeStep({
      challenge: await h.challengeOf(member),
      code: h.codeFor(secret),
      remember_device: true,
    });
    const trusted = (remembered.json() as { trusted_device_token: string }).trusted_device_token;
    expect(trusted).toEqual(expect.any(String));
    const skipped = await h.login(member, { trusted_device_token: trusted });
    expect(skipped.json()).toMatchObject({ user: { id: member.user.id } });
    // … not for another account, nor with a forged token, nor after 30 days.
    const other = await signUpMember(t.app);
    await h.enable(other);
    expect((await h.login(other, { trusted_device_token: trusted })).json()).toMatchObject({
      two_factor_required: true,
    });
    expect((await h.login(member, { trusted_device_token: `${trusted}x` })).json()).toMatchObject({
      two_factor_required: true,
    });

    // Off, with the password: the next login is password-only again, and the member is told.
    expect((await h.call('DELETE', '/api/me/two-factor', { password: 'Wrong#2026' }, member.token)).statusCode).toBe(
      422,
    );
    const off = await h.call('DELETE', '/api/me/two-factor', { password: member.password }, member.token);
    expect(off.json()).toEqual({ status: true, message: M.disabled });
    expect((await messagesTo(t.ctx, member.email))[0]?.subject).toBe(
      'Two-factor sign-in is off for your Corral account',
    );
    expect(Object.keys((await h.login(member, { trusted_device_token: trusted })).json()).sort()).toEqual([
      'device_token',
      'user',
    ]);

    // On again: the device remembered before is forgotten.
    await h.enable(member);
    expect((await h.login(member, { trusted_device_token: trusted })).json()).toMatchObject({
      two_factor_required: true,
    });
  });

  it('forgets remembered devices when the password changes', async () => {
    const member = await signUpMember(t.app);
    const { secret } = await h.enable(member);
    const remembered = await h.codeStep({
      challenge: await h.challengeOf(member),
      code: h.codeFor(secret),
      remember_device: true,
    });
    const trusted = remembered.json().trusted_device_token as string;
    expect((await h.login(member, { trusted_device_token: trusted })).json()).toMatchObject({ user: {} });
    const auth = await t.ctx.auth.$context;
    const newPassword = 'Lasso#2027';
    await auth.internalAdapter.updatePassword(member.user.id, await auth.password.hash(newPassword));
    const changed = { ...member, password: newPassword };
    expect((await h.login(changed, { trusted_device_token: trusted })).json()).toMatchObject({
      two_factor_required: true,
    });
  });

  it('refuses a challenge after 5 minutes, and one of another member or none at all', async () => {
    const member = await signUpMember(t.app);
    const { secret } = await h.enable(member);
    const challenge = await h.challengeOf(member);
    clock.advance(TWO_FACTOR.challengeSeconds * 1000 + 1);
    const late = await h.codeStep({ challenge, code: h.codeFor(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(M.challengeExpired);

    // Another member's challenge does not take this member's code, and never signs anyone in as this member.
    const other = await signUpMember(t.app);
    await h.enable(other);
    const othersChallenge = await h.challengeOf(other);
    const crossed = await h.codeStep({ challenge: othersChallenge, code: h.codeFor(secret) });
    expect(crossed.statusCode).toBe(401);
    expect((await h.codeStep({ challenge: 'made-up', code: h.codeFor(secret) })).json().message).toBe(
      M.challengeExpired,
    );
    // Both a code and a recovery code, or neither: bad input.
    expect((await h.codeStep({ challenge: othersChallenge })).statusCode).toBe(422);
    expect(
      (await h.codeStep({ challenge: othersChallenge, code: '123456', recovery_code: 'abcde-fghjk' })).statusCode,
    ).toBe(422);
  });

  it('ends a challenge after 5 wrong codes', async () => {
    const member = await signUpMember(t.app);
    const { secret } = await h.enable(member);
    const challenge = await h.challengeOf(member);
    const wrongCode = h.codeFor(secret) === '111111' ? '222222' : '111111';
    for (let i = 1; i < TWO_FACTOR.challengeWrongTries; i++) {
      expect((await h.codeStep({ challenge, code: wrongCode })).json().message).toBe(M.codeInvalid);
    }
    expect((await h.codeStep({ challenge, code: wrongCode })).json().message).toBe(M.tooManyWrongCodes);
    expect((await h.codeStep({ challenge, code: h.codeFor(secret) })).json().message).toBe(M.challengeExpired);
  });

  it('applies suspension, deletion and the setup steps after the code step as after a password-only login', async () => {
    const member = await signUpMember(t.app);
    const { secret } = await h.enable(member);
    // Not onboarded, phone not verified: signed in with the flags that send the web to those steps.
    const signedIn = await h.codeStep({ challenge: await h.challengeOf(member), code: h.codeFor(secret) });
    expect(signedIn.json()).toMatchObject({ user: { is_onboard: 0, verified: 0 } });

    clock.advance(STEP);
    const challenge = await h.challengeOf(member);
    await t.ctx.db.execute(
      sql`update users set suspended_until = ${new Date(clock.now() + 86_400_000)} where id = ${member.user.id}`,
    );
    const before = await h.sessionsOf(member.user.id);
    const refused = await h.codeStep({ challenge, code: h.codeFor(secret) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'suspended' });
    expect(await h.sessionsOf(member.user.id)).toBe(before);

    await t.ctx.db.execute(sql`update users set suspended_until = null where id = ${member.user.id}`);
    clock.advance(STEP);
    const pending = await h.challengeOf(member);
    expect((await h.call('DELETE', '/api/account-delete', undefined, member.token)).statusCode).toBe(200);
    expect((await h.codeStep({ challenge: pending, code: h.codeFor(secret) })).statusCode).toBe(401);
  });

  it('asks for the password to start, turn off and renew codes; another member cannot touch them', async () => {
    const member = await signUpMember(t.app);
    const wrong = await h.call('POST', '/api/me/two-factor', { password: 'Wrong#2026' }, member.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: M.wrongPassword, errors: { password: [M.wrongPassword] } });
    expect(await t.ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, member.user.id))).toEqual([]);
    expect((await h.call('POST', '/api/me/two-factor/verify', { code: '123456' }, member.token)).statusCode).toBe(422);
    expect((await h.call('DELETE', '/api/me/two-factor', { password: member.password }, member.token)).statusCode).toBe(
      409,
    );

    const { recoveryCodes } = await h.enable(member);
    const renewedWrong = await h.call(
      'POST',
      '/api/me/two-factor/recovery-codes',
      { password: 'Nope#2026' },
      member.token,
    );
    expect(renewedWrong.statusCode).toBe(422);
    const renewed = await h.call(
      'POST',
      '/api/me/two-factor/recovery-codes',
      { password: member.password },
      member.token,
    );
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    // The old codes stopped working; the new ones work.
    expect(
      (await h.codeStep({ challenge: await h.challengeOf(member), recovery_code: recoveryCodes[0] ?? '' })).statusCode,
    ).toBe(401);
    expect(
      (await h.codeStep({ challenge: await h.challengeOf(member), recovery_code: fresh[0] ?? '' })).statusCode,
    ).toBe(200);

    // Another member's session with their own password changes only their own (nothing: theirs is off).
    const other = await signUpMember(t.app, { password: 'Spurs#4821' });
    expect((await h.call('DELETE', '/api/me/two-factor', { password: other.password }, other.token)).statusCode).toBe(
      409,
    );
    expect((await h.call('GET', '/api/me/two-factor', undefined, member.token)).json()).toMatchObject({
      enabled: true,
    });
    // The member's password from the other member's session is just a wrong password.
    expect((await h.call('DELETE', '/api/me/two-factor', { password: member.password }, other.token)).statusCode).toBe(
      422,
    );
  });

  it('needs a session for the settings', async () => {
    expect((await h.call('GET', '/api/me/two-factor')).statusCode).toBe(401);
    expect((await h.call('POST', '/api/me/two-factor', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('two-factor rate limits', () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    t = await createTestApp({ rateLimitScale: 1, clock });
  });
  afterEach(() => t.close());
  const h = harness(
    () => t,
    () => clock,
  );

  function expectLimited(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
  }

  it('counts every code like a password try: against the account, and strangers cannot lock out a known device', async () => {
    const owner = await signUpMember(t.app);
    const { secret } = await h.enable(owner);
    // The owner's own device (its token from an earlier sign-in).
    const first = await h.codeStep({ challenge: await h.challengeOf(owner), code: h.codeFor(secret) });
    const deviceToken = first.json().device_token as string;
    clock.advance(STEP);

    // Someone who has the password but not the app: every wrong code counts against the account.
    let tries = 2; // the two password tries above
    while (tries < RATE_LIMITS.loginPerAccountHour.points) {
      const challenge = await h.challengeOf(owner);
      tries += 1;
      for (let i = 0; i < 4 && tries < RATE_LIMITS.loginPerAccountHour.points; i++, tries++) {
        expect(
          (await h.codeStep({ challenge, code: '000000' === h.codeFor(secret) ? '999999' : '000000' })).statusCode,
        ).toBe(401);
      }
    }
    expectLimited(await h.login(owner));

    // The owner, with their device token, still gets in: the challenge keeps the password step's device key.
    const challenge = await h.challengeOf(owner, { device_token: deviceToken });
    expect((await h.codeStep({ challenge, code: h.codeFor(secret) })).statusCode).toBe(200);
  });

  it('counts the code step per IP: 10 a minute', async () => {
    const owner = await signUpMember(t.app);
    const { secret } = await h.enable(owner);
    const ip = h.freshIp();
    const wrong = h.codeFor(secret) === '000000' ? '999999' : '000000';
    let used = 0;
    while (used < RATE_LIMITS.loginPerIpMinute.points) {
      const challenge = await h.challengeOf(owner);
      for (let i = 0; i < 4 && used < RATE_LIMITS.loginPerIpMinute.points; i++, used++) {
        expect((await h.codeStep({ challenge, code: wrong }, ip)).statusCode).toBe(401);
      }
    }
    expectLimited(await h.codeStep({ challenge: await h.challengeOf(owner), code: h.codeFor(secret) }, ip));
    expectLimited(await h.codeStep({ challenge: 'made-up', code: '123456' }, ip));
  });

  it('bounds password checks of the settings: twoFactorPerMember', async () => {
    const member = await signUpMember(t.app);
    for (let i = 0; i < RATE_LIMITS.twoFactorPerMember.points; i++) {
      expect((await h.call('POST', '/api/me/two-factor', { password: 'Wrong#2026' }, member.token)).statusCode).toBe(
        422,
      );
    }
    expectLimited(await h.call('POST', '/api/me/two-factor', { password: member.password }, member.token));
  });
});
