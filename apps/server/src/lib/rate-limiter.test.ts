import { randomBytes } from 'node:crypto';
import { RATE_LIMITS } from '@corral/contract';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../adapters/counter-store.ts';
import { ManualClock } from './clock.ts';
import { AppError } from './errors.ts';
import { RateLimiter } from './rate-limiter.ts';

const start = Date.UTC(2026, 0, 1);
const stores: { name: string; make: (clock: ManualClock) => CounterStore }[] = [
  { name: 'memory', make: (clock) => new MemoryCounterStore(() => clock.now()) },
];
const redisUrl = process.env.REDIS_URL;
const opened: CounterStore[] = [];
if (redisUrl) {
  stores.push({
    name: 'redis',
    make: () => {
      const store = RedisCounterStore.connect(redisUrl, `corral-test:${randomBytes(6).toString('hex')}:`);
      opened.push(store);
      return store;
    },
  });
}
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe.each(stores)('rate limiter on the $name store', ({ make }) => {
  it('allows the limit, refuses one more with 429 and Retry-After, and opens again with the next window', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(make(clock), clock);
    const { points } = RATE_LIMITS.loginPerIpMinute;
    for (let i = 0; i < points; i += 1) await limiter.consume(['loginPerIpMinute', '203.0.113.9']);

    clock.advance(15_000);
    const error = await refusal(limiter.consume(['loginPerIpMinute', '203.0.113.9']));
    expect(error.status).toBe(429);
    expect(error.headers?.['retry-after']).toBe('45');
    expect(error.message).toBe('Too many requests. Please try again in 45 seconds.');

    // Another address has a limit of its own.
    await limiter.consume(['loginPerIpMinute', '203.0.113.10']);

    clock.advance(45_000);
    await limiter.consume(['loginPerIpMinute', '203.0.113.9']);
  });

  it('checks every key of a call and answers with the longest wait', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(make(clock), clock);
    await limiter.consume(['phoneSendPerNumberMinute', '+14155552671'], ['phoneSendPerMemberHour', 'member-1']);
    for (let i = 1; i < RATE_LIMITS.phoneSendPerMemberHour.points; i += 1) {
      clock.advance(61_000);
      await limiter.consume(['phoneSendPerNumberMinute', '+14155552671'], ['phoneSendPerMemberHour', 'member-1']);
    }
    clock.advance(61_000);
    const error = await refusal(
      limiter.consume(['phoneSendPerNumberMinute', '+14155552671'], ['phoneSendPerMemberHour', 'member-1']),
    );
    expect(Number(error.headers?.['retry-after'])).toBeGreaterThan(60);
  });

  it('assertAvailable reads without counting; record counts without refusing', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(make(clock), clock);
    const key = ['phoneWrongPerMemberDay', 'member-2'] as const;
    for (let i = 0; i < RATE_LIMITS.phoneWrongPerMemberDay.points - 1; i += 1) await limiter.record(key);
    await limiter.assertAvailable(key);
    await limiter.assertAvailable(key);
    await limiter.record(key);
    expect((await refusal(limiter.assertAvailable(key))).status).toBe(429);
  });

  it('scales every limit for test environments', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(make(clock), clock, 3);
    for (let i = 0; i < RATE_LIMITS.signupPerIp.points * 3; i += 1)
      await limiter.consume(['signupPerIp', '198.51.100.1']);
    await refusal(limiter.consume(['signupPerIp', '198.51.100.1']));
  });
});

describe('when the counter store fails', () => {
  const broken: CounterStore = {
    increment: () => Promise.reject(new Error('store down')),
    get: () => Promise.reject(new Error('store down')),
    close: async () => {},
  };

  it('refuses login, sign-up, reset and phone actions (fail closed)', async () => {
    const limiter = new RateLimiter(broken, new ManualClock(start));
    for (const name of ['loginPerIpMinute', 'signupPerIp', 'forgotPerEmail', 'phoneSendPerNumberMinute'] as const) {
      expect((await refusal(limiter.consume([name, 'x']))).status).toBe(429);
    }
  });

  it('lets other actions through (fail open)', async () => {
    const limiter = new RateLimiter(broken, new ManualClock(start));
    await limiter.consume(['apiPerIpAnonymous', '192.0.2.1']);
  });

  it('fails closed against a Redis that cannot be reached', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const limiter = new RateLimiter(new RedisCounterStore(redis), new ManualClock(start));
    expect((await refusal(limiter.consume(['loginPerIpMinute', 'x']))).status).toBe(429);
    redis.disconnect();
  });
});
