import { MESSAGES, RATE_LIMITS } from '@corral/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';

// The real limits of security.md (rateLimitScale 1), on a clock the tests move. Windows slide in tenths
// (lib/rate-limiter.ts): what was let through in a tenth of a window stops counting at the end of the
// eleventh tenth after it, so Retry-After runs from there.
const MINUTE = 60_000;
const SECOND = 1_000;
const start = Date.UTC(2026, 2, 2, 9, 0, 0); // on a boundary of every window
let t: TestApp;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock(start);
  t = await createTestApp({ rateLimitScale: 1, clock });
});
afterEach(() => t.close());

let ipSequence = 0;
const freshIp = () => `10.1.${Math.floor(++ipSequence / 250)}.${(ipSequence % 250) + 1}`;
const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (email: string, password: string, ip: string) => post('/api/login', { email, password }, ip);
const nobody = () => `nobody-${Math.random().toString(36).slice(2)}@example.com`;

function expectLimited(response: LightMyRequestResponse, retryAfter: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(retryAfter));
  expect(response.json()).toEqual({ message: MESSAGES.http.tooManyRequests(retryAfter) });
}

describe('login limits', () => {
  it('allows 10 a minute per IP; the 11th waits until the first ones are a window old', async () => {
    expect(RATE_LIMITS.loginPerIpMinute.points).toBe(10);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(401);
    clock.advance(15 * SECOND);
    expectLimited(await login(nobody(), 'Wrong#2026', ip), 51);
    // Another address is not held back.
    expect((await login(nobody(), 'Wrong#2026', freshIp())).statusCode).toBe(401);
    clock.advance(51 * SECOND);
    const member = await signUpMember(t.app);
    expect((await login(member.email, member.password, ip)).statusCode).toBe(200);
  });

  it('holds across a window edge: no 20 in 39 s against 10 a minute', async () => {
    const ip = freshIp();
    clock.advance(50 * SECOND);
    for (let i = 0; i < 10; i++) expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(401);
    clock.advance(12 * SECOND); // past the clock's minute
    for (let i = 0; i < 10; i++) expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(429);
  });

  it('allows 25 per 5 minutes per IP', async () => {
    const ip = freshIp();
    for (const tries of [10, 10, 5]) {
      for (let i = 0; i < tries; i++) expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(401);
      clock.advance(66 * SECOND);
    }
    // t = 198 s; the first ten stop counting at 330 s.
    expectLimited(await login(nobody(), 'Wrong#2026', ip), 132);
    clock.advance(132 * SECOND);
    expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(401);
  });

  it('allows 25 an hour per account, from any number of addresses', async () => {
    const member = await signUpMember(t.app);
    for (let i = 0; i < 25; i++) {
      expect((await login(member.email, 'Wrong#2026', freshIp())).statusCode).toBe(401);
    }
    clock.advance(10 * MINUTE);
    // Even the right password waits: the counter is per account, whatever the address or the case.
    expectLimited(await login(member.email.toUpperCase(), member.password, freshIp()), 56 * 60);
    expect((await login(nobody(), 'Wrong#2026', freshIp())).statusCode).toBe(401);
    clock.advance(56 * MINUTE);
    expect((await login(member.email, member.password, freshIp())).statusCode).toBe(200);
  });
});

describe('device tokens (OWASP device cookies)', () => {
  it('let a client that signed in before through an account that strangers locked', async () => {
    const owner = await signUpMember(t.app);
    const first = await login(owner.email, owner.password, freshIp());
    const deviceToken = first.json().device_token as string;
    expect(deviceToken).toMatch(/^[\w-]+\.[\w-]+$/);
    for (let i = 0; i < 25; i++) await login(owner.email, 'Wrong#2026', freshIp());
    expect((await login(owner.email, owner.password, freshIp())).statusCode).toBe(429);

    const withDevice = (token: string, password: string) =>
      post('/api/login', { email: owner.email, password, device_token: token }, freshIp());
    expect((await withDevice(deviceToken, owner.password)).statusCode).toBe(200);
    // A token of another account, or a forged one, is no device token.
    const other = await signUpMember(t.app);
    const otherToken = (await login(other.email, other.password, freshIp())).json().device_token as string;
    expect((await withDevice(otherToken, owner.password)).statusCode).toBe(429);
    expect((await withDevice(`${deviceToken.split('.')[0]}.forged`, owner.password)).statusCode).toBe(429);
  });

  it('count tries against the token: ten an hour', async () => {
    const owner = await signUpMember(t.app);
    const deviceToken = (await login(owner.email, owner.password, freshIp())).json().device_token as string;
    const withDevice = (password: string) =>
      post('/api/login', { email: owner.email, password, device_token: deviceToken }, freshIp());
    for (let i = 0; i < RATE_LIMITS.loginPerDeviceHour.points; i++)
      expect((await withDevice('Wrong#2026')).statusCode).toBe(401);
    expect((await withDevice(owner.password)).statusCode).toBe(429);
  });
});

describe('sign-up limit', () => {
  it('allows 5 per 30 minutes per IP', async () => {
    const ip = freshIp();
    const body = () => ({ first_name: 'Jake', last_name: 'Barnes', email: nobody(), password: 'Lariat#2026' });
    for (let i = 0; i < 5; i++) expect((await post('/api/signup', body(), ip)).statusCode).toBe(200);
    clock.advance(20 * MINUTE);
    expectLimited(await post('/api/signup', body(), ip), 13 * 60);
    expect((await post('/api/signup', body(), freshIp())).statusCode).toBe(200);
    clock.advance(13 * MINUTE);
    expect((await post('/api/signup', body(), ip)).statusCode).toBe(200);
  });
});

describe('forgot-password limits', () => {
  const forgot = (email: string, ip: string) => post('/api/forgot-password', { email }, ip);

  it('allows 3 a minute and 6 an hour per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await forgot(nobody(), ip)).statusCode).toBe(200);
    expectLimited(await forgot(nobody(), ip), 66);
    clock.advance(66 * SECOND);
    // A refused attempt does not count: 3 used in the hour, 3 left.
    for (let i = 0; i < 3; i++) expect((await forgot(nobody(), ip)).statusCode).toBe(200);
    clock.advance(66 * SECOND);
    expectLimited(await forgot(nobody(), ip), 3960 - 132);
    clock.advance((3960 - 132) * SECOND);
    expect((await forgot(nobody(), ip)).statusCode).toBe(200);
  });

  it('allows 5 per 30 minutes per email address, from any number of addresses', async () => {
    const email = nobody();
    for (let i = 0; i < 5; i++) expect((await forgot(email, freshIp())).statusCode).toBe(200);
    expectLimited(await forgot(email.toUpperCase(), freshIp()), 33 * 60);
    expect((await forgot(nobody(), freshIp())).statusCode).toBe(200);
    clock.advance(33 * MINUTE);
    expect((await forgot(email, freshIp())).statusCode).toBe(200);
  });
});
