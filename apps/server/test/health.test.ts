import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisServer } from './redis-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { unansweringRedis } from './unanswering-redis.ts';

/**
 * The probes a load balancer relies on: liveness (the process runs), readiness (the database and Redis
 * answer, and the process is not draining), both outside every rate limit. GET /api/health is readiness.
 */

const PROBES = ['/api/health/live', '/api/health/ready', '/api/health'];
const usesRedis = Boolean(process.env.REDIS_URL);

describe('a process whose parts answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 1 });
  });
  afterAll(() => t.close());

  it('is alive and ready; GET /api/health answers as readiness, as it always has', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = { status: 'ok', database: 'ok', ...(usesRedis ? { redis: 'ok' } : {}) };
    for (const url of ['/api/health/ready', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(ready);
    }
  });

  it('keeps answering the probes from an address whose anonymous budget is spent', async () => {
    const remoteAddress = '198.51.100.9';
    const reference = () => t.app.inject({ method: 'GET', url: '/api/setup/event-types', remoteAddress });
    let refused = false;
    for (let i = 0; i < 400 && !refused; i += 1) refused = (await reference()).statusCode === 429;
    expect(refused).toBe(true);
    for (let round = 0; round < 20; round += 1)
      for (const url of PROBES)
        expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode, url).toBe(200);
    expect((await reference()).statusCode).toBe(429);
  });

  it('stops being ready once it drains, and stays alive', async () => {
    const other = await createTestApp();
    try {
      other.app.beginDraining();
      for (const url of ['/api/health/ready', '/api/health']) {
        const response = await other.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toMatchObject({ status: 'draining', database: 'ok' });
      }
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('a Redis that takes connections and never answers', () => {
  it('makes the process unready (503, Retry-After, naming Redis) and leaves it alive', async () => {
    const redis = await unansweringRedis();
    const t = await createTestApp({ env: { REDIS_URL: redis.url } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'down' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
      await redis.close();
    }
  });
});

describe('Redis stopped and started again', () => {
  let redis: RedisServer;
  let t: TestApp;
  beforeAll(async () => {
    redis = await RedisServer.start();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t.close();
    await redis.remove();
  });

  const readiness = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: response.statusCode, body: response.json() };
  };

  it('is unready while Redis is gone, and ready again by itself once it is back', async () => {
    expect(await readiness()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', redis: 'ok' } });
    await redis.stop();
    await vi.waitFor(
      async () =>
        expect(await readiness()).toEqual({
          status: 503,
          body: { status: 'unavailable', database: 'ok', redis: 'down' },
        }),
      { timeout: 20_000, interval: 200 },
    );
    await redis.resume();
    await vi.waitFor(async () => expect((await readiness()).status).toBe(200), { timeout: 30_000, interval: 200 });
  });
});
