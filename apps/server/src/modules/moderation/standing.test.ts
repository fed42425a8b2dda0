import { MESSAGES, MODERATION_MESSAGES, type ModerationActionRequest, type StandingResponse } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpMember } from '../../../test/factories.ts';
import {
  call,
  type Member,
  newPost,
  openCaseOf,
  report,
  setUpStaff,
} from '../../../test/fixtures/moderation.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';

/*
 * The member's side (ADR 028): their standing, and one appeal per warning, removal or suspension, which puts the
 * case back in the queue; the next decision grants it (restore, lift) or denies it.
 */

const DAY = 86_400_000;
const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));
let t: TestApp;
let moderator: Member;
let reporter: Member;
beforeAll(async () => {
  t = await createTestApp({ clock });
  moderator = await setUpStaff(t.app, 'moderator');
  reporter = await setUpMember(t.app);
});
afterAll(() => t.close());

const spam = { reason: 'Spam or Misleading' } as const;

async function standing(who: Member): Promise<StandingResponse> {
  const response = await call(t.app, 'GET', '/api/me/standing', who.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const act = (caseId: number, body: ModerationActionRequest) =>
  call(t.app, 'POST', `/api/moderation/reports/${caseId}/actions`, moderator.token, body);

const appeal = (who: Member, actionId: number, text = 'It was a joke between friends') =>
  call(t.app, 'POST', '/api/appeals', who.token, { action_id: actionId, text });

async function memberCase(subject: Member, by: Member = reporter) {
  await report(t.app, by, { target_type: 'user', target_id: subject.user.id, ...spam });
  const open = await openCaseOf(t.app, { userId: subject.user.id });
  if (!open) throw new Error('no case');
  return open.id;
}

const getCase = async (id: number) =>
  (await call(t.app, 'GET', `/api/moderation/reports/${id}`, moderator.token)).json().data;

describe('standing and appeals', () => {
  it('shows a removal with what it was about; one appeal reopens the case; a restore grants it', async () => {
    const author = await setUpMember(t.app);
    const postId = await newPost(t.app, author, 'My words');
    await report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam });
    const caseId = (await openCaseOf(t.app, { postId }))?.id ?? 0;
    expect((await act(caseId, { action: 'remove', reason: 'Spam', note: 'Read the rules' })).statusCode).toBe(200);

    const before = await standing(author);
    expect(before.suspended_until).toBeNull();
    expect(before.notices).toEqual([
      expect.objectContaining({
        action: 'remove',
        reason: 'Spam',
        note: 'Read the rules',
        excerpt: 'My words',
        appeal: null,
        can_appeal: true,
      }),
    ]);
    const actionId = before.notices[0]?.action_id ?? 0;

    const appealed = await appeal(author, actionId);
    expect(appealed.statusCode, appealed.body).toBe(200);
    expect(appealed.json()).toMatchObject({
      status: true,
      message: MODERATION_MESSAGES.appealReceived,
      appeal: { action_id: actionId, action: 'remove', status: 'open', text: 'It was a joke between friends' },
    });
    const again = await appeal(author, actionId, 'Please');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyAppealed);
    expect((await standing(author)).notices[0]).toMatchObject({ appeal: { status: 'open' }, can_appeal: false });

    // Back in the queue, open, with the appeal; a resolved case reopened by an appeal may be decided again.
    const reopened = await getCase(caseId);
    expect(reopened).toMatchObject({ status: 'open', appeal: { action_id: actionId, status: 'open' } });
    expect(reopened.available_actions).toContain('restore');
    const queue = (await call(t.app, 'GET', '/api/moderation/reports', moderator.token)).json().data;
    expect(queue.map((c: { id: number }) => c.id)).toContain(caseId);

    expect((await act(caseId, { action: 'restore', reason: 'Appeal granted' })).statusCode).toBe(200);
    const [post] = await selectRows<{ removed_at: string | null }>(
      t.ctx.db,
      sql`select removed_at from posts where id = ${postId}`,
    );
    expect(post?.removed_at).toBeNull();
    const [decided] = await selectRows<{ status: string; decided: boolean }>(
      t.ctx.db,
      sql`select status, decided_at is not null as decided from moderation_appeals where action_id = ${actionId}`,
    );
    expect(decided).toEqual({ status: 'granted', decided: true });
    expect((await getCase(caseId)).appeal).toBeNull();
  });

  it('denies an appeal by upholding the decision, offered only while an appeal is open', async () => {
    const subject = await setUpMember(t.app);
    const caseId = await memberCase(subject);
    const warned = await act(caseId, { action: 'warn', reason: 'Be kind' });
    expect(warned.json().data.available_actions).not.toContain('uphold');
    const actionId = (await standing(subject)).notices[0]?.action_id ?? 0;
    expect((await appeal(subject, actionId)).statusCode).toBe(200);
    expect((await getCase(caseId)).available_actions).toContain('uphold');
    const upheld = await act(caseId, { action: 'uphold', reason: 'The warning stands' });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json().data).toMatchObject({ status: 'resolved', resolution: 'uphold', available_actions: [] });
    expect((await standing(subject)).notices[0]?.appeal?.status).toBe('denied');
  });

  it('joins an appeal to the thing’s case opened meanwhile', async () => {
    const subject = await setUpMember(t.app);
    const first = await memberCase(subject);
    await act(first, { action: 'warn', reason: 'Be kind' });
    const second = await memberCase(subject, await setUpMember(t.app));
    expect(second).not.toBe(first);
    const actionId = (await standing(subject)).notices[0]?.action_id ?? 0;
    expect((await appeal(subject, actionId)).statusCode).toBe(200);
    expect((await getCase(first)).status).toBe('resolved');
    expect((await getCase(second)).appeal).toMatchObject({ action_id: actionId });
  });

  it('takes appeals of one’s own warnings, removals and suspensions only (404 otherwise)', async () => {
    const [subject, other] = await Promise.all([setUpMember(t.app), setUpMember(t.app)]);
    const caseId = await memberCase(subject);
    await act(caseId, { action: 'warn', reason: 'Be kind' });
    const actionId = (await standing(subject)).notices[0]?.action_id ?? 0;
    const notFound = { message: MESSAGES.http.notFound };
    expect((await appeal(other, actionId)).json()).toEqual(notFound);
    expect((await appeal(subject, 999_999)).json()).toEqual(notFound);
    // A dismissal is not about the member: nothing to appeal.
    const dismissedCase = await memberCase(subject, await setUpMember(t.app));
    await act(dismissedCase, { action: 'dismiss', reason: 'No' });
    const [dismissal] = await selectRows<{ id: string }>(
      t.ctx.db,
      sql`select id from moderation_actions where case_id = ${dismissedCase}`,
    );
    expect((await appeal(subject, Number(dismissal?.id))).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/appeals', subject.token, { action_id: actionId, text: ' ' })).json(),
    ).toMatchObject({
      message: MODERATION_MESSAGES.appealRequired,
    });
  });

  it('lets a suspension be appealed once it has ended', async () => {
    const subject = await setUpMember(t.app);
    const caseId = await memberCase(subject);
    await act(caseId, { action: 'suspend', reason: 'Cool off', until: new Date(clock.now() + 2 * DAY).toISOString() });
    expect((await call(t.app, 'GET', '/api/me/standing', subject.token)).statusCode).toBe(401);
    clock.advance(2 * DAY + 1000);
    const login = await call(t.app, 'POST', '/api/login', null, { email: subject.email, password: subject.password });
    expect(login.statusCode).toBe(200);
    const back = { ...subject, token: login.json().user.api_token as string };
    const notice = (await standing(back)).notices[0];
    expect(notice).toMatchObject({ action: 'suspend', reason: 'Cool off', can_appeal: true });
    expect((await appeal(back, notice?.action_id ?? 0)).statusCode).toBe(200);
    expect((await getCase(caseId)).status).toBe('open');
  });
});
