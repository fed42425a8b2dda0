import { CONVERSATION_LIMITS, type SendMessageResponse } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, setUpMember } from '../../../test/factories.ts';
import { openStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { MISSED_MESSAGES_MAX, missedMessages } from './conversations.missed.ts';

type Member = Awaited<ReturnType<typeof setUpMember>>;

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
});

let sends = 0;
async function send(from: Member, to: Member, body: string) {
  sends += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: bearer(from.token),
    payload: { recipient_id: to.user.id, body, client_id: `missed-${sends}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as SendMessageResponse;
}

async function friends() {
  const [a, b] = [await setUpMember(t.app), await setUpMember(t.app)];
  await befriend(t.app, a.user.id, b.user.id);
  return [a, b] as const;
}

const messageIds = (stream: Awaited<ReturnType<typeof openStream>>) =>
  stream.received.flatMap(({ event }) => (event.type === 'message' ? [event.message.id] : []));

describe('a stream that resumes with Last-Event-ID', () => {
  it('gets the messages of its conversations it missed, oldest first, each once, then the live ones', async () => {
    const [a, b] = await friends();
    const c = await setUpMember(t.app);
    await befriend(t.app, b.user.id, c.user.id);
    const first = await openStream(base, b.token);
    await first.next('ready');
    const seen = await send(a, b, 'before');
    const last = await first.next('message');
    expect(last.event.message.id).toBe(seen.message.id);
    first.close();

    const missed = [await send(a, b, 'away 1'), await send(c, b, 'away 2'), await send(a, b, 'away 3')];
    const back = await openStream(base, b.token, last.id);
    try {
      expect((await back.next('ready')).event).toMatchObject({
        resumed: true,
        messages: { inbox: 2, requests: 0 },
      });
      // What the stream got in the margin before it left may come again (the web puts messages by id): skip it.
      const replayed = [];
      while (replayed.length < missed.length) {
        const { event } = await back.next('message');
        if (event.message.id !== seen.message.id) replayed.push(event);
      }
      expect(replayed.map((event) => event.message.body)).toEqual(['away 1', 'away 2', 'away 3']);
      // Each as it would have come live: the conversation as B sees it now, and B's counts.
      expect(replayed[2]?.conversation).toMatchObject({
        id: seen.conversation.id,
        unread: 3,
        other: { id: a.user.id },
        last_message: { body: 'away 3' },
      });
      expect(replayed[2]?.unread).toEqual({ inbox: 2, requests: 0 });
      expect(replayed[1]?.message).toMatchObject({ sender_id: c.user.id, client_id: null });

      const live = await send(c, b, 'live');
      await back.next('message');
      // The last message received before leaving may come again (the margin is replayed: the web puts messages
      // by id); everything else exactly once.
      const ids = messageIds(back).filter((id) => id !== seen.message.id);
      expect(ids).toEqual([...missed.map((sent) => sent.message.id), live.message.id]);
    } finally {
      back.close();
    }
  });

  it('gets a message committed after the last event it saw though stamped before it (a send that waited on a lock)', async () => {
    const [a, b] = await friends();
    const late = await send(a, b, 'stamped early, committed late');
    // The client's last event came 2 s after the message's stamp: without a margin, the replay started after it.
    const lastSeen = `${Date.parse(late.message.created_at) + 2_000}-1`;
    const back = await openStream(base, b.token, lastSeen);
    try {
      expect((await back.next('ready')).event).toMatchObject({ resumed: true });
      expect((await back.next('message')).event.message.id).toBe(late.message.id);
    } finally {
      back.close();
    }
  });

  it('gets the messages the member sent from another device, as the tabs that stayed got them live', async () => {
    const [a, b] = await friends();
    const stayed = await openStream(base, a.token);
    const stream = await openStream(base, a.token);
    await stayed.next('ready');
    await stream.next('ready');
    const hello = await send(b, a, 'hello');
    await stayed.next('message');
    const last = await stream.next('message');
    stream.close();
    const mine = await send(a, b, 'from my phone');
    const live = await stayed.next('message');
    const back = await openStream(base, a.token, last.id);
    try {
      await back.next('ready');
      let replayed = await back.next('message');
      // 'hello', seen before leaving, may come again within the margin.
      if (replayed.event.message.id === hello.message.id) replayed = await back.next('message');
      expect(replayed.event.message).toMatchObject({
        id: mine.message.id,
        sender_id: a.user.id,
        client_id: mine.message.client_id,
      });
      // The replay reads the member's view as the live event does (conversations.live.ts): the same event.
      expect(replayed.event).toEqual(live.event);
    } finally {
      back.close();
      stayed.close();
    }
  });

  it('gets nothing of what the member removed meanwhile; a new message lists the conversation again', async () => {
    const [a, b] = await friends();
    const stream = await openStream(base, a.token);
    await stream.next('ready');
    const { conversation } = await send(b, a, 'hello');
    const last = await stream.next('message');
    stream.close();
    const cleared = [await send(a, b, 'mine, then removed'), await send(b, a, 'theirs, then removed')];
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${conversation.id}`,
      headers: bearer(a.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await missedMessages(t.ctx, a.user.id, new Date(Date.parse(cleared[0]?.message.created_at ?? '')))).toEqual(
      [],
    );
    const after = await send(b, a, 'lists it again');
    const back = await openStream(base, a.token, last.id);
    try {
      await back.next('ready');
      expect((await back.next('message')).event.message.id).toBe(after.message.id);
      const more = await send(b, a, 'live');
      await back.next('message');
      expect(messageIds(back).filter((id) => id !== last.event.message.id)).toEqual([
        after.message.id,
        more.message.id,
      ]);
    } finally {
      back.close();
    }
  });
});

describe('missedMessages', () => {
  it(`replays at most a page (${CONVERSATION_LIMITS.messagesPageSize}) per conversation, the newest`, async () => {
    const [a, b] = await friends();
    const since = new Date(t.ctx.clock.now() - 1);
    const sent = [];
    for (let i = 0; i < CONVERSATION_LIMITS.messagesPageSize + 3; i += 1) sent.push(await send(a, b, `m${i}`));
    const events = await missedMessages(t.ctx, b.user.id, since);
    expect(events.map((event) => event.type === 'message' && event.message.id)).toEqual(
      sent.slice(3).map((s) => s.message.id),
    );
  });

  it(`replays at most ${MISSED_MESSAGES_MAX} in all, the newest, oldest first`, async () => {
    const b = await setUpMember(t.app);
    const since = new Date(t.ctx.clock.now() - 1);
    const conversations = [];
    for (let i = 0; i < 8; i += 1) {
      const a = await setUpMember(t.app);
      await befriend(t.app, a.user.id, b.user.id);
      conversations.push({ a, id: (await send(a, b, 'first')).conversation.id });
    }
    // 8 × 26 more messages in SQL (the sends' rate limits are not what this is about), 216 in all.
    for (const [i, { a, id }] of conversations.entries())
      await t.ctx.db.execute(sql`
        insert into messages (conversation_id, sender_id, client_id, body, created_at)
        select ${id}, ${a.user.id}, 'bulk-' || ${i} || '-' || g, 'bulk', now() from generate_series(1, 26) g`);
    const events = await missedMessages(t.ctx, b.user.id, since);
    const ids = events.map((event) => (event.type === 'message' ? event.message.id : 0));
    expect(ids).toHaveLength(MISSED_MESSAGES_MAX);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const newest = await selectRows<{ id: number | string }>(
      t.ctx.db,
      sql`select m.id from messages m join conversation_members cm on cm.conversation_id = m.conversation_id
        where cm.user_id = ${b.user.id} order by m.id desc limit ${MISSED_MESSAGES_MAX}`,
    );
    expect(ids).toEqual(newest.map((row) => Number(row.id)).reverse());
  });
});
