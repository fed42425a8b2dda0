import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpMember } from './factories.ts';
import { ServerProcess } from './server-process.ts';
import { openStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Several server processes behave as one through Redis: a friend request sent through one process reaches
 * the recipient's stream opened on another. Process one is this test's own server; process two is the real
 * `main.ts` in a child process, on the same PostgreSQL database and the same Redis key prefix. PGlite is one
 * process's database, so this runs where CI sets DATABASE_URL and REDIS_URL.
 */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

let t: TestApp;
let second: ServerProcess | undefined;
let childUrl: string;

describe.skipIf(!shared)('two server processes behind one Redis', () => {
  beforeAll(async () => {
    t = await createTestApp();
    second = await ServerProcess.start({
      env: {
        DATABASE_URL: t.ctx.config.databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix,
      },
    });
    childUrl = second.url;
    await second.ready(60_000);
  }, 90_000);

  afterAll(async () => {
    await second?.stop();
    await t?.close();
  }, 30_000);

  it('a request sent through one process reaches a stream opened on the other, and its answer comes back', async () => {
    const a = await setUpMember(t.app, { first_name: 'Process', last_name: 'One' });
    const b = await setUpMember(t.app, { first_name: 'Process', last_name: 'Two' });
    // B listens on the second process; A listens on the first, through HTTP too.
    const firstUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bStream = await openStream(childUrl, b.token);
    const aStream = await openStream(firstUrl, a.token);
    try {
      expect(bStream.status).toBe(200);
      await bStream.next('ready');
      await aStream.next('ready');

      // A asks through the first process.
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/friends/requests',
        headers: { authorization: `Bearer ${a.token}` },
        payload: { user_id: b.user.id },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const { request } = (await bStream.next('friend_request')).event;
      expect(request.user).toMatchObject({ id: a.user.id, name: 'Process One' });
      expect((await bStream.next('notification')).event.unread).toBe(1);

      // B confirms through the second process; A hears of it on the first.
      const accepted = await fetch(`${childUrl}/api/friends/requests/${request.id}/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${b.token}` },
      });
      expect(accepted.status).toBe(200);
      expect((await aStream.next('notification')).event.notification).toMatchObject({
        kind: 'friend_accepted',
        actor: { id: b.user.id },
      });
      expect((await aStream.next('friendship')).event.friendship_status).toBe('friends');
    } finally {
      aStream.close();
      bStream.close();
    }
  }, 30_000);
});
