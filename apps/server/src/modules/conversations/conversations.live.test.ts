import { CONVERSATION_MESSAGES } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend } from '../../../test/factories.ts';
import { agedMembers, send, setPolicy, started } from '../../../test/fixtures/conversations.fixtures.ts';
import { call } from '../../../test/fixtures/profiles.fixtures.ts';
import { openStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * What the members' streams hear of direct messages (ADR 029, "Live"): each change, after its commit, to both
 * members as each sees it, the sender's other tabs included; nothing of a request's reading to its sender.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
type Stream = Awaited<ReturnType<typeof openStream>>;
const streams: Stream[] = [];
async function streamOf(token: string) {
  const stream = await openStream(base, token);
  streams.push(stream);
  await stream.next('ready');
  return stream;
}
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('live events of direct messages', () => {
  it('a message reaches the recipient and the sender’s other tab, each with their view and counts', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const [aTab, bTab] = [await streamOf(a.token), await streamOf(b.token)];
    const { conversation, message } = await started(t.app, a, b, 'Live?');

    const toB = (await bTab.next('message')).event;
    expect(toB.message).toMatchObject({ id: message.id, body: 'Live?', sender_id: a.user.id, client_id: null });
    expect(toB.conversation).toMatchObject({ id: conversation.id, unread: 1, other: { id: a.user.id } });
    expect(toB.unread).toEqual({ inbox: 1, requests: 0 });
    const toA = (await aTab.next('message')).event;
    expect(toA.message).toEqual(message);
    expect(toA.conversation).toMatchObject({ id: conversation.id, unread: 0, other: { id: b.user.id } });
    expect(toA.unread).toEqual({ inbox: 0, requests: 0 });

    // Read: the reader's tabs and, the conversation being accepted, the other member.
    await call(t.app, b, 'POST', `/api/conversations/${conversation.id}/read`, { message_id: message.id });
    const seen = (await aTab.next('message_read')).event;
    expect(seen).toMatchObject({ conversation_id: conversation.id, user_id: b.user.id, message_id: message.id });
    expect((await bTab.next('message_read')).event.unread).toEqual({ inbox: 0, requests: 0 });

    // Deleted: both hear it.
    await call(t.app, a, 'DELETE', `/api/messages/${message.id}`);
    for (const tab of [aTab, bTab])
      expect((await tab.next('message_deleted')).event).toEqual({
        type: 'message_deleted',
        conversation_id: conversation.id,
        message_id: message.id,
      });

    // Removed from b's boxes: b's tabs drop it; a hears nothing of it.
    await call(t.app, b, 'DELETE', `/api/conversations/${conversation.id}`);
    expect((await bTab.next('conversation')).event).toEqual({
      type: 'conversation',
      conversation: null,
      id: conversation.id,
    });
    await send(t.app, b, conversation.id, 'Back');
    expect((await aTab.next('message')).event.message.body).toBe('Back');
    expect(aTab.received.some((r) => r.event.type === 'conversation')).toBe(false);
  });

  it('a request: the recipient hears it in requests; its sender hears nothing of its reading; accept reaches both', async () => {
    const [requester, recipient] = await agedMembers(t.app, 2);
    await setPolicy(t.app, recipient, 'everyone');
    const [sTab, rTab] = [await streamOf(requester.token), await streamOf(recipient.token)];
    const { conversation, message } = await started(t.app, requester, recipient, 'Hello stranger');
    const request = (await rTab.next('message')).event;
    expect(request.conversation).toMatchObject({ box: 'requests', status: 'request', requested_by_me: false });
    expect(request.unread).toEqual({ inbox: 0, requests: 1 });
    await sTab.next('message');

    await call(t.app, recipient, 'POST', `/api/conversations/${conversation.id}/read`, { message_id: message.id });
    expect((await rTab.next('message_read')).event.unread).toEqual({ inbox: 0, requests: 0 });

    await call(t.app, recipient, 'POST', `/api/conversations/${conversation.id}/accept`);
    const accepted = (await sTab.next('conversation')).event;
    expect(accepted.conversation).toMatchObject({ status: 'accepted', other_last_read_id: message.id });
    expect((await rTab.next('conversation')).event.conversation).toMatchObject({ status: 'accepted', box: 'inbox' });
    // The read before the acceptance never reached the requester.
    expect(sTab.received.some((r) => r.event.type === 'message_read')).toBe(false);
  });

  it('a block reaches both at once with the conversation read-only, and an unblock opens it again', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const { conversation } = await started(t.app, a, b, 'Before the block');
    const [aTab, bTab] = [await streamOf(a.token), await streamOf(b.token)];
    await call(t.app, b, 'POST', `/api/users/${a.user.id}/block`);
    for (const tab of [aTab, bTab])
      expect((await tab.next('conversation')).event.conversation).toMatchObject({
        id: conversation.id,
        can_send: false,
        read_only_reason: CONVERSATION_MESSAGES.blocked,
      });
    await call(t.app, b, 'DELETE', `/api/users/${a.user.id}/block`);
    for (const tab of [aTab, bTab])
      expect((await tab.next('conversation')).event.conversation).toMatchObject({
        id: conversation.id,
        can_send: true,
        read_only_reason: null,
      });
  });
});
