import type { SendMessageResponse } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, setUpMember } from './factories.ts';
import { ServerProcess } from './server-process.ts';
import { openStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Several server processes behave as one through Redis: a friend request or a direct message sent through one
 * process reaches the recipient's stream opened on another, and the sender's other tabs. Process one is this
 * test's own server; process two is the real `main.ts` in a child process, on the same PostgreSQL database
 * and the same Redis key prefix. PGlite is one process's database, so this runs where CI sets DATABASE_URL
 * and REDIS_URL.
 */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

let t: TestApp;
let second: ServerProcess | undefined;
let childUrl: string;
let firstUrl: string;

describe.skipIf(!shared)('two server processes behind one Redis', () => {
  beforeAll(async () => {
    t = await createTestApp();
    firstUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
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

  it('a message sent through one process reaches the recipient and the sender’s other tab on the other, and so does a read', async () => {
    const a = await setUpMember(t.app, { first_name: 'Writes', last_name: 'Here' });
    const b = await setUpMember(t.app, { first_name: 'Reads', last_name: 'There' });
    await befriend(t.app, a.user.id, b.user.id);
    // B on the second process, with another tab on the first; A's other tab on the second.
    const bStream = await openStream(childUrl, b.token);
    const bOtherTab = await openStream(firstUrl, b.token);
    const aOtherTab = await openStream(childUrl, a.token);
    const streams = [bStream, bOtherTab, aOtherTab];
    try {
      for (const stream of streams) await stream.next('ready');

      // A writes through the first process.
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: bearer(a.token),
        payload: { recipient_id: b.user.id, body: 'Across processes', client_id: 'two-processes-1' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { message, conversation } = sent.json() as SendMessageResponse;

      const received = (await bStream.next('message')).event;
      expect(received.message).toMatchObject({ id: message.id, body: 'Across processes', sender_id: a.user.id });
      expect(received.conversation).toMatchObject({ id: conversation.id, box: 'inbox', unread: 1 });
      expect(received.conversation.other).toMatchObject({ id: a.user.id });
      expect(received.unread).toEqual({ inbox: 1, requests: 0 });
      const echoed = (await aOtherTab.next('message')).event;
      expect(echoed.message.id).toBe(message.id);
      expect(echoed.conversation).toMatchObject({ id: conversation.id, unread: 0 });
      expect(echoed.conversation.other).toMatchObject({ id: b.user.id });
      expect((await bOtherTab.next('message')).event.message.id).toBe(message.id);

      // B reads through the second process: A's "Seen" and B's other tab on the first.
      const read = await fetch(`${childUrl}/api/conversations/${conversation.id}/read`, {
        method: 'POST',
        headers: { ...bearer(b.token), 'content-type': 'application/json' },
        body: JSON.stringify({ message_id: message.id }),
      });
      expect(read.status).toBeLessThan(300);
      const seenElsewhere = (await bOtherTab.next('message_read')).event;
      expect(seenElsewhere).toMatchObject({
        conversation_id: conversation.id,
        user_id: b.user.id,
        message_id: message.id,
      });
      expect(seenElsewhere.unread).toEqual({ inbox: 0, requests: 0 });
      const seen = (await aOtherTab.next('message_read')).event;
      expect(seen).toMatchObject({ conversation_id: conversation.id, user_id: b.user.id, message_id: message.id });
    } finally {
      for (const stream of streams) stream.close();
    }
  }, 30_000);
});
