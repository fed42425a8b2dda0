import { randomBytes } from 'node:crypto';
import { RATE_LIMITS } from '@corral/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { unansweringRedis } from '../../test/unanswering-redis.ts';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../adapters/counter-store.ts';
import { ManualClock } from './clock.ts';
import { AppError } from './errors.ts';
import { RateLimiter } from './rate-limiter.ts';

// A minute's sub-windows are 6 s long; this start is on a sub-window's edge.
const start = Date.UTC(2026, 0, 1);
const stores: { name: string; make: (clock: ManualClock) => Promise<CounterStore> }[] = [
  { name: 'memory', make: async (clock) => new MemoryCounterStore(() => clock.now()) },
];
const redisUrl = process.env.REDIS_URL;
const opened: CounterStore[] = [];
if (redisUrl) {
  stores.push({
    name: 'redis',
    make: async () => {
      const store = await RedisCounterStore.connect(redisUrl, `corral-test:${randomBytes(6).toString('hex')}:`);
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

const allowed = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

describe.each(stores)('rate limiter on the $name store', ({ make }) => {
  it('tells the seconds until a key is free again, counting and reporting nothing', async () => {
    const clock = new ManualClock(start);
    const limited: string[] = [];
    const limiter = new RateLimiter(await make(clock), clock, 1, (name) => limited.push(name));
    const key = ['phoneSendPerNumberMinute', 'n1'] as const;
    expect(await limiter.secondsUntilAvailable(key)).toBe(0);
    await limiter.consume(key);
    clock.advance(20_000);
    expect(await limiter.secondsUntilAvailable(key)).toBe(46);
    expect(await limiter.secondsUntilAvailable(key)).toBe(46);
    expect(limited).toEqual([]);
    clock.advance(46_000);
    expect(await limiter.secondsUntilAvailable(key)).toBe(0);
    await limiter.consume(key);
  });

  it('allows the limit, refuses one more with 429 and Retry-After, and opens again when the window slid past', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(await make(clock), clock);
    const { points } = RATE_LIMITS.loginPerIpMinute;
    for (let i = 0; i < points; i += 1) await limiter.consume(['loginPerIpMinute', '203.0.113.9']);

    clock.advance(15_000);
    const error = await refusal(limiter.consume(['loginPerIpMinute', '203.0.113.9']));
    expect(error.status).toBe(429);
    // The first sub-window (0-6 s) stops counting at 66 s: 51 s from now.
    expect(error.headers?.['retry-after']).toBe('51');
    expect(error.message).toBe('Too many requests. Please try again in 51 seconds.');

    // Another address has a limit of its own.
    await limiter.consume(['loginPerIpMinute', '203.0.113.10']);

    clock.advance(50_000);
    await refusal(limiter.consume(['loginPerIpMinute', '203.0.113.9']));
    clock.advance(1_000);
    await limiter.consume(['loginPerIpMinute', '203.0.113.9']);
  });

  it('holds over any span of the window’s length, across clock-aligned edges too', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(await make(clock), clock);
    const { points, duration } = RATE_LIMITS.loginPerIpMinute;
    const passed: number[] = [];
    // One try every 1.3 s for three minutes: a fixed window let 20 through in 39 s across its edge.
    for (let t = 0; t < 180_000; t += 1_300) {
      clock.advance(t === 0 ? 0 : 1_300);
      if (await allowed(limiter.consume(['loginPerIpMinute', '198.51.100.20']))) passed.push(clock.now());
    }
    for (const at of passed) {
      const inSpan = passed.filter((other) => other >= at && other < at + duration * 1000).length;
      expect(inSpan).toBeLessThanOrEqual(points);
    }
    // And it is not stingy: over three minutes, about the limit each minute got through.
    expect(passed.length).toBeGreaterThanOrEqual(points * 2.5);
  });

  it('does not count refused tries: a client that keeps knocking gets in once the window slid past', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(await make(clock), clock);
    const key = ['signupPerIp', '198.51.100.30'] as const;
    for (let i = 0; i < RATE_LIMITS.signupPerIp.points; i += 1) await limiter.consume(key);
    for (let i = 0; i < 30; i += 1) {
      clock.advance(60_000);
      await refusal(limiter.consume(key));
    }
    clock.advance(4 * 60_000);
    await limiter.consume(key);
  });

  it('checks every key of a call and answers with the longest wait', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(await make(clock), clock);
    await limiter.consume(['phoneSendPerNumberMinute', '+14155552671'], ['phoneSendPerMemberHour', 'member-1']);
    for (let i = 1; i < RATE_LIMITS.phoneSendPerMemberHour.points; i += 1) {
      clock.advance(67_000);
      await limiter.consume(['phoneSendPerNumberMinute', '+14155552671'], ['phoneSendPerMemberHour', 'member-1']);
    }
    clock.advance(67_000);
    const error = await refusal(
      limiter.consume(['phoneSendPerNumberMinute', '+14155552671'], ['phoneSendPerMemberHour', 'member-1']),
    );
    expect(Number(error.headers?.['retry-after'])).toBeGreaterThan(60);
  });

  it('assertAvailable reads without counting; record counts without refusing', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(await make(clock), clock);
    const key = ['phoneWrongPerMemberDay', 'member-2'] as const;
    for (let i = 0; i < RATE_LIMITS.phoneWrongPerMemberDay.points - 1; i += 1) await limiter.record(key);
    await limiter.assertAvailable(key);
    await limiter.assertAvailable(key);
    await limiter.record(key);
    expect((await refusal(limiter.assertAvailable(key))).status).toBe(429);
  });

  it('scales every limit for test environments', async () => {
    const clock = new ManualClock(start);
    const limiter = new RateLimiter(await make(clock), clock, 3);
    for (let i = 0; i < RATE_LIMITS.signupPerIp.points * 3; i += 1)
      await limiter.consume(['signupPerIp', '198.51.100.1']);
    await refusal(limiter.consume(['signupPerIp', '198.51.100.1']));
  });
});

describe('when the counter store fails', () => {
  const broken: CounterStore = {
    add: () => Promise.reject(new Error('store down')),
    ping: () => Promise.reject(new Error('store down')),
    close: async () => {},
  };

  it('refuses login, sign-up, reset and phone actions (fail closed) with a 503 and Retry-After', async () => {
    const limiter = new RateLimiter(broken, new ManualClock(start));
    for (const name of ['loginPerIpMinute', 'signupPerIp', 'forgotPerEmail', 'phoneSendPerNumberMinute'] as const) {
      const error = await refusal(limiter.consume([name, 'x']));
      expect(error.status).toBe(503);
      expect(error.headers?.['retry-after']).toBe('5');
      expect(error.message).toBe('This is unavailable for a moment. Please try again in 5 seconds.');
    }
  });

  it('lets other actions through (fail open)', async () => {
    const limiter = new RateLimiter(broken, new ManualClock(start));
    await limiter.consume(['apiPerIpAnonymous', '192.0.2.1']);
  });

  /** The store's outcome for every call the limiter made, in order. */
  function observed(store: CounterStore) {
    const outcomes: string[] = [];
    const observing: CounterStore = {
      add: (...args) =>
        store.add(...args).then(
          (count) => {
            outcomes.push('answered');
            return count;
          },
          (error: unknown) => {
            outcomes.push(error instanceof Error ? error.message : String(error));
            throw error;
          },
        ),
      ping: () => store.ping(),
      close: () => store.close(),
    };
    return { observing, outcomes };
  }

  it('answers at once, closed where it must, when Redis cannot be reached', async () => {
    const store = await RedisCounterStore.connect('redis://127.0.0.1:1', 'corral-test:');
    const { observing, outcomes } = observed(store);
    const limiter = new RateLimiter(observing, new ManualClock(start));
    for (let i = 0; i < 5; i += 1) {
      expect((await refusal(limiter.consume(['loginPerIpMinute', 'x']))).status).toBe(503);
      await limiter.consume(['apiPerIpAnonymous', 'x']);
    }
    // Nothing waited for Redis: every call was refused for want of a connection, without asking Redis.
    expect(new Set(outcomes)).toEqual(new Set([expect.stringMatching(/^Redis is (connecting|reconnecting|close)$/)]));
    expect(outcomes).toHaveLength(10);
    await store.close();
  });

  it('stops waiting on a Redis that accepts and never answers: one deadline, then the circuit opens', async () => {
    const hung = await unansweringRedis();
    const store = await RedisCounterStore.connect(hung.url, 'corral-test:');
    const { observing, outcomes } = observed(store);
    const limiter = new RateLimiter(observing, new ManualClock(start));
    expect((await refusal(limiter.consume(['loginPerIpMinute', 'x']))).status).toBe(503);
    for (let i = 0; i < 5; i += 1) {
      expect((await refusal(limiter.consume(['loginPerIpMinute', 'x']))).status).toBe(503);
      await limiter.consume(['apiPerMember', 'm']);
    }
    expect((await refusal(limiter.consume(['signupPerIp', 'x']))).status).toBe(503);
    // One command reached the hung Redis and ended at its deadline; the open circuit answered the other
    // eleven calls without sending anything.
    expect(hung.received).toEqual(['eval']);
    expect(outcomes).toEqual(['Redis did not answer in 2000 ms', ...Array(11).fill('the Redis circuit is open')]);
    await store.close();
    await hung.close();
  });
});
