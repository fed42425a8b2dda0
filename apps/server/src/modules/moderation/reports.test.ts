import { FEED_MESSAGES, MESSAGES, MODERATION_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, setUpMember } from '../../../test/factories.ts';
import {
  call,
  type Member,
  newComment,
  newPost,
  openCaseOf,
  postHeldAt,
  report,
  setReportRecord,
  setUpStaff,
} from '../../../test/fixtures/moderation.fixtures.ts';
import { createEvent, setUpMembers } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';

/*
 * Reports (ADR 028): what may be reported by whom, once; the case they join with its snapshot; the weight of a
 * reporter's record and the automatic hold at HOLD_REPORTERS (3 by default).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const members = <N extends number>(n: N) => setUpMembers(t.app, n);
const spam = { reason: 'Spam or Misleading' } as const;

describe('POST /reports', () => {
  it('takes a post, an event, a comment and a member once each, into one case per thing', async () => {
    const [author, reporter, other] = await members(3);
    const postId = await newPost(t.app, author, 'Cheap saddles, DM me');
    const eventId = await createEvent(t.app, author);
    const commentId = await newComment(t.app, author, postId, 'Buy now');

    for (const [body, where] of [
      [{ target_type: 'post', target_id: postId }, { postId }],
      [{ target_type: 'event', target_id: String(eventId) }, { postId: eventId }],
      [{ target_type: 'comment', target_id: commentId }, { commentId }],
      [{ target_type: 'user', target_id: author.user.id }, { userId: author.user.id }],
    ] as const) {
      const first = await report(t.app, reporter, { ...body, ...spam });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: true, message: MODERATION_MESSAGES.reportReceived });
      expect(first.json().report_id).toEqual(expect.any(Number));
      const again = await report(t.app, reporter, { ...body, reason: 'Other', text: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyReported);
      expect((await report(t.app, other, { ...body, ...spam })).statusCode).toBe(200);
      expect(await openCaseOf(t.app, where)).toMatchObject({ reporters: 2, weight: 2, held_at: null });
    }
    const [count] = await selectRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from reports where user_id in (${reporter.user.id}, ${other.user.id})`,
    );
    expect(count?.n).toBe(8);
  });

  it('refuses one’s own things (400), and things one may not see or that do not exist (404)', async () => {
    const [author, stranger] = await members(2);
    await t.app.ctx.db.execute(sql`update users set is_private = true where id = ${author.user.id}`);
    const postId = await newPost(t.app, author);
    const commentId = await newComment(t.app, author, postId);
    for (const body of [
      { target_type: 'post', target_id: postId },
      { target_type: 'comment', target_id: commentId },
      { target_type: 'user', target_id: author.user.id },
    ] as const) {
      const own = await report(t.app, author, { ...body, ...spam });
      expect(own.statusCode).toBe(400);
      expect(own.json().message).toBe(MODERATION_MESSAGES.cannotReportOwn);
    }
    const notFound = { message: MESSAGES.http.notFound };
    for (const body of [
      // A private profile's post and its comment, to a stranger.
      { target_type: 'post', target_id: postId },
      { target_type: 'comment', target_id: commentId },
      // A post reported as an event, and things that do not exist.
      { target_type: 'event', target_id: postId },
      { target_type: 'post', target_id: 999_999_999 },
      { target_type: 'comment', target_id: 'not-a-number' },
      { target_type: 'user', target_id: 'no-such-member' },
    ] as const) {
      const refused = await report(t.app, stranger, { ...body, ...spam });
      expect(refused.statusCode, JSON.stringify(body)).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
    expect(await openCaseOf(t.app, { postId })).toBeUndefined();
  });

  it('makes one case of reports that arrive at once', async () => {
    const [author, ...reporters] = await members(4);
    const postId = await newPost(t.app, author);
    const answers = await Promise.all(
      reporters.map((reporter) => report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const [cases] = await selectRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from moderation_cases where post_id = ${postId}`,
    );
    expect(cases?.n).toBe(1);
    expect(await openCaseOf(t.app, { postId })).toMatchObject({ reporters: 3, weight: 3 });
    expect(await postHeldAt(t.app, postId)).not.toBeNull();
  });

  it('keeps the old post route’s answer, through the same reports and cases', async () => {
    const [author, reporter] = await members(2);
    const postId = await newPost(t.app, author);
    const first = await call(t.app, 'POST', `/api/posts/${postId}/report`, reporter.token, spam);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: FEED_MESSAGES.reportSubmitted(spam.reason) });
    const again = await call(t.app, 'POST', `/api/posts/${postId}/report`, reporter.token, spam);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FEED_MESSAGES.alreadyReported);
    // The same report as POST /reports: one per member and thing, whichever route.
    expect((await report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam })).statusCode).toBe(409);
    const own = await call(t.app, 'POST', `/api/posts/${postId}/report`, author.token, spam);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(MODERATION_MESSAGES.cannotReportOwn);
    expect(await openCaseOf(t.app, { postId })).toMatchObject({ reporters: 1 });
  });

  it('snapshots the thing at the first report: an edit or a deletion later does not change what the queue shows', async () => {
    const [author, reporter] = await members(2);
    const moderator = await setUpStaff(t.app, 'moderator');
    const postId = await newPost(t.app, author, 'The words as reported');
    await report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam });
    await t.ctx.db.execute(sql`update posts set title = 'Edited since', edited_at = now() where id = ${postId}`);
    const open = await openCaseOf(t.app, { postId });
    const shown = (await call(t.app, 'GET', `/api/moderation/reports/${open?.id}`, moderator.token)).json().data;
    expect(shown.item).toMatchObject({
      target_type: 'post',
      target_id: String(postId),
      text: 'The words as reported',
      current_text: 'Edited since',
      state: 'live',
      author: { id: author.user.id, first_name: author.user.first_name },
    });
    await call(t.app, 'DELETE', `/api/posts/${postId}`, author.token);
    const after = (await call(t.app, 'GET', `/api/moderation/reports/${open?.id}`, moderator.token)).json().data;
    expect(after.item).toMatchObject({ text: 'The words as reported', state: 'deleted' });
  });
});

describe('the automatic hold', () => {
  async function reportedBy(reporters: Member[]) {
    const author = await setUpMember(t.app);
    const postId = await newPost(t.app, author);
    for (const reporter of reporters)
      expect((await report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam })).statusCode).toBe(200);
    return { author, postId };
  }

  it('holds an item after three reporters, not after two, with an audit entry by nobody', async () => {
    const [a, b, c] = await members(3);
    const { postId } = await reportedBy([a, b]);
    expect(await postHeldAt(t.app, postId)).toBeNull();
    expect(await openCaseOf(t.app, { postId })).toMatchObject({ reporters: 2, held_at: null });

    await report(t.app, c, { target_type: 'post', target_id: postId, ...spam });
    expect(await postHeldAt(t.app, postId)).not.toBeNull();
    const open = await openCaseOf(t.app, { postId });
    expect(open).toMatchObject({ reporters: 3, weight: 3 });
    expect(open?.held_at).not.toBeNull();
    const audit = await selectRows<{ action: string; actor_id: string | null; actor_name: string }>(
      t.ctx.db,
      sql`select action, actor_id, actor_name from moderation_actions where case_id = ${open?.id}`,
    );
    expect(audit).toEqual([{ action: 'hold', actor_id: null, actor_name: 'Automatic hold' }]);
  });

  it('holds a comment the same way, and never a member', async () => {
    const [author, a, b, c] = await members(4);
    const postId = await newPost(t.app, author);
    const commentId = await newComment(t.app, author, postId);
    for (const reporter of [a, b, c]) {
      await report(t.app, reporter, { target_type: 'comment', target_id: commentId, ...spam });
      await report(t.app, reporter, { target_type: 'user', target_id: author.user.id, ...spam });
    }
    const [comment] = await selectRows<{ held_at: string | null }>(
      t.ctx.db,
      sql`select held_at from comments where id = ${commentId}`,
    );
    expect(comment?.held_at).not.toBeNull();
    expect(await openCaseOf(t.app, { userId: author.user.id })).toMatchObject({ reporters: 3, held_at: null });
    const [user] = await selectRows<{ suspended_until: string | null }>(
      t.ctx.db,
      sql`select suspended_until from users where id = ${author.user.id}`,
    );
    expect(user?.suspended_until).toBeNull();
  });

  it('weighs a reporter by their record: two dismissed reports make one count 0.5', async () => {
    const [fresh1, fresh2, doubtful1, doubtful2] = await members(4);
    for (const doubtful of [doubtful1, doubtful2]) await setReportRecord(t.app, doubtful, 0, 2);

    // Two fresh reporters and one with two dismissed reports: 2.5, not held.
    const first = await reportedBy([fresh1, fresh2, doubtful1]);
    expect(await openCaseOf(t.app, { postId: first.postId })).toMatchObject({
      reporters: 3,
      weight: 2.5,
      held_at: null,
    });
    expect(await postHeldAt(t.app, first.postId)).toBeNull();

    // Two fresh and two such: 3, held.
    const second = await reportedBy([fresh1, fresh2, doubtful1, doubtful2]);
    expect(await openCaseOf(t.app, { postId: second.postId })).toMatchObject({ reporters: 4, weight: 3 });
    expect(await postHeldAt(t.app, second.postId)).not.toBeNull();
  });

  it('gives weight back for upheld reports: (upheld + 2) / (upheld + dismissed + 2)', async () => {
    const [reporter] = await members(1);
    const author = await setUpMember(t.app);
    await setReportRecord(t.app, reporter, 2, 2);
    const postId = await newPost(t.app, author);
    await report(t.app, reporter, { target_type: 'post', target_id: postId, ...spam });
    const [row] = await selectRows<{ weight: number }>(
      t.ctx.db,
      sql`select weight from reports where post_id = ${postId} and user_id = ${reporter.user.id}`,
    );
    expect(Number(row?.weight)).toBeCloseTo(4 / 6, 5);
  });

  it('holds at the configured HOLD_REPORTERS', async () => {
    const strict = await createTestApp({ env: { HOLD_REPORTERS: '2' } });
    try {
      const [author, a, b] = await Promise.all([
        setUpMember(strict.app),
        setUpMember(strict.app),
        setUpMember(strict.app),
      ]);
      await befriend(strict.app, author.user.id, a.user.id);
      const postId = await newPost(strict.app, author);
      await report(strict.app, a, { target_type: 'post', target_id: postId, ...spam });
      expect(await postHeldAt(strict.app, postId)).toBeNull();
      await report(strict.app, b, { target_type: 'post', target_id: postId, ...spam });
      expect(await postHeldAt(strict.app, postId)).not.toBeNull();
    } finally {
      await strict.close();
    }
  });
});
