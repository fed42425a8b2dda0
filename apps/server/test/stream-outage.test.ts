import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_RETRY_MS } from '../src/modules/stream/stream.service.ts';
import { bearer, setUpMember } from './factories.ts';
import { RedisServer } from './redis-server.ts';
import { openStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Member = Awaited<ReturnType<typeof setUpMember>>;

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sendRequest = (t: TestApp, from: Member, to: Member) =>
  t.app.inject({
    method: 'POST',
    url: '/api/friends/requests',
    headers: bearer(from.token),
    payload: { user_id: to.user.id },
  });

describe('a stream open across a Redis outage', () => {
  let redis: RedisServer;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    redis = await RedisServer.start();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await redis.remove();
  });

  it('receives what happened while Redis was gone once it is back, each event once', async () => {
    const host = await setUpMember(t.app);
    const [before, ...during] = [await setUpMember(t.app), await setUpMember(t.app), await setUpMember(t.app)];
    const stream = await openStream(base, host.token);
    await stream.next('ready');
    expect((await sendRequest(t, before, host)).statusCode).toBe(200);
    await stream.next('friend_request');

    await redis.stop();
    // Nothing reaches Redis: published nowhere, these live only in the database until it returns.
    for (const sender of during) expect((await sendRequest(t, sender, host)).statusCode).toBe(200);
    await redis.resume();

    const senders = () =>
      stream.received.flatMap(({ event }) => (event.type === 'friend_request' ? [event.request.user.id] : []));
    const notified = () =>
      stream.received.flatMap(({ event }) => (event.type === 'notification' ? [event.notification.id] : []));
    await waitUntil(() => senders().length === 3 && notified().length === 3, 'caught up');
    // Let any second catch-up (the subscriber's return and the lost publications' announcement) finish.
    const settled = stream.received.length;
    const late = await sendRequest(t, await setUpMember(t.app), host);
    expect(late.statusCode).toBe(200);
    await waitUntil(() => senders().length === 4, 'the next request live');
    expect(senders().slice(0, 3).sort()).toEqual([before, ...during].map((m) => m.user.id).sort());
    expect(new Set(notified()).size).toBe(notified().length);
    expect(stream.received.length).toBeGreaterThan(settled);
    expect(stream.ended).toBe(false);
    stream.close();
  }, 120_000);
});

describe('ceilings on open streams', () => {
  it.each([
    { ceiling: 'per address', env: { STREAMS_PER_IP: '3' } as Record<string, string>, status: 429, retryAfter: '30' },
    { ceiling: 'per process', env: { STREAMS_PER_PROCESS: '3' }, status: 503, retryAfter: '5' },
  ])(
    'refuses a stream past the $ceiling ceiling with $status and Retry-After, and takes one again once there is room',
    async ({ env, status, retryAfter }) => {
      const t = await createTestApp({ env });
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const members = [];
        for (let i = 0; i < 4; i += 1) members.push(await setUpMember(t.app));
        const last = members[3]?.token ?? '';
        const open = [];
        for (const member of members.slice(0, 3)) open.push(await openStream(base, member.token));
        expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);
        const refused = await openStream(base, last);
        expect(refused.status).toBe(status);
        expect(refused.response.headers.get('retry-after')).toBe(retryAfter);
        open[0]?.close();
        await waitUntil(async () => {
          const again = await openStream(base, last);
          again.close();
          return again.status === 200;
        }, 'room again once a stream closed');
        for (const stream of open) stream.close();
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});

describe('draining at shutdown', () => {
  it('asks each stream to come back after a random wait, then ends it', async () => {
    const t = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const member = await setUpMember(t.app);
    const response = await fetch(`${base}/api/stream`, { headers: bearer(member.token) });
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const read = (async () => {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        text += chunk.value;
      }
    })();
    await waitUntil(() => text.includes('event: ready'), 'ready');
    await t.close();
    await read;
    const hints = [...text.matchAll(/^retry: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(hints[0]).toBe(3000); // the usual one, first
    const drained = hints.at(-1) ?? 0;
    expect(hints).toHaveLength(2);
    expect(drained).toBeGreaterThanOrEqual(DRAIN_RETRY_MS.min);
    expect(drained).toBeLessThanOrEqual(DRAIN_RETRY_MS.max);
  }, 120_000);
});
