import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServer } from './redis-server.ts';
import { slowRedisProxy } from './slow-redis-proxy.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { unansweringRedis } from './unanswering-redis.ts';

/**
 * The limits that fail closed (sign-in, sign-up, reset, phone) against a Redis of the test's own: they wait
 * for a Redis that is slow, refuse with 503 and Retry-After when it is gone, and never hang on one that is.
 */
let redis: RedisServer;
beforeAll(async () => {
  redis = await RedisServer.start();
});
afterAll(async () => {
  await redis.remove();
});

const signUp = (t: TestApp, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { first_name: 'Busy', last_name: `Rider${n}`, email: `busy${n}@example.com`, password: 'Saddle#2026' },
  });

const logIn = (t: TestApp) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@example.com', password: 'Saddle#2026' } });

/** A thread that keeps a core busy until stopped: the process shares the machine with other work. */
function burnCpu(): Worker {
  return new Worker('for (;;) {}', { eval: true });
}

describe('a slow Redis on a busy machine', () => {
  it('serves 20 concurrent sign-ups: slow is not gone', async () => {
    const slow = await slowRedisProxy({ host: '127.0.0.1', port: redis.port });
    const t = await createTestApp({ env: { REDIS_URL: slow.url } });
    const burner = burnCpu();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => signUp(t, n)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    } finally {
      await burner.terminate();
      await t.close();
      await slow.close();
    }
  });
});

describe('a Redis that is gone', () => {
  it('answers sign-in and sign-up with 503 and Retry-After, and serves the rest; then serves again', async () => {
    const t = await createTestApp({ env: { REDIS_URL: redis.url } });
    try {
      expect((await signUp(t, 100)).statusCode).toBe(200);
      await redis.stop();
      for (const answer of [await logIn(t), await signUp(t, 101)]) {
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.json().message).toBe('This is unavailable for a moment. Please try again in 5 seconds.');
      }
      // Limits that fail open stay open: an anonymous read (the per-IP API budget) is served.
      expect((await t.app.inject({ method: 'GET', url: '/api/setup/event-types' })).statusCode).toBe(200);
      await redis.resume();
      await waitUntil(async () => (await signUp(t, 102)).statusCode === 200, 'sign-up served again');
    } finally {
      await t.close();
    }
  });
});

describe('a Redis that accepts and never answers', () => {
  it('answers sign-in with 503 at its deadline, then at once while the circuit is open', async () => {
    const hung = await unansweringRedis();
    const t = await createTestApp({ env: { REDIS_URL: hung.url } });
    try {
      expect((await logIn(t)).statusCode).toBe(503);
      expect((await logIn(t)).statusCode).toBe(503);
    } finally {
      await t.close();
      await hung.close();
    }
  });
});

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
