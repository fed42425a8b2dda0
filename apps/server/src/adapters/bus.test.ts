import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServer } from '../../test/redis-server.ts';
import { RedisBus } from './bus.ts';

/** The Redis bus against a redis-server of the test's own, stopped and started again under it. */
let redis: RedisServer;
const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
beforeAll(async () => {
  redis = await RedisServer.start();
  process.on('unhandledRejection', record);
});
afterAll(async () => {
  process.off('unhandledRejection', record);
  await redis.remove();
});

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const connect = (warnings: string[] = []) =>
  RedisBus.connect(redis.url, 'corral-test-bus:', { now: Date.now, warn: (_error, message) => warnings.push(message) });

describe('the Redis bus through an outage', () => {
  it('takes topics subscribed while Redis is gone once it is back, says since when messages were lost, rejects nothing unasked', async () => {
    const [listening, publishing] = [await connect(), await connect()];
    const received: string[] = [];
    const resumed: number[] = [];
    listening.onResumed((since) => resumed.push(since));
    const leaveEarly = await listening.subscribe('early', (message) => received.push(`early:${message}`));

    const lostAt = Date.now();
    await redis.stop();
    // Neither waits for Redis nor leaves a promise behind.
    const leaveLate = await listening.subscribe('late', (message) => received.push(`late:${message}`));
    await leaveEarly();
    await expect(publishing.publish('late', 'lost')).rejects.toThrow();
    await redis.resume();

    await waitUntil(() => resumed.length > 0, 'resumed');
    expect(resumed[0]).toBeGreaterThanOrEqual(lostAt);
    await waitUntil(() => {
      void publishing.publish('late', 'back').catch(() => {});
      void publishing.publish('early', 'back').catch(() => {});
      return received.includes('late:back');
    }, 'a topic subscribed during the outage delivered');
    // The topic left during the outage is not taken again; the lost message never comes.
    expect(received.filter((message) => message !== 'late:back')).toEqual([]);
    await leaveLate();
    await Promise.all([listening.close(), publishing.close()]);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
