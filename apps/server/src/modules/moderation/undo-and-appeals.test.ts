import { MODERATION_MESSAGES, type ModerationActionRequest } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpMember } from '../../../test/factories.ts';
import {
  call,
  type Member,
  newComment,
  newPost,
  openCaseOf,
  report,
  setUpStaff,
} from '../../../test/fixtures/moderation.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';

/*
 * What a decision leaves undoable, and appeals (ADR 028 "Actions"): a held item after a warning, suspension or
 * ban is removed, not held for ever; a resolved case can still be restored or lifted; restore and lift find no
 * report to uphold; an appeal is granted by the decision that undoes the one appealed (a dismissal withdraws a
 * warning), and the member is told the outcome; a suspended member appeals with their refused sign-in's token.
 */

const DAY = 86_400_000;
const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));
let t: TestApp;
let moderator: Member;
beforeAll(async () => {
  t = await createTestApp({ clock });
  moderator = await setUpStaff(t.app, 'moderator');
});
afterAll(() => t.close());

const spam = { reason: 'Spam or Misleading' } as const;

const act = (caseId: number, body: ModerationActionRequest) =>
  call(t.app, 'POST', `/api/moderation/reports/${caseId}/actions`, moderator.token, body);

const login = (who: Member) => call(t.app, 'POST', '/api/login', null, { email: who.email, password: who.password });

const reportersOf = (n: number) => Promise.all(Array.from({ length: n }, () => setUpMember(t.app)));

/** A post held by three reports; answers its author, reporters, id and case. */
async function heldPost() {
  const author = await setUpMember(t.app, { first_name: 'Rita', last_name: 'Author' });
  const reporters = await reportersOf(3);
  const postId = await newPost(t.app, author, 'Buy my followers');
  for (const reporter of reporters) await report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam });
  const open = await openCaseOf(t.app, { postId });
  if (!open?.held_at) throw new Error('not held');
  return { author, reporters, postId, caseId: open.id };
}

async function memberCase(subject: Member) {
  const [reporter] = await reportersOf(1);
  await report(t.app, reporter as Member, { target_type: 'user', target_id: subject.user.id, ...spam });
  const open = await openCaseOf(t.app, { userId: subject.user.id });
  if (!open) throw new Error('no case');
  return { reporter: reporter as Member, caseId: open.id };
}

const staffNotices = (who: Member) =>
  selectRows<{ kind: string; info: string | null }>(
    t.ctx.db,
    sql`select kind, info from notifications where user_id = ${who.user.id}
      and kind in ('moderation', 'report_update', 'appeal') order by id`,
  );

async function bellTitles(who: Member): Promise<string[]> {
  const response = await call(t.app, 'GET', '/api/notifications', who.token);
  expect(response.statusCode).toBe(200);
  return response.json().data.map((n: { title: string }) => n.title);
}

const getPost = (postId: number, who: Member) => call(t.app, 'GET', `/api/posts/${postId}`, who.token);

describe('a held item after a warning, suspension or ban', () => {
  it('is removed, not held for ever: hidden from everyone, shown as removed, restorable from the resolved case', async () => {
    const { author, postId, caseId } = await heldPost();
    const [other] = await reportersOf(1);
    const warned = await act(caseId, { action: 'warn', reason: 'Borderline: a warning' });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json().data).toMatchObject({
      status: 'resolved',
      resolution: 'warn',
      held: false,
      item: { state: 'removed' },
      available_actions: ['restore'],
    });
    const [stored] = await selectRows<{ held: boolean; removed: boolean }>(
      t.ctx.db,
      sql`select held_at is not null as held, removed_at is not null as removed from posts where id = ${postId}`,
    );
    expect(stored).toEqual({ held: false, removed: true });
    for (const viewer of [other as Member, author, moderator])
      expect((await getPost(postId, viewer)).statusCode).toBe(404);

    const restored = await act(caseId, { action: 'restore', reason: 'On second look it is fine' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ status: 'resolved', resolution: 'restore', item: { state: 'live' } });
    expect((await getPost(postId, other as Member)).statusCode).toBe(200);
    // Undone: nothing left to undo, and the other decisions stay decided.
    expect(restored.json().data.available_actions).toEqual([]);
    expect((await act(caseId, { action: 'remove', reason: 'x' })).statusCode).toBe(409);
  });

  it('a held comment of a member then suspended is removed too, and stays removed after the suspension', async () => {
    const author = await setUpMember(t.app);
    const [owner, ...reporters] = await reportersOf(4);
    const postId = await newPost(t.app, owner as Member);
    const commentId = await newComment(t.app, author, postId, 'Rude words');
    for (const reporter of reporters)
      await report(t.app, reporter, { target_type: 'comment', target_id: commentId, ...spam });
    const open = await openCaseOf(t.app, { commentId });
    const until = new Date(clock.now() + DAY).toISOString();
    const suspended = await act(open?.id ?? 0, { action: 'suspend', reason: 'Harassment', until });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data).toMatchObject({ item: { state: 'removed' } });
    expect(suspended.json().data.available_actions).toEqual(['restore', 'lift']);
    clock.advance(DAY + 1000);
    const comments = (await call(t.app, 'GET', `/api/posts/${postId}/comments`, owner?.token)).json().data;
    expect(comments.map((c: { id: number }) => c.id)).not.toContain(commentId);
  });
});

describe('undoing on a resolved case', () => {
  it('lifts a suspension from the case that made it, without waiting for a new report; the reporter hears once', async () => {
    const subject = await setUpMember(t.app);
    const { reporter, caseId } = await memberCase(subject);
    const until = new Date(clock.now() + 7 * DAY).toISOString();
    const suspended = await act(caseId, { action: 'suspend', reason: 'Cool off', until });
    expect(suspended.json().data).toMatchObject({ status: 'resolved', available_actions: ['lift'] });
    expect((await login(subject)).statusCode).toBe(403);

    const lifted = await act(caseId, { action: 'lift', reason: 'Too harsh' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data).toMatchObject({ status: 'resolved', resolution: 'lift', available_actions: [] });
    expect((await login(subject)).statusCode).toBe(200);
    // The suspension upheld the report (one notice); the lift tells the reporter nothing more.
    expect(await staffNotices(reporter)).toEqual([{ kind: 'report_update', info: null }]);
  });

  it('restores a removed item from its resolved case', async () => {
    const author = await setUpMember(t.app);
    const [reporter, other] = await reportersOf(2);
    const postId = await newPost(t.app, author);
    await report(t.app, reporter as Member, { target_type: 'post', target_id: postId, ...spam });
    const caseId = (await openCaseOf(t.app, { postId }))?.id ?? 0;
    expect((await act(caseId, { action: 'remove', reason: 'Spam' })).json().data.available_actions).toEqual([
      'restore',
    ]);
    expect((await getPost(postId, other as Member)).statusCode).toBe(404);
    expect((await act(caseId, { action: 'restore', reason: 'Mistake' })).statusCode).toBe(200);
    expect((await getPost(postId, other as Member)).statusCode).toBe(200);
  });
});

describe('appeals', () => {
  /** The member's notice of an action, appealed; answers the case once the appeal reopened it. */
  async function appealed(who: Member, text = 'I was quoting the rules') {
    const [notice] = (await call(t.app, 'GET', '/api/me/standing', who.token)).json().notices;
    const sent = await call(t.app, 'POST', '/api/appeals', who.token, {
      action_id: notice.action_id,
      text,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return notice.action_id as number;
  }

  it('a dismissal of an appealed warning withdraws it: granted, and the member is told', async () => {
    const subject = await setUpMember(t.app);
    const { caseId } = await memberCase(subject);
    await act(caseId, { action: 'warn', reason: 'Tone' });
    await appealed(subject);
    const reopened = (await call(t.app, 'GET', `/api/moderation/reports/${caseId}`, moderator.token)).json().data;
    expect(reopened).toMatchObject({ status: 'open', appeal: { action: 'warn', status: 'open' } });

    expect((await act(caseId, { action: 'dismiss', reason: 'The warning was a mistake' })).statusCode).toBe(200);
    const [notice] = (await call(t.app, 'GET', '/api/me/standing', subject.token)).json().notices;
    expect(notice.appeal).toMatchObject({ status: 'granted' });
    expect(await staffNotices(subject)).toEqual([
      { kind: 'moderation', info: 'Tone' },
      { kind: 'appeal', info: 'granted' },
    ]);
    expect(await bellTitles(subject)).toContain(MODERATION_MESSAGES.appealGranted);
  });

  it('any other decision denies it, and the member is told that too', async () => {
    const author = await setUpMember(t.app);
    const [reporter] = await reportersOf(1);
    const postId = await newPost(t.app, author);
    await report(t.app, reporter as Member, { target_type: 'post', target_id: postId, ...spam });
    const caseId = (await openCaseOf(t.app, { postId }))?.id ?? 0;
    await act(caseId, { action: 'remove', reason: 'Spam' });
    await appealed(author);
    expect((await act(caseId, { action: 'dismiss', reason: 'The removal stands' })).statusCode).toBe(200);
    expect(await bellTitles(author)).toContain(MODERATION_MESSAGES.appealDenied);
    expect((await getPost(postId, reporter as Member)).statusCode).toBe(404);
  });
});

describe('a suspended member appeals the suspension', () => {
  const appealSuspension = (token: string, text = 'Someone else used my phone') =>
    call(t.app, 'POST', '/api/appeals/suspension', null, { token, text });

  it('with the token their refused sign-in answers: once, into the queue, then granted by a lift', async () => {
    const subject = await setUpMember(t.app);
    const { caseId } = await memberCase(subject);
    await act(caseId, { action: 'suspend', reason: 'Spam', until: new Date(clock.now() + 30 * DAY).toISOString() });
    const refused = (await login(subject)).json();
    expect(refused).toMatchObject({ code: 'suspended', appeal_status: null, appeal_token: expect.any(String) });

    const sent = await appealSuspension(refused.appeal_token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: MODERATION_MESSAGES.appealReceived,
      appeal: { action: 'suspend', status: 'open' },
    });
    const queue = (await call(t.app, 'GET', '/api/moderation/reports', moderator.token)).json().data;
    expect(queue.find((c: { id: number }) => c.id === caseId)).toMatchObject({
      appeal: { action: 'suspend', text: 'Someone else used my phone' },
      available_actions: expect.arrayContaining(['lift']),
    });
    // Once: the same token again is refused, and the next sign-in offers no token but says how it stands.
    expect((await appealSuspension(refused.appeal_token)).statusCode).toBe(409);
    expect((await login(subject)).json()).toMatchObject({ appeal_token: null, appeal_status: 'open' });

    expect((await act(caseId, { action: 'lift', reason: 'Appeal granted' })).statusCode).toBe(200);
    expect((await login(subject)).statusCode).toBe(200);
    expect(await staffNotices(subject)).toContainEqual({ kind: 'appeal', info: 'granted' });
  });

  it('refuses a forged, altered or expired token (401), and a missing text (422), changing nothing', async () => {
    const subject = await setUpMember(t.app);
    const { caseId } = await memberCase(subject);
    await act(caseId, { action: 'suspend', reason: 'Spam', until: new Date(clock.now() + 30 * DAY).toISOString() });
    const { appeal_token: token } = (await login(subject)).json() as { appeal_token: string };
    const [payload, mac] = token.split('.') as [string, string];
    const other = await setUpMember(t.app);
    const forgedPayload = Buffer.from(JSON.stringify({ f: [other.user.id, '1'], e: clock.now() + DAY })).toString(
      'base64url',
    );
    for (const bad of ['nonsense', `${payload}.${mac.slice(1)}x`, `${forgedPayload}.${mac}`, `${payload}.${mac}.x`]) {
      const answer = await appealSuspension(bad);
      expect(answer.statusCode, bad).toBe(401);
      expect(answer.json()).toEqual({ message: MODERATION_MESSAGES.appealTokenExpired });
    }
    expect((await appealSuspension(token, '   ')).statusCode).toBe(422);
    clock.advance(61 * 60_000);
    expect((await appealSuspension(token)).statusCode).toBe(401);
    const [appeals] = await selectRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from moderation_appeals where user_id = ${subject.user.id}`,
    );
    expect(appeals?.n).toBe(0);
    // A fresh sign-in gives a fresh token.
    const fresh = (await login(subject)).json();
    expect((await appealSuspension(fresh.appeal_token)).statusCode).toBe(200);
  });
});
