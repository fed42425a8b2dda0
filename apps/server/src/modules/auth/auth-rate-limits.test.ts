import { MESSAGES, RATE_LIMITS } from '@corral/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';

// The real limits of security.md (rateLimitScale 1), on a clock the tests move.
const MINUTE = 60_000;
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
  it('allows 10 a minute per IP; the 11th waits for the next minute', async () => {
    expect(RATE_LIMITS.loginPerIpMinute.points).toBe(10);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(401);
    clock.advance(15_000);
    expectLimited(await login(nobody(), 'Wrong#2026', ip), 45);
    // Another address is not held back.
    expect((await login(nobody(), 'Wrong#2026', freshIp())).statusCode).toBe(401);
    clock.advance(45_000);
    const member = await signUpMember(t.app);
    expect((await login(member.email, member.password, ip)).statusCode).toBe(200);
  });

  it('allows 25 per 5 minutes per IP', async () => {
    const ip = freshIp();
    for (let minute = 0; minute < 3; minute++) {
      const tries = minute < 2 ? 10 : 5;
      for (let i = 0; i < tries; i++) expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(401);
      clock.advance(MINUTE);
    }
    expectLimited(await login(nobody(), 'Wrong#2026', ip), 120);
    clock.advance(2 * MINUTE);
    expect((await login(nobody(), 'Wrong#2026', ip)).statusCode).toBe(401);
  });

  it('allows 25 an hour per account, from any number of addresses', async () => {
    const member = await signUpMember(t.app);
    for (let i = 0; i < 25; i++) {
      expect((await login(member.email, 'Wrong#2026', freshIp())).statusCode).toBe(401);
    }
    clock.advance(10 * MINUTE);
    // Even the right password waits: the counter is per account, whatever the address or the case.
    expectLimited(await login(member.email.toUpperCase(), member.password, freshIp()), 50 * 60);
    expect((await login(nobody(), 'Wrong#2026', freshIp())).statusCode).toBe(401);
    clock.advance(50 * MINUTE);
    expect((await login(member.email, member.password, freshIp())).statusCode).toBe(200);
  });
});

describe('sign-up limit', () => {
  it('allows 5 per 30 minutes per IP', async () => {
    const ip = freshIp();
    const body = () => ({ first_name: 'Jake', last_name: 'Barnes', email: nobody(), password: 'Lariat#2026' });
    for (let i = 0; i < 5; i++) expect((await post('/api/signup', body(), ip)).statusCode).toBe(200);
    clock.advance(20 * MINUTE);
    expectLimited(await post('/api/signup', body(), ip), 10 * 60);
    expect((await post('/api/signup', body(), freshIp())).statusCode).toBe(200);
    clock.advance(10 * MINUTE);
    expect((await post('/api/signup', body(), ip)).statusCode).toBe(200);
  });
});

describe('forgot-password limits', () => {
  const forgot = (email: string, ip: string) => post('/api/forgot-password', { email }, ip);

  it('allows 3 a minute and 6 an hour per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await forgot(nobody(), ip)).statusCode).toBe(200);
    expectLimited(await forgot(nobody(), ip), 60);
    clock.advance(MINUTE);
    // The refused attempt counted towards the hour too: 4 used, 2 left.
    for (let i = 0; i < 2; i++) expect((await forgot(nobody(), ip)).statusCode).toBe(200);
    clock.advance(MINUTE);
    expectLimited(await forgot(nobody(), ip), 58 * 60);
    clock.advance(58 * MINUTE);
    expect((await forgot(nobody(), ip)).statusCode).toBe(200);
  });

  it('allows 5 per 30 minutes per email address, from any number of addresses', async () => {
    const email = nobody();
    for (let i = 0; i < 5; i++) expect((await forgot(email, freshIp())).statusCode).toBe(200);
    expectLimited(await forgot(email.toUpperCase(), freshIp()), 30 * 60);
    expect((await forgot(nobody(), freshIp())).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await forgot(email, freshIp())).statusCode).toBe(200);
  });
});
