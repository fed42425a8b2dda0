import {
  type CaseMessage,
  CONVERSATION_LIMITS,
  MESSAGES,
  MODERATION_MESSAGES,
  type ModerationActionRequest,
  type ModerationCase,
  type StreamEvent,
} from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { befriend, setUpMember } from '../../../test/factories.ts';
import {
  clientId,
  messagesOf,
  photo,
  sendForm,
  send as sendJson,
  started,
} from '../../../test/fixtures/conversations.fixtures.ts';
import { call, type Member, report, setUpStaff } from '../../../test/fixtures/moderation.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { memberTopic } from '../stream/live.ts';

/*
 * Reports of direct messages (ADR 029, "Reports"; ADR 028): only a member of the conversation reports, never
 * their own message, once; the case keeps the message with the messages around it as the reporter saw them;
 * no automatic hold; a removal empties the message for both members (its photos no longer served) and is pushed
 * to both; a restore undoes it. Conversations and messages are made through the conversations routes.
 */

let t: TestApp;
let moderator: Member;
beforeAll(async () => {
  // One report would hold an item at this setting: a message must still never be held.
  t = await createTestApp({ env: { HOLD_REPORTERS: '1' } });
  moderator = await setUpStaff(t.app, 'moderator');
});
afterAll(() => t.close());

const spam = { reason: 'Spam or Misleading' } as const;
const row = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(t.ctx.db, query))[0];

/** Two friends' conversation, started by `a` with a first message; answers its id and that message's. */
async function converse(a: Member, b: Member, first = 'Howdy'): Promise<{ id: number; first: number }> {
  await befriend(t.app, a.user.id, b.user.id);
  const { conversation, message } = await started(t.app, a, b, first);
  return { id: conversation.id, first: message.id };
}

/** A message from `sender` through the API (multipart when it carries photos); answers its id. */
async function send(conversationId: number, sender: Member, body: string, photos = 0): Promise<number> {
  const response =
    photos === 0
      ? await sendJson(t.app, sender, conversationId, body)
      : await sendForm(
          t.app,
          sender,
          `/api/conversations/${conversationId}/messages`,
          { body, client_id: clientId() },
          await Promise.all(Array.from({ length: photos }, () => photo())),
        );
  if (response.statusCode !== 201) throw new Error(`send: ${response.statusCode} ${response.body}`);
  return response.json().message.id;
}

/** The member removes the conversation from their boxes: what was in it is gone from their view. */
async function clearConversation(who: Member, conversationId: number) {
  const response = await call(t.app, 'DELETE', `/api/conversations/${conversationId}`, who.token);
  expect(response.statusCode, response.body).toBe(200);
}

async function deleteOwnMessage(who: Member, messageId: number) {
  const response = await call(t.app, 'DELETE', `/api/messages/${messageId}`, who.token);
  expect(response.statusCode, response.body).toBe(200);
}

/** The message as a member of its conversation reads it. */
async function messageAsSeenBy(who: Member, conversationId: number, messageId: number) {
  return (await messagesOf(t.app, who, conversationId)).data.find((m) => m.id === messageId);
}

/** GET of a photo's address, as a browser would. */
const fetchPhoto = (src: string) => t.app.inject({ method: 'GET', url: new URL(src, 'http://corral.test').pathname });

const act = (caseId: number, body: ModerationActionRequest) =>
  call(t.app, 'POST', `/api/moderation/reports/${caseId}/actions`, moderator.token, body);

const caseOfMessage = async (messageId: number) =>
  row<{ id: string; status: string; held_at: string | null; target_type: string; subject_user_id: string }>(
    sql`select id, status, held_at, target_type, subject_user_id from moderation_cases where message_id = ${messageId}
      order by id desc limit 1`,
  );

const getCase = async (id: number | string) =>
  (await call(t.app, 'GET', `/api/moderation/reports/${id}`, moderator.token)).json().data;

/** The live events a member's streams receive from now on (through the app's own bus). */
async function listen(who: Member): Promise<{ events: StreamEvent[]; stop: () => Promise<void> }> {
  const events: StreamEvent[] = [];
  const stop = await t.ctx.bus.subscribe(memberTopic(who.user.id), (message) => events.push(JSON.parse(message).event));
  return { events, stop };
}

describe('POST /reports of a message', () => {
  it('takes a participant’s report of the other member’s message, once, with the conversation around it', async () => {
    const sender = await setUpMember(t.app, { first_name: 'Wade', last_name: 'Sender' });
    const reporter = await setUpMember(t.app, { first_name: 'Rose', last_name: 'Reporter' });
    // Six before (the reporter removed the conversation after the first two: gone from their view), the
    // reported one, seven after.
    const { id: conversationId, first: opening } = await converse(sender, reporter, 'before 1');
    const before = [opening, await send(conversationId, reporter, 'before 2')];
    await clearConversation(reporter, conversationId);
    for (let i = 3; i <= 6; i++) before.push(await send(conversationId, i % 2 ? sender : reporter, `before ${i}`));
    const reportedId = await send(conversationId, sender, 'Send me your bank details', 2);
    const after: number[] = [];
    for (let i = 1; i <= 7; i++)
      after.push(await send(conversationId, i % 2 ? reporter : sender, `after ${i}`, i === 2 ? 1 : 0));
    // One its sender deleted, one a moderator removed earlier: both keep their place, empty.
    await deleteOwnMessage(reporter, before[3] ?? 0);
    await t.ctx.db.execute(sql`update messages set removed_at = now() where id = ${after[1] ?? 0}`);

    const first = await report(t.app, reporter, { target_type: 'message', target_id: reportedId, ...spam });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: true, message: MODERATION_MESSAGES.reportReceived });
    const again = await report(t.app, reporter, { target_type: 'message', target_id: String(reportedId), ...spam });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyReported);

    const open = await caseOfMessage(reportedId);
    expect(open).toMatchObject({ status: 'open', target_type: 'message', subject_user_id: sender.user.id });
    const shown = await getCase(open?.id ?? 0);
    expect(shown).toMatchObject({ target_type: 'message', reporters: 1, held: false });
    expect(shown.subject.member.id).toBe(sender.user.id);
    expect(shown.available_actions).toEqual(['dismiss', 'remove', 'warn', 'suspend', 'ban']);
    expect(shown.item).toMatchObject({
      target_type: 'message',
      target_id: String(reportedId),
      post_id: null,
      title: null,
      text: 'Send me your bank details',
      state: 'live',
      current_text: null,
      author: { id: sender.user.id, first_name: 'Wade', last_name: 'Sender' },
    });
    expect(shown.item.images).toHaveLength(2);
    expect(shown.item.images[0]).toMatch(/\/media\/i\/[0-9a-f]{32}\/\d+\.webp$/);

    const context: CaseMessage[] = shown.item.conversation.messages;
    expect(shown.item.conversation.conversation_id).toBe(conversationId);
    const around = CONVERSATION_LIMITS.reportContext;
    // Not those the reporter cleared (so four before), up to five after.
    expect(context.map((m) => m.id)).toEqual([...before.slice(2), reportedId, ...after.slice(0, around)]);
    const byId = new Map(context.map((m) => [m.id, m]));
    expect(byId.get(before[2] ?? 0)).toMatchObject({
      body: 'before 3',
      state: 'sent',
      images: [],
      sender: { id: sender.user.id, first_name: 'Wade', last_name: 'Sender' },
    });
    expect(byId.get(before[3] ?? 0)).toMatchObject({ body: '', state: 'deleted', sender: { id: reporter.user.id } });
    expect(byId.get(after[1] ?? 0)).toMatchObject({ body: '', state: 'removed', images: [] });
    expect(byId.get(after[0] ?? 0)).toMatchObject({ body: 'after 1', sender: { first_name: 'Rose' } });
    expect(byId.get(reportedId)?.images).toHaveLength(2);
  });

  it('answers 404 to anyone outside the conversation and for what the reporter cannot see, 400 for one’s own', async () => {
    const [sender, reporter, stranger] = await Promise.all([
      setUpMember(t.app),
      setUpMember(t.app),
      setUpMember(t.app),
    ]);
    const { id: conversationId, first: cleared } = await converse(sender, reporter, 'cleared by the reporter');
    await clearConversation(reporter, conversationId);
    const deleted = await send(conversationId, sender, 'deleted by its sender');
    const own = await send(conversationId, reporter, 'mine');
    const message = await send(conversationId, sender, 'rude words');
    await deleteOwnMessage(sender, deleted);

    const notFound = { message: MESSAGES.http.notFound };
    for (const [who, targetId] of [
      [stranger, message],
      [moderator, message],
      [reporter, cleared],
      [reporter, deleted],
      [reporter, 999_999_999],
      [reporter, 'not-a-number'],
    ] as const) {
      const refused = await report(t.app, who, { target_type: 'message', target_id: targetId, ...spam });
      expect(refused.statusCode, String(targetId)).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
    const mine = await report(t.app, reporter, { target_type: 'message', target_id: own, ...spam });
    expect(mine.statusCode).toBe(400);
    expect(mine.json().message).toBe(MODERATION_MESSAGES.cannotReportOwn);
    // The sender may still report the reporter's message; a message from a deleted account no one can.
    expect((await report(t.app, sender, { target_type: 'message', target_id: own, ...spam })).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update users set deleted_at = now() where id = ${sender.user.id}`);
    expect((await report(t.app, reporter, { target_type: 'message', target_id: message, ...spam })).statusCode).toBe(
      404,
    );
    expect(await caseOfMessage(message)).toBeUndefined();
  });

  it('never holds a message, whatever its weight (HOLD_REPORTERS is 1 here)', async () => {
    const [sender, reporter] = await Promise.all([setUpMember(t.app), setUpMember(t.app)]);
    const { first: message } = await converse(sender, reporter, 'held?');
    expect((await report(t.app, reporter, { target_type: 'message', target_id: message, ...spam })).statusCode).toBe(
      200,
    );
    const open = await caseOfMessage(message);
    expect(open?.held_at).toBeNull();
    const audit = await selectRows(t.ctx.db, sql`select id from moderation_actions where case_id = ${open?.id}`);
    expect(audit).toEqual([]);
    expect((await getCase(open?.id ?? 0)).item.state).toBe('live');
  });
});

describe('deciding a message case', () => {
  it('removes the message for both (pushed to both), with an audit entry; an appeal and a restore bring it back', async () => {
    const sender = await setUpMember(t.app, { first_name: 'Wade', last_name: 'Sender' });
    const reporter = await setUpMember(t.app);
    const { id: conversationId } = await converse(sender, reporter);
    const message = await send(conversationId, sender, 'Pay me or else', 1);
    await report(t.app, reporter, { target_type: 'message', target_id: message, ...spam });
    const caseId = Number((await caseOfMessage(message))?.id);
    const [src] = (await getCase(caseId)).item.images as string[];
    expect((await fetchPhoto(src ?? '')).statusCode).toBe(200);

    const streams = await Promise.all([listen(sender), listen(reporter)]);
    const removed = await act(caseId, { action: 'remove', reason: 'Threats', note: 'No threats in messages' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ status: 'resolved', resolution: 'remove', item: { state: 'removed' } });
    expect(
      (
        await row<{ removed: boolean }>(
          sql`select removed_at is not null as removed from messages where id = ${message}`,
        )
      )?.removed,
    ).toBe(true);
    const deletedEvent = { type: 'message_deleted', conversation_id: conversationId, message_id: message };
    for (const stream of streams) await vi.waitFor(() => expect(stream.events).toContainEqual(deletedEvent));
    await Promise.all(streams.map((stream) => stream.stop()));
    // Removed for both: no words, no photos, and the photo's address answers nothing.
    for (const member of [sender, reporter])
      expect(await messageAsSeenBy(member, conversationId, message)).toMatchObject({
        state: 'removed',
        body: '',
        images: [],
      });
    expect((await fetchPhoto(src ?? '')).statusCode).toBe(404);

    const audit = await row<{ action: string; target_type: string; target_id: string; subject_user_id: string }>(
      sql`select action, target_type, target_id, subject_user_id from moderation_actions where case_id = ${caseId}`,
    );
    expect(audit).toEqual({
      action: 'remove',
      target_type: 'message',
      target_id: String(message),
      subject_user_id: sender.user.id,
    });
    const admin = await setUpStaff(t.app, 'admin');
    const log = (await call(t.app, 'GET', '/api/moderation/audit', admin.token)).json().data;
    expect(log.find((entry: { case_id: number | null }) => entry.case_id === caseId)).toMatchObject({
      action: 'remove',
      target_type: 'message',
      target_id: String(message),
    });

    // The sender is told, with the message's words, and may appeal once; the appeal reopens the case.
    const standing = (await call(t.app, 'GET', '/api/me/standing', sender.token)).json();
    expect(standing.notices[0]).toMatchObject({ action: 'remove', excerpt: 'Pay me or else', can_appeal: true });
    const appealed = await call(t.app, 'POST', '/api/appeals', sender.token, {
      action_id: standing.notices[0].action_id,
      text: 'It was a joke',
    });
    expect(appealed.statusCode, appealed.body).toBe(200);
    const reopened = await getCase(caseId);
    expect(reopened).toMatchObject({ status: 'open', appeal: { text: 'It was a joke' } });
    expect(reopened.available_actions).toContain('restore');
    expect(reopened.available_actions).not.toContain('remove');

    const restored = await act(caseId, { action: 'restore', reason: 'A joke between friends' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.item.state).toBe('live');
    expect(
      (
        await row<{ removed: boolean }>(
          sql`select removed_at is not null as removed from messages where id = ${message}`,
        )
      )?.removed,
    ).toBe(false);
    for (const member of [sender, reporter])
      expect(await messageAsSeenBy(member, conversationId, message)).toMatchObject({
        state: 'sent',
        body: 'Pay me or else',
      });
    expect((await fetchPhoto(src ?? '')).statusCode).toBe(200);
    const entries = await selectRows<{ action: string; target_type: string }>(
      t.ctx.db,
      sql`select action, target_type from moderation_actions where case_id = ${caseId} order by id`,
    );
    expect(entries).toEqual([
      { action: 'remove', target_type: 'message' },
      { action: 'restore', target_type: 'message' },
    ]);
  });

  it('warns the sender; a dismissal leaves the message as it was', async () => {
    const [sender, reporter] = await Promise.all([setUpMember(t.app), setUpMember(t.app)]);
    const { id: conversationId, first } = await converse(sender, reporter, 'one');
    const second = await send(conversationId, sender, 'two');
    for (const message of [first, second])
      await report(t.app, reporter, { target_type: 'message', target_id: message, ...spam });
    const [firstCase, secondCase] = [
      Number((await caseOfMessage(first))?.id),
      Number((await caseOfMessage(second))?.id),
    ];
    expect((await act(firstCase, { action: 'warn', reason: 'Be kind' })).json().data).toMatchObject({
      resolution: 'warn',
      item: { state: 'live' },
    });
    expect((await act(secondCase, { action: 'dismiss', reason: 'Fine' })).json().data).toMatchObject({
      resolution: 'dismiss',
      item: { state: 'live' },
    });
    const states = await selectRows<{ removed: boolean }>(
      t.ctx.db,
      sql`select removed_at is not null as removed from messages where id in (${first}, ${second})`,
    );
    expect(states).toEqual([{ removed: false }, { removed: false }]);
    const warn = await row<{ target_type: string; target_id: string }>(
      sql`select target_type, target_id from moderation_actions where case_id = ${firstCase}`,
    );
    expect(warn).toEqual({ target_type: 'message', target_id: String(first) });
  });

  it('lists a message case in the queue with its conversation; other cases carry none', async () => {
    const [sender, reporter] = await Promise.all([setUpMember(t.app), setUpMember(t.app)]);
    const { first: message } = await converse(sender, reporter, 'in the queue');
    await report(t.app, reporter, { target_type: 'message', target_id: message, ...spam });
    await report(t.app, reporter, { target_type: 'user', target_id: sender.user.id, ...spam });
    const queue: ModerationCase[] = (await call(t.app, 'GET', '/api/moderation/reports', moderator.token)).json().data;
    const shown = queue.find((c) => c.target_type === 'message' && c.item.target_id === String(message));
    expect(shown?.item).toMatchObject({ text: 'in the queue', state: 'live' });
    expect(shown?.item.conversation?.messages.map((m) => m.id)).toEqual([message]);
    const member = queue.find((c) => c.target_type === 'user' && c.item.target_id === sender.user.id);
    expect(member?.item.conversation).toBeNull();
  });
});
