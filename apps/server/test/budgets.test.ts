import { RATE_LIMITS } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The "any API call" budgets of security.md, at their real sizes: by member once a token is valid, else by IP. */
let t: TestApp;
const keys: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 1 });
  // Watch the keys the limiter counts on (the real store underneath, in memory or Redis).
  const add = t.ctx.counters.add.bind(t.ctx.counters);
  t.ctx.counters.add = (key, ...rest) => {
    keys.push(key);
    return add(key, ...rest);
  };
});
afterAll(() => t.close());

const call = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('the API budgets', () => {
  it('count a made-up token against its IP, with no counter of its own', async () => {
    const ip = '198.51.100.7';
    const points = RATE_LIMITS.apiPerIpAnonymous.points;
    keys.length = 0;
    for (let i = 0; i < points; i += 1) {
      const response = await call('/api/verify', ip, bearer(`made-up-${i}-${'x'.repeat(24)}`));
      expect(response.statusCode).toBe(401);
    }
    const limited = await call('/api/setup/event-types', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call('/api/verify', ip, bearer('yet-another-made-up-token-000000'))).statusCode).toBe(429);
    expect((await call('/api/setup/event-types', '198.51.100.8')).statusCode).toBe(200);
    const budgetKeys = new Set(keys.filter((key) => key.startsWith('rl:api')).map((key) => key.split(':')[2]));
    expect([...budgetKeys]).toEqual([ip, '198.51.100.8']);
  });

  it('give two logins of one member one budget', async () => {
    const member = await signUpMember(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: member.email, password: member.password },
      remoteAddress: '203.0.113.50',
    });
    const second = login.json().user.api_token as string;
    expect(second).not.toBe(member.token);
    for (let i = 0; i < RATE_LIMITS.apiPerMember.points; i += 1) {
      const response = await call('/api/verify', '203.0.113.51', bearer(member.token));
      expect(response.statusCode).toBe(200);
    }
    expect((await call('/api/verify', '203.0.113.52', bearer(second))).statusCode).toBe(429);
    expect((await call('/api/verify', '203.0.113.51', bearer(member.token))).statusCode).toBe(429);
    // The member's budget is theirs: another caller on the same address is not held back.
    expect((await call('/api/setup/event-types', '203.0.113.51')).statusCode).toBe(200);
  });
});
