import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES, MESSAGES, type MessagePolicy } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend } from '../../../test/factories.ts';
import {
  ageAccount,
  agedMemberList,
  agedMembers,
  box,
  clientId,
  messagesOf,
  messageTables,
  send,
  setPolicy,
  start,
  started,
} from '../../../test/fixtures/conversations.fixtures.ts';
import { call, type Member } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';

/**
 * Who may write to whom, the boxes and requests, and sends that are the same message (ADR 029, "Who may
 * write" and "Blocks"), through the API on a real database.
 */

const HOUR = 3_600_000;
let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const block = (who: Member, whom: Member) => call(t.app, who, 'POST', `/api/users/${whom.user.id}/block`);
const unblock = (who: Member, whom: Member) => call(t.app, who, 'DELETE', `/api/users/${whom.user.id}/block`);
const withMember = async (who: Member, whom: Member) =>
  (await call(t.app, who, 'GET', `/api/conversations/with/${whom.user.id}`)).json();

describe('starting a conversation: the recipient policy, for each kind of sender', () => {
  type Kind = 'friend' | 'friend of a friend' | 'stranger';
  const allowed: Record<MessagePolicy, Record<Kind, string | null>> = {
    everyone: { friend: null, 'friend of a friend': null, stranger: null },
    friends_of_friends: {
      friend: null,
      'friend of a friend': null,
      stranger: CONVERSATION_MESSAGES.policyFriendsOfFriends,
    },
    friends: {
      friend: null,
      'friend of a friend': CONVERSATION_MESSAGES.policyFriends,
      stranger: CONVERSATION_MESSAGES.policyFriends,
    },
    nobody: {
      friend: CONVERSATION_MESSAGES.policyNobody,
      'friend of a friend': CONVERSATION_MESSAGES.policyNobody,
      stranger: CONVERSATION_MESSAGES.policyNobody,
    },
  };

  for (const [policy, byKind] of Object.entries(allowed) as [MessagePolicy, Record<Kind, string | null>][]) {
    for (const [kind, refusal] of Object.entries(byKind) as [Kind, string | null][]) {
      it(`${policy}: a ${kind} ${refusal ? 'is refused' : 'may write'}`, async () => {
        const [recipient, sender, mutual] = await agedMembers(t.app, 3);
        await setPolicy(t.app, recipient, policy);
        if (kind === 'friend') await befriend(t.app, sender.user.id, recipient.user.id);
        if (kind === 'friend of a friend') {
          await befriend(t.app, sender.user.id, mutual.user.id);
          await befriend(t.app, mutual.user.id, recipient.user.id);
        }
        expect(await withMember(sender, recipient)).toEqual({ data: null, can_start: !refusal, reason: refusal });

        const before = await messageTables(t.app);
        const response = await start(t.app, sender, recipient, 'Howdy');
        if (refusal) {
          expect(response.statusCode, response.body).toBe(403);
          expect(response.json().message).toBe(refusal);
          expect(await messageTables(t.app)).toEqual(before);
          return;
        }
        expect(response.statusCode, response.body).toBe(201);
        const { conversation, message } = response.json();
        expect(message).toMatchObject({ body: 'Howdy', sender_id: sender.user.id, state: 'sent' });
        // A friend's conversation is accepted at once, in both inboxes; anyone else's is a request.
        const status = kind === 'friend' ? 'accepted' : 'request';
        expect(conversation).toMatchObject({ status, box: 'inbox', requested_by_me: status === 'request' });
        const theirs = await box(t.app, recipient, kind === 'friend' ? 'inbox' : 'requests');
        expect(theirs.data.map((c) => c.id)).toEqual([conversation.id]);
        expect(theirs.data[0]).toMatchObject({ status, requested_by_me: false, unread: 1, can_send: true });
        expect(theirs.data[0]?.other?.id).toBe(sender.user.id);
        expect(theirs.unread).toEqual(kind === 'friend' ? { inbox: 1, requests: 0 } : { inbox: 0, requests: 1 });
      });
    }
  }

  it('refuses oneself (400) and a member who is missing or deleted (404), changing nothing', async () => {
    const [me, gone] = await agedMembers(t.app, 2);
    await setPolicy(t.app, gone, 'everyone');
    await call(t.app, gone, 'DELETE', '/api/account-delete');
    const before = await messageTables(t.app);
    const self = await start(t.app, me, me, 'Me');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(CONVERSATION_MESSAGES.self);
    for (const id of [gone.user.id, 'no-such-member', 'x'.repeat(64)]) {
      const response = await start(t.app, me, id, 'Anyone?');
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.http.notFound });
    }
    expect((await call(t.app, me, 'GET', `/api/conversations/with/${gone.user.id}`)).statusCode).toBe(404);
    expect(await withMember(me, me)).toEqual({ data: null, can_start: false, reason: CONVERSATION_MESSAGES.self });
    expect(await messageTables(t.app)).toEqual(before);
  });

  it('keeps accounts younger than 72 hours to their friends', async () => {
    const [young, recipient, friend] = await agedMembers(t.app, 3);
    await setPolicy(t.app, recipient, 'everyone');
    await befriend(t.app, young.user.id, friend.user.id);
    await ageAccount(t.app, young, CONVERSATION_LIMITS.strangerMinAccountAgeHours - 1);
    expect(await withMember(young, recipient)).toEqual({
      data: null,
      can_start: false,
      reason: CONVERSATION_MESSAGES.newAccount(72),
    });
    const refused = await start(t.app, young, recipient, 'Hi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONVERSATION_MESSAGES.newAccount(72));
    expect((await start(t.app, young, friend, 'Hi friend')).statusCode).toBe(201);
    await ageAccount(t.app, young, CONVERSATION_LIMITS.strangerMinAccountAgeHours);
    expect((await start(t.app, young, recipient, 'Hi')).statusCode).toBe(201);
  });

  it(`caps new conversations at ${CONVERSATION_LIMITS.newPerDay} a day, counted exactly; friends and resends are not new`, async () => {
    const [sender, friend] = await agedMembers(t.app, 2);
    await befriend(t.app, sender.user.id, friend.user.id);
    const recipients = await agedMemberList(t.app, CONVERSATION_LIMITS.newPerDay + 1);
    for (const recipient of recipients) await setPolicy(t.app, recipient, 'everyone');
    let firstId = '';
    for (const [i, recipient] of recipients.slice(0, CONVERSATION_LIMITS.newPerDay).entries()) {
      const id = clientId();
      if (i === 0) firstId = id;
      expect((await start(t.app, sender, recipient, `Hello ${i}`, id)).statusCode).toBe(201);
      clock.advance(60_000);
    }
    const last = recipients.at(-1) as Member;
    const capped = await start(t.app, sender, last, 'One more');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(CONVERSATION_MESSAGES.dailyCap);
    // The first start leaves the count a day after it was made.
    const retryAfter = Number(capped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await withMember(sender, last)).reason).toBe(CONVERSATION_MESSAGES.dailyCap);
    // A resend of a first message is the same message, and a friend is always allowed.
    expect((await start(t.app, sender, recipients[0] as Member, 'Hello 0', firstId)).statusCode).toBe(200);
    expect((await start(t.app, sender, friend, 'Still you')).statusCode).toBe(201);
    // The friend's conversation counts too: the first two starts must leave the day.
    clock.advance(retryAfter * 1000);
    expect((await start(t.app, sender, last, 'One more')).statusCode).toBe(429);
    clock.advance(60_000);
    expect((await start(t.app, sender, last, 'One more')).statusCode).toBe(201);
  });
});

describe('requests', () => {
  async function request() {
    const [requester, recipient] = await agedMembers(t.app, 2);
    await setPolicy(t.app, recipient, 'everyone');
    const first = await started(t.app, requester, recipient, 'Nice run at Cheyenne');
    return { requester, recipient, id: first.conversation.id, first };
  }

  it(`allows the requester ${CONVERSATION_LIMITS.requestMessagesMax} messages until accepted; a reply accepts`, async () => {
    const { requester, recipient, id } = await request();
    // The second message may also come by POST /conversations: the pair has one conversation.
    const second = await start(t.app, requester, recipient, 'Want to rope together?');
    expect(second.statusCode).toBe(201);
    expect(second.json().conversation).toMatchObject({
      id,
      can_send: false,
      read_only_reason: CONVERSATION_MESSAGES.requestWaiting,
    });
    const before = await messageTables(t.app);
    const third = await send(t.app, requester, id, 'Hello?');
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(CONVERSATION_MESSAGES.requestWaiting);
    expect(await messageTables(t.app)).toEqual(before);
    expect((await withMember(requester, recipient)).can_start).toBe(false);

    const reply = await send(t.app, recipient, id, 'Sure');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().conversation).toMatchObject({ status: 'accepted', box: 'inbox', can_send: true });
    expect((await box(t.app, recipient, 'inbox')).data.map((c) => c.id)).toContain(id);
    expect((await box(t.app, recipient, 'requests')).data).toEqual([]);
    expect((await send(t.app, requester, id, 'Great')).statusCode).toBe(201);
    expect((await messagesOf(t.app, requester, id)).data.map((m) => m.body)).toEqual([
      'Great',
      'Sure',
      'Want to rope together?',
      'Nice run at Cheyenne',
    ]);
  });

  it('accept moves it to both inboxes; only its recipient may accept, and again changes nothing', async () => {
    const { requester, recipient, id } = await request();
    const own = await call(t.app, requester, 'POST', `/api/conversations/${id}/accept`);
    expect(own.statusCode).toBe(403);
    const accepted = await call(t.app, recipient, 'POST', `/api/conversations/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ id, status: 'accepted', box: 'inbox', requested_by_me: false });
    const again = await call(t.app, recipient, 'POST', `/api/conversations/${id}/accept`);
    expect(again.json().data).toEqual(accepted.json().data);
    expect((await box(t.app, requester)).data[0]).toMatchObject({ id, status: 'accepted', requested_by_me: false });
    expect((await send(t.app, requester, id, 'Thanks')).statusCode).toBe(201);
    expect((await send(t.app, requester, id, 'Really')).statusCode).toBe(201);
  });

  it("delete takes it out of the recipient's boxes only; a new message lists it again, after what was cleared", async () => {
    const { requester, recipient, id } = await request();
    const removed = await call(t.app, recipient, 'DELETE', `/api/conversations/${id}`);
    expect(removed.json()).toEqual({ status: true, message: CONVERSATION_MESSAGES.removed });
    expect((await box(t.app, recipient, 'requests')).data).toEqual([]);
    expect((await box(t.app, recipient, 'requests')).unread).toEqual({ inbox: 0, requests: 0 });
    expect((await messagesOf(t.app, recipient, id)).data).toEqual([]);
    expect((await box(t.app, requester)).data.map((c) => c.id)).toContain(id);

    expect((await send(t.app, requester, id, 'Second try')).statusCode).toBe(201);
    const back = await box(t.app, recipient, 'requests');
    expect(back.data[0]).toMatchObject({ id, unread: 1, last_message: { body: 'Second try' } });
    expect((await messagesOf(t.app, recipient, id)).data.map((m) => m.body)).toEqual(['Second try']);
    expect((await messagesOf(t.app, requester, id)).data).toHaveLength(2);
  });

  it("shows the requester no read state until accepted, then the recipient's marker", async () => {
    const { requester, recipient, id, first } = await request();
    const read = await call(t.app, recipient, 'POST', `/api/conversations/${id}/read`, {
      message_id: first.message.id,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ unread: 0, other_last_read_id: first.message.id });
    expect((await box(t.app, requester)).data.find((c) => c.id === id)?.other_last_read_id).toBeNull();
    expect((await messagesOf(t.app, requester, id)).conversation.other_last_read_id).toBeNull();
    await call(t.app, recipient, 'POST', `/api/conversations/${id}/accept`);
    expect((await messagesOf(t.app, requester, id)).conversation.other_last_read_id).toBe(first.message.id);
  });

  it('two members writing to each other at once end in one conversation, accepted by the second', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await setPolicy(t.app, a, 'everyone');
    await setPolicy(t.app, b, 'everyone');
    const [ab, ba] = await Promise.all([start(t.app, a, b, 'Hi B'), start(t.app, b, a, 'Hi A')]);
    expect([ab.statusCode, ba.statusCode]).toEqual([201, 201]);
    expect(ab.json().conversation.id).toBe(ba.json().conversation.id);
    const id = ab.json().conversation.id;
    expect((await messagesOf(t.app, a, id)).conversation).toMatchObject({ status: 'accepted', box: 'inbox' });
    expect((await messagesOf(t.app, b, id)).conversation).toMatchObject({ status: 'accepted', box: 'inbox' });
  });

  it('a policy is checked at the start only: a later change does not cut an accepted conversation', async () => {
    const { requester, recipient, id } = await request();
    await send(t.app, recipient, id, 'Welcome');
    await setPolicy(t.app, recipient, 'nobody');
    expect((await send(t.app, requester, id, 'Still here')).statusCode).toBe(201);
    expect((await start(t.app, requester, recipient, 'And here')).statusCode).toBe(201);
  });
});

describe('blocks', () => {
  async function accepted() {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const { conversation } = await started(t.app, a, b, 'Before');
    return { a, b, id: conversation.id };
  }

  it('stops sends both ways at once, with the same words; both keep their history, read-only', async () => {
    const { a, b, id } = await accepted();
    expect((await block(b, a)).statusCode).toBe(200);
    const before = await messageTables(t.app);
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await send(t.app, who, id, 'After');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CONVERSATION_MESSAGES.blocked);
      const again = await start(t.app, who, other, 'After');
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(CONVERSATION_MESSAGES.blocked);
      const page = await messagesOf(t.app, who, id);
      expect(page.data.map((m) => m.body)).toEqual(['Before']);
      expect(page.conversation).toMatchObject({ can_send: false, read_only_reason: CONVERSATION_MESSAGES.blocked });
      expect((await box(t.app, who)).data.map((c) => c.id)).toContain(id);
      expect(await withMember(who, other)).toMatchObject({ can_start: false, reason: CONVERSATION_MESSAGES.blocked });
    }
    expect(await messageTables(t.app)).toEqual(before);
    // The blocked member may still mark what they read and delete their own messages.
    const [last] = (await messagesOf(t.app, b, id)).data;
    expect((await call(t.app, b, 'POST', `/api/conversations/${id}/read`, { message_id: last?.id })).statusCode).toBe(
      200,
    );
    await unblock(b, a);
    expect((await send(t.app, a, id, 'Sorry')).statusCode).toBe(201);
  });

  it('refuses a new conversation across a block either way, whatever the policy, as with a missing member', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await setPolicy(t.app, a, 'everyone');
    await setPolicy(t.app, b, 'everyone');
    await block(a, b);
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const response = await start(t.app, who, other, 'Hi');
      const nobody = await start(t.app, who, 'no-such-member', 'Hi');
      expect(nobody.statusCode).toBe(404);
      expect([response.statusCode, response.body]).toEqual([404, nobody.body]);
      const asked = await call(t.app, who, 'GET', `/api/conversations/with/${other.user.id}`);
      const askedNobody = await call(t.app, who, 'GET', '/api/conversations/with/no-such-member');
      expect([asked.statusCode, asked.body]).toEqual([404, askedNobody.body]);
    }
    expect(
      await t.ctx.db.execute(sql`select 1 from conversations where started_by in (${a.user.id}, ${b.user.id})`),
    ).toMatchObject({ rows: [] });
  });

  it('a request blocked from the requests box: block, then delete', async () => {
    const [requester, recipient] = await agedMembers(t.app, 2);
    await setPolicy(t.app, recipient, 'everyone');
    const { conversation } = await started(t.app, requester, recipient, 'Buy my saddle');
    await block(recipient, requester);
    expect((await call(t.app, recipient, 'POST', `/api/conversations/${conversation.id}/accept`)).json().message).toBe(
      CONVERSATION_MESSAGES.blocked,
    );
    await call(t.app, recipient, 'DELETE', `/api/conversations/${conversation.id}`);
    expect((await box(t.app, recipient, 'requests')).data).toEqual([]);
    expect((await send(t.app, requester, conversation.id, 'Hello?')).statusCode).toBe(403);
  });
});

describe('a client id names one message', () => {
  it('answers a resend with the message already sent (200), changing nothing', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const id = clientId();
    const first = await start(t.app, a, b, 'Once', id);
    expect(first.statusCode).toBe(201);
    const before = await messageTables(t.app);
    const again = await start(t.app, a, b, 'Once, edited', id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toEqual(first.json().message);
    const conversationId = first.json().conversation.id;
    const viaConversation = await send(t.app, a, conversationId, 'Once', id);
    expect(viaConversation.statusCode).toBe(200);
    expect(viaConversation.json().message.id).toBe(first.json().message.id);
    expect(await messageTables(t.app)).toEqual(before);
    // The client id is the sender's own: the other member is not shown it.
    expect(first.json().message.client_id).toBe(id);
    expect((await messagesOf(t.app, b, conversationId)).data[0]?.client_id).toBeNull();
    // Another member may use the same id for their own message.
    expect((await send(t.app, b, conversationId, 'Mine', id)).statusCode).toBe(201);
  });

  it('answers a resend with the message sent even when a send would be refused now (a block since)', async () => {
    // Without photos nothing is checked before the transaction: its refusal asks for the message sent first.
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const [startId, sendId] = [clientId(), clientId()];
    const first = await start(t.app, a, b, 'Before', startId);
    const conversationId = first.json().conversation.id;
    const second = await send(t.app, a, conversationId, 'Again', sendId);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect((await block(b, a)).statusCode).toBe(200);
    const before = await messageTables(t.app);
    const restarted = await start(t.app, a, b, 'Before', startId);
    expect([restarted.statusCode, restarted.json().message.id]).toEqual([200, first.json().message.id]);
    const resent = await send(t.app, a, conversationId, 'Again', sendId);
    expect([resent.statusCode, resent.json().message.id]).toEqual([200, second.json().message.id]);
    // A new message is refused, and a client id of another conversation is still a conflict.
    expect((await send(t.app, a, conversationId, 'New', clientId())).statusCode).toBe(403);
    const [c] = await agedMembers(t.app, 1);
    await befriend(t.app, a.user.id, (c as Member).user.id);
    expect((await start(t.app, a, c as Member, 'Before', startId)).statusCode).toBe(409);
    expect(await messageTables(t.app)).toEqual(before);
  });

  it('answers a double press (the same send at once) with one message', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const id = clientId();
    const starts = await Promise.all([start(t.app, a, b, 'Pressed', id), start(t.app, a, b, 'Pressed', id)]);
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(starts[0]?.json().message.id).toBe(starts[1]?.json().message.id);
    const conversationId = starts[0]?.json().conversation.id;
    const second = clientId();
    const sends = await Promise.all(
      Array.from({ length: 4 }, () => send(t.app, a, conversationId, 'Pressed again', second)),
    );
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(sends.map((r) => r.json().message.id)).size).toBe(1);
    const page = await messagesOf(t.app, b, conversationId);
    expect(page.data.map((m) => m.body)).toEqual(['Pressed again', 'Pressed']);
    expect(page.conversation.unread).toBe(2);
  });

  it('refuses a client id already used in another conversation (409), changing nothing', async () => {
    const [a, b, c] = await agedMembers(t.app, 3);
    await befriend(t.app, a.user.id, b.user.id);
    await befriend(t.app, a.user.id, c.user.id);
    const id = clientId();
    await started(t.app, a, b, 'To B');
    const first = await start(t.app, a, b, 'To B again', id);
    const before = await messageTables(t.app);
    const reused = await start(t.app, a, c, 'To C', id);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(CONVERSATION_MESSAGES.clientIdReused);
    const toC = await started(t.app, a, c, 'To C');
    expect((await send(t.app, a, toC.conversation.id, 'To C', id)).statusCode).toBe(409);
    expect((await messageTables(t.app))?.messages).toBe((before?.messages ?? 0) + 1);
    expect(first.statusCode).toBe(201);
  });
});

describe('who sees a conversation', () => {
  it('answers 404 to anyone who is not a member, as for one that does not exist, and changes nothing', async () => {
    const [a, b, outsider] = await agedMembers(t.app, 3);
    await befriend(t.app, a.user.id, b.user.id);
    const { conversation, message } = await started(t.app, a, b, 'Private');
    const id = conversation.id;
    const before = await messageTables(t.app);
    const calls = [
      ['GET', `/api/conversations/${id}/messages`, undefined],
      ['POST', `/api/conversations/${id}/messages`, { body: 'Hi', client_id: clientId() }],
      ['POST', `/api/conversations/${id}/read`, { message_id: message.id }],
      ['POST', `/api/conversations/${id}/accept`, undefined],
      ['DELETE', `/api/conversations/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      for (const target of [url, url.replace(String(id), String(id + 10_000))]) {
        const response = await call(t.app, outsider, method, target, payload);
        expect(response.statusCode, `${method} ${target}`).toBe(404);
        expect(response.json()).toEqual({ message: CONVERSATION_MESSAGES.notFound });
      }
    }
    const deletion = await call(t.app, outsider, 'DELETE', `/api/messages/${message.id}`);
    expect(deletion.statusCode).toBe(404);
    expect(deletion.json()).toEqual({ message: CONVERSATION_MESSAGES.messageNotFound });
    expect(await messageTables(t.app)).toEqual(before);
    expect((await box(t.app, outsider)).data).toEqual([]);
  });
});

describe('the boxes', () => {
  it('page by newest activity, with cursors; a new message brings a conversation to the top', async () => {
    const [me, ...others] = (await agedMemberList(t.app, CONVERSATION_LIMITS.conversationsPageSize + 4)) as [
      Member,
      ...Member[],
    ];
    const ids: number[] = [];
    for (const other of others) {
      await befriend(t.app, me.user.id, other.user.id);
      ids.push((await started(t.app, other, me, `From ${other.user.first_name}`)).conversation.id);
      clock.advance(1_000);
    }
    const first = await box(t.app, me);
    expect(first.data.map((c) => c.id)).toEqual(ids.toReversed().slice(0, CONVERSATION_LIMITS.conversationsPageSize));
    expect(first.unread).toEqual({ inbox: others.length, requests: 0 });
    const second = await box(t.app, me, 'inbox', first.next_cursor ?? '');
    expect(second.data.map((c) => c.id)).toEqual(ids.toReversed().slice(CONVERSATION_LIMITS.conversationsPageSize));
    expect(second.next_cursor).toBeNull();
    await send(t.app, me, ids[0] as number, 'Back to you');
    expect((await box(t.app, me)).data[0]).toMatchObject({
      id: ids[0],
      unread: 0,
      last_message: { body: 'Back to you' },
    });
    const bad = await call(t.app, me, 'GET', '/api/conversations?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, me, 'GET', '/api/conversations?box=spam')).statusCode).toBe(422);
  });
});

describe('sends', () => {
  it('does not count the spaces around a message against its length (it is stored trimmed)', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const { conversation } = await started(t.app, a, b);
    const padded = await call(t.app, a, 'POST', `/api/conversations/${conversation.id}/messages`, {
      body: `  ${'y'.repeat(CONVERSATION_LIMITS.bodyMax)}\n  `,
      client_id: clientId(),
    });
    expect(padded.statusCode, padded.body).toBe(201);
    expect(padded.json().message.body).toBe('y'.repeat(CONVERSATION_LIMITS.bodyMax));
  });

  it('refuses an empty message, a body too long and a bad client id (422), changing nothing', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const { conversation } = await started(t.app, a, b);
    const before = await messageTables(t.app);
    const refusals = [
      [{ body: '   \n ', client_id: clientId() }, CONVERSATION_MESSAGES.bodyRequired],
      // Zero-width spaces and joiners show nothing: a message of only these is empty too.
      [{ body: '\u200b\u200b \u2060\ufeff', client_id: clientId() }, CONVERSATION_MESSAGES.bodyRequired],
      [{ body: 'x'.repeat(CONVERSATION_LIMITS.bodyMax + 1), client_id: clientId() }, CONVERSATION_MESSAGES.bodyTooLong],
      [{ body: 'Hi', client_id: 'not ok!' }, CONVERSATION_MESSAGES.clientIdInvalid],
      [{ body: 'Hi', client_id: 'x'.repeat(65) }, CONVERSATION_MESSAGES.clientIdInvalid],
      [{ body: 'Hi', client_id: '' }, CONVERSATION_MESSAGES.clientIdInvalid],
      [{ body: 'Hi' }, CONVERSATION_MESSAGES.clientIdInvalid],
      [{ body: 42, client_id: clientId() }, undefined],
      [{ body: ['Hi'], client_id: 7 }, undefined],
    ] as const;
    for (const [payload, message] of refusals) {
      for (const url of [`/api/conversations/${conversation.id}/messages`, '/api/conversations']) {
        const response = await call(t.app, a, 'POST', url, { ...payload, recipient_id: b.user.id });
        expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(422);
        if (message) expect(response.json().message).toBe(message);
      }
    }
    const noBody = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(noBody.statusCode).toBe(422);
    for (const id of ['0', '-1', '1.5', 'abc', '9'.repeat(30), String(2 ** 53)]) {
      const response = await send(t.app, a, id as unknown as number, 'Hi');
      expect(response.statusCode, id).toBe(422);
    }
    expect(await messageTables(t.app)).toEqual(before);
  });

  it('keeps the text without the white space around it', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    expect((await started(t.app, a, b, '  Line one\nLine two \n')).message.body).toBe('Line one\nLine two');
  });

  it('refuses a suspended sender', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const { conversation } = await started(t.app, a, b);
    await t.ctx.db.execute(
      sql`update users set suspended_until = ${new Date(clock.now() + HOUR)} where id = ${a.user.id}`,
    );
    const response = await send(t.app, a, conversation.id, 'Hi');
    // A suspended member holds no session (ADR 028); were one left, the send is refused all the same.
    expect([401, 403]).toContain(response.statusCode);
  });
});
