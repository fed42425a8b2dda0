import { MESSAGES, MODERATION_MESSAGES, type ModerationActionRequest, type Notification } from '@corral/contract';
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
import { setUpMembers } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';

/*
 * A moderator's decisions (ADR 028), each in one transaction with its audit entry: what each does to the item,
 * the member, the reports and their reporters' records, who is told what, and what members then see.
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
const members = <N extends number>(n: N) => setUpMembers(t.app, n);

/** A post by a new author, reported by `n` new members; answers them all and the case's id. */
async function reportedPost(n: number) {
  const author = await setUpMember(t.app, { first_name: 'Rita', last_name: 'Author' });
  const reporters = await Promise.all(Array.from({ length: n }, () => setUpMember(t.app)));
  const postId = await newPost(t.app, author, 'Buy my followers');
  for (const reporter of reporters) await report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam });
  const open = await openCaseOf(t.app, { postId });
  if (!open) throw new Error('no case');
  return { author, reporters, postId, caseId: open.id };
}

/** A member reported by `n` new members; answers the case's id. */
async function reportedMember(subject: Member, n = 1) {
  const reporters = await Promise.all(Array.from({ length: n }, () => setUpMember(t.app)));
  for (const reporter of reporters)
    await report(t.app, reporter, { target_type: 'user', target_id: subject.user.id, ...spam });
  const open = await openCaseOf(t.app, { userId: subject.user.id });
  if (!open) throw new Error('no case');
  return { reporters, caseId: open.id };
}

const act = (caseId: number, body: ModerationActionRequest, who: Member = moderator) =>
  call(t.app, 'POST', `/api/moderation/reports/${caseId}/actions`, who.token, body);

const row = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(t.ctx.db, query))[0];

/** The moderation notices and report updates written for a member (bigint ids as numbers on both drivers). */
const notificationsOf = async (who: Member) =>
  (
    await selectRows<{ kind: string; info: string | null; actor_id: string; moderation_action_id: string | null }>(
      t.ctx.db,
      sql`select kind, info, actor_id, moderation_action_id from notifications where user_id = ${who.user.id}
        and kind in ('moderation', 'report_update') order by id`,
    )
  ).map((n) => ({
    ...n,
    moderation_action_id: n.moderation_action_id === null ? null : Number(n.moderation_action_id),
  }));

/** The bell as the member reads it. */
async function bell(who: Member): Promise<Notification[]> {
  const response = await call(t.app, 'GET', '/api/notifications', who.token);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const recordOf = (who: Member) =>
  row<{ reports_upheld: number; reports_dismissed: number }>(
    sql`select reports_upheld, reports_dismissed from users where id = ${who.user.id}`,
  );

const auditOf = (caseId: number) =>
  selectRows<{ action: string; actor_id: string | null; actor_name: string; subject_name: string; reason: string }>(
    t.ctx.db,
    sql`select action, actor_id, actor_name, subject_name, reason from moderation_actions
      where case_id = ${caseId} order by id`,
  );

describe('dismiss', () => {
  it('dismisses the reports, counts them against their reporters, lifts the hold, tells nobody', async () => {
    const { author, reporters, postId, caseId } = await reportedPost(3);
    expect(
      (await row<{ held_at: string | null }>(sql`select held_at from posts where id = ${postId}`))?.held_at,
    ).not.toBeNull();
    const other = await setUpMember(t.app);
    expect((await call(t.app, 'GET', `/api/posts/${postId}`, other.token)).statusCode).toBe(404);

    const answer = await act(caseId, { action: 'dismiss', reason: 'Not spam' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      status: 'resolved',
      resolution: 'dismiss',
      held: false,
      available_actions: [],
    });
    expect(
      (await row<{ held_at: string | null }>(sql`select held_at from posts where id = ${postId}`))?.held_at,
    ).toBeNull();
    expect((await call(t.app, 'GET', `/api/posts/${postId}`, other.token)).statusCode).toBe(200);
    const statuses = await selectRows<{ status: string }>(
      t.ctx.db,
      sql`select status from reports where case_id = ${caseId}`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    for (const reporter of reporters) {
      expect(await recordOf(reporter)).toEqual({ reports_upheld: 0, reports_dismissed: 1 });
      expect(await notificationsOf(reporter)).toEqual([]);
    }
    expect(await notificationsOf(author)).toEqual([]);
    expect(await auditOf(caseId)).toEqual([
      expect.objectContaining({ action: 'hold', actor_id: null }),
      {
        action: 'dismiss',
        actor_id: moderator.user.id,
        actor_name: 'Mo Staff',
        subject_name: 'Rita Author',
        reason: 'Not spam',
      },
    ]);
    // A dismissed reporter's next report weighs 2/3.
    const next = await newPost(t.app, author);
    await report(t.app, reporters[0] as Member, { target_type: 'post', target_id: next, ...spam });
    expect((await openCaseOf(t.app, { postId: next }))?.weight).toBeCloseTo(2 / 3, 5);
    // Decided: a second decision is refused.
    const again = await act(caseId, { action: 'remove', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.caseResolved);
  });
});

describe('remove', () => {
  it('removes the item, upholds the reports, tells the author why and each reporter once', async () => {
    const { author, reporters, postId, caseId } = await reportedPost(2);
    const answer = await act(caseId, { action: 'remove', reason: 'Selling followers', note: 'Please read the rules.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.item).toMatchObject({ state: 'removed', text: 'Buy my followers' });
    expect(
      (await row<{ removed_at: string | null }>(sql`select removed_at from posts where id = ${postId}`))?.removed_at,
    ).not.toBeNull();
    const other = await setUpMember(t.app);
    expect((await call(t.app, 'GET', `/api/posts/${postId}`, other.token)).json()).toEqual({
      message: MESSAGES.http.notFound,
    });

    const [audit] = (await auditOf(caseId)).filter((entry) => entry.action === 'remove');
    expect(audit).toMatchObject({ actor_id: moderator.user.id, subject_name: 'Rita Author' });
    const notices = await notificationsOf(author);
    expect(notices).toEqual([
      {
        kind: 'moderation',
        info: 'Selling followers — Please read the rules.',
        actor_id: author.user.id,
        moderation_action_id: expect.any(Number),
      },
    ]);
    const [notice] = (await bell(author)).filter((n) => n.kind === 'moderation');
    expect(notice).toMatchObject({
      title: MODERATION_MESSAGES.removed,
      info: 'Selling followers — Please read the rules.',
      actor: { id: author.user.id },
      post_id: null,
      action_id: notices[0]?.moderation_action_id,
    });
    for (const reporter of reporters) {
      expect(await recordOf(reporter)).toEqual({ reports_upheld: 1, reports_dismissed: 0 });
      expect(await notificationsOf(reporter)).toEqual([
        { kind: 'report_update', info: null, actor_id: reporter.user.id, moderation_action_id: null },
      ]);
      const [update] = (await bell(reporter)).filter((n) => n.kind === 'report_update');
      // Acted on, not by whom or how.
      expect(update).toMatchObject({
        title: MODERATION_MESSAGES.reportActedOn,
        info: '',
        actor: { id: reporter.user.id },
      });
    }
  });

  it('removes a comment', async () => {
    const [author, reporter, other] = await members(3);
    const postId = await newPost(t.app, author);
    const commentId = await newComment(t.app, author, postId, 'Rude words');
    await report(t.app, reporter, { target_type: 'comment', target_id: commentId, ...spam });
    const open = await openCaseOf(t.app, { commentId });
    const answer = await act(open?.id ?? 0, { action: 'remove', reason: 'Harassment' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.item).toMatchObject({
      target_type: 'comment',
      post_id: postId,
      text: 'Rude words',
      state: 'removed',
    });
    const comments = (await call(t.app, 'GET', `/api/posts/${postId}/comments`, other.token)).json().data;
    expect(comments.map((c: { id: number }) => c.id)).not.toContain(commentId);
  });
});

describe('warn, suspend, ban, lift', () => {
  it('warns: a notice with the reason, nothing else changes', async () => {
    const subject = await setUpMember(t.app);
    const { reporters, caseId } = await reportedMember(subject);
    expect((await act(caseId, { action: 'warn', reason: 'Be kind' })).statusCode).toBe(200);
    expect(await notificationsOf(subject)).toEqual([expect.objectContaining({ kind: 'moderation', info: 'Be kind' })]);
    expect((await bell(subject))[0]).toMatchObject({ title: MODERATION_MESSAGES.warned, info: 'Be kind' });
    expect(await notificationsOf(reporters[0] as Member)).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/verify', subject.token)).statusCode).toBe(200);
  });

  it('refuses a suspension that ends in the past or after a year, changing nothing', async () => {
    const subject = await setUpMember(t.app);
    const { caseId } = await reportedMember(subject);
    const now = clock.now();
    for (const [until, message] of [
      [new Date(now - 1000), MODERATION_MESSAGES.suspendUntilPast],
      [new Date(now + 366 * DAY), MODERATION_MESSAGES.suspendUntilTooFar],
    ] as const) {
      const refused = await act(caseId, { action: 'suspend', reason: 'Spam', until: until.toISOString() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message, errors: { until: [message] } });
    }
    const missing = await act(caseId, { action: 'suspend', reason: 'Spam' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(MODERATION_MESSAGES.suspendUntilRequired);
    expect(await auditOf(caseId)).toEqual([]);
    expect((await openCaseOf(t.app, { userId: subject.user.id }))?.id).toBe(caseId);
  });

  it('suspends: every session ends at once, sign-in answers 403 with the date and the reason, then lifts', async () => {
    const subject = await setUpMember(t.app);
    const second = await call(t.app, 'POST', '/api/login', null, { email: subject.email, password: subject.password });
    const secondToken = second.json().user.api_token as string;
    const { caseId } = await reportedMember(subject);
    const until = new Date(clock.now() + 7 * DAY);
    const answer = await act(caseId, { action: 'suspend', reason: 'Repeated spam', until: until.toISOString() });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.subject.member.suspended_until).toBe(until.toISOString());
    for (const token of [subject.token, secondToken])
      expect((await call(t.app, 'GET', '/api/verify', token)).statusCode).toBe(401);
    expect(
      await row<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${subject.user.id}`),
    ).toEqual({ n: 0 });

    const login = await call(t.app, 'POST', '/api/login', null, { email: subject.email, password: subject.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      message: MODERATION_MESSAGES.suspended('December 2, 2026 at 12:00 PM UTC'),
      code: 'suspended',
      suspended_until: until.toISOString(),
      reason: 'Repeated spam',
      appeal_token: expect.any(String),
      appeal_status: null,
    });
    // No session is left behind by the refused sign-in; a wrong password still gets the one answer.
    expect(
      await row<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${subject.user.id}`),
    ).toEqual({ n: 0 });
    const wrong = await call(t.app, 'POST', '/api/login', null, { email: subject.email, password: 'Wrong#2026x' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.login.invalidCredential);
    expect(await notificationsOf(subject)).toEqual([
      expect.objectContaining({ kind: 'moderation', info: 'Repeated spam' }),
    ]);

    // A later report opens a new case, where the suspension can be lifted; then sign-in works again.
    const { caseId: later } = await reportedMember(subject);
    const lifted = await act(later, { action: 'lift', reason: 'Appealed by email' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data.subject.member.suspended_until).toBeNull();
    expect(
      (await call(t.app, 'POST', '/api/login', null, { email: subject.email, password: subject.password })).statusCode,
    ).toBe(200);
    const notApplicable = await act((await reportedMember(subject)).caseId, { action: 'lift', reason: 'Again' });
    expect(notApplicable.statusCode).toBe(400);
    expect(notApplicable.json().message).toBe(MODERATION_MESSAGES.actionNotApplicable);
  });

  it('treats a suspended member’s session, should one be left, as signed out', async () => {
    const subject = await setUpMember(t.app);
    await t.ctx.db.execute(
      sql`update users set suspended_until = ${new Date(clock.now() + DAY)} where id = ${subject.user.id}`,
    );
    expect((await call(t.app, 'GET', '/api/verify', subject.token)).statusCode).toBe(401);
    clock.advance(DAY + 1000);
    expect((await call(t.app, 'GET', '/api/verify', subject.token)).statusCode).toBe(200);
  });

  it('ends a suspension by itself at its date', async () => {
    const subject = await setUpMember(t.app);
    const { caseId } = await reportedMember(subject);
    await act(caseId, { action: 'suspend', reason: 'Cool off', until: new Date(clock.now() + DAY).toISOString() });
    clock.advance(DAY + 1000);
    expect(
      (await call(t.app, 'POST', '/api/login', null, { email: subject.email, password: subject.password })).statusCode,
    ).toBe(200);
  });

  it('bans as an account deletion: hidden at once, signed out, no sign-in', async () => {
    const subject = await setUpMember(t.app);
    const postId = await newPost(t.app, subject);
    const other = await setUpMember(t.app);
    const { caseId } = await reportedMember(subject);
    const answer = await act(caseId, { action: 'ban', reason: 'Scam account' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ resolution: 'ban', item: { state: 'deleted' } });
    expect(
      (
        await row<{ deleted: boolean }>(
          sql`select deleted_at is not null as deleted from users where id = ${subject.user.id}`,
        )
      )?.deleted,
    ).toBe(true);
    expect((await call(t.app, 'GET', '/api/verify', subject.token)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/posts/${postId}`, other.token)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', '/api/login', null, { email: subject.email, password: subject.password })).statusCode,
    ).toBe(401);
    expect(await auditOf(caseId)).toEqual([expect.objectContaining({ action: 'ban', reason: 'Scam account' })]);
  });
});

describe('restore, and what does not apply', () => {
  it('restores a held item: neither held nor removed; the reports were wrong, so nobody hears of an action', async () => {
    const { reporters, postId, caseId } = await reportedPost(3);
    const answer = await act(caseId, { action: 'restore', reason: 'Fine after all' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ held: false, item: { state: 'live' } });
    expect(await row(sql`select held_at, removed_at from posts where id = ${postId}`)).toEqual({
      held_at: null,
      removed_at: null,
    });
    for (const reporter of reporters) {
      expect(await notificationsOf(reporter)).toEqual([]);
      expect(await recordOf(reporter)).toEqual({ reports_upheld: 0, reports_dismissed: 1 });
    }
  });

  it('answers 400 to an action that does not apply, and to a case about the moderator', async () => {
    const live = await reportedPost(1);
    for (const action of ['restore', 'lift'] as const) {
      const refused = await act(live.caseId, { action, reason: 'x' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MODERATION_MESSAGES.actionNotApplicable);
    }
    const member = await setUpMember(t.app);
    const memberCase = await reportedMember(member);
    const remove = await act(memberCase.caseId, { action: 'remove', reason: 'x' });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(MODERATION_MESSAGES.actionNotApplicable);

    const ownPost = await newPost(t.app, moderator);
    const [reporter] = await members(1);
    await report(t.app, reporter, { target_type: 'post', target_id: ownPost, ...spam });
    const own = await openCaseOf(t.app, { postId: ownPost });
    const shown = (await call(t.app, 'GET', `/api/moderation/reports/${own?.id}`, moderator.token)).json().data;
    expect(shown.available_actions).toEqual([]);
    const refused = await act(own?.id ?? 0, { action: 'dismiss', reason: 'Mine is fine' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MODERATION_MESSAGES.cannotActOnOwnCase);
    // Another moderator may.
    const colleague = await setUpStaff(t.app, 'moderator');
    expect((await act(own?.id ?? 0, { action: 'dismiss', reason: 'Fine' }, colleague)).statusCode).toBe(200);
    expect((await act(999_999, { action: 'dismiss', reason: 'x' })).json()).toEqual({
      message: MESSAGES.http.notFound,
    });
  });
});

describe('held items', () => {
  it('are seen by their author and staff only', async () => {
    const { author, postId } = await reportedPost(3);
    const [other] = await members(1);
    expect((await call(t.app, 'GET', `/api/posts/${postId}`, other.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/posts/${postId}`, author.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/posts/${postId}`, moderator.token)).statusCode).toBe(200);
  });

  it('leaves account actions against staff to admins: a moderator cannot warn, suspend or ban a colleague or an admin', async () => {
    const admin = await setUpStaff(t.app, 'admin');
    const colleague = await setUpStaff(t.app, 'moderator');
    for (const subject of [admin, colleague]) {
      const { caseId } = await reportedMember(subject);
      const shown = (await call(t.app, 'GET', `/api/moderation/reports/${caseId}`, moderator.token)).json().data;
      expect(shown.available_actions).toEqual(['dismiss']);
      const until = new Date(clock.now() + DAY).toISOString();
      for (const body of [
        { action: 'suspend', reason: 'Abuse of the queue', until },
        { action: 'ban', reason: 'Abuse of the queue' },
        { action: 'warn', reason: 'Abuse of the queue' },
      ] as const) {
        const refused = await act(caseId, body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(MODERATION_MESSAGES.actionNotApplicable);
      }
    }
    // An admin may.
    const { caseId } = await reportedMember(colleague);
    expect((await act(caseId, { action: 'warn', reason: 'Mind the tone' }, admin)).statusCode).toBe(200);
  });
});
