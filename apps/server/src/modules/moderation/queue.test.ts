import { MODERATION_LIMITS, type ModerationCase } from '@corral/contract';
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
import { ManualClock } from '../../lib/clock.ts';

/*
 * GET /moderation/reports (ADR 028): open cases by distinct reporters, then oldest first; resolved ones newest
 * first; pages by cursor; each case with its reports, the item and its subject's record.
 */

const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));
let t: TestApp;
let moderator: Member;
let reporters: Member[];
beforeAll(async () => {
  t = await createTestApp({ clock });
  moderator = await setUpStaff(t.app, 'moderator');
  reporters = await Promise.all(Array.from({ length: 3 }, () => setUpMember(t.app)));
});
afterAll(() => t.close());

const spam = { reason: 'Spam or Misleading' } as const;

async function queue(status: 'open' | 'resolved'): Promise<ModerationCase[]> {
  const cases: ModerationCase[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await call(t.app, 'GET', `/api/moderation/reports?status=${status}${query}`, moderator.token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.data.length).toBeLessThanOrEqual(MODERATION_LIMITS.queuePageSize);
    cases.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return cases;
}

describe('the queue', () => {
  it('orders open cases by reporters, then the oldest; pages through them all; resolved ones newest first', async () => {
    const author = await setUpMember(t.app, { first_name: 'Quinn', last_name: 'Author' });
    // 23 posts (more than a page), reported by 1, 2 or 3 members, a minute apart.
    const posts: { id: number; reporters: number }[] = [];
    for (let i = 0; i < 23; i += 1) {
      const id = await newPost(t.app, author, `post ${i}`);
      const n = (i % 3) + 1;
      for (const reporter of reporters.slice(0, n))
        await report(t.app, reporter, { target_type: 'post', target_id: id, ...spam });
      posts.push({ id, reporters: n });
      clock.advance(60_000);
    }
    const open = await queue('open');
    const expected = [...posts].sort((a, b) => b.reporters - a.reporters || a.id - b.id).map((p) => Number(p.id));
    expect(open.map((c) => Number(c.item.target_id))).toEqual(expected);
    expect(open[0]).toMatchObject({
      status: 'open',
      reporters: 3,
      held: true,
      item: { target_type: 'post', text: 'post 2', state: 'held' },
      subject: { member: { id: author.user.id, role: 'member', suspended_until: null }, reports_against: 45 },
      available_actions: ['dismiss', 'remove', 'restore', 'warn', 'suspend', 'ban'],
      appeal: null,
    });
    expect(open[0]?.reports.map((r) => r.reporter.id)).toEqual(reporters.map((r) => r.user.id));
    expect(open[0]?.subject.actions[0]).toMatchObject({ action: 'hold', actor: { id: null, name: 'Automatic hold' } });

    // Decided, two of them move to the resolved list, the latest decision first.
    for (const post of posts.slice(0, 2)) {
      const found = await openCaseOf(t.app, { postId: post.id });
      await call(t.app, 'POST', `/api/moderation/reports/${found?.id}/actions`, moderator.token, {
        action: 'warn',
        reason: 'Stop posting spam',
      });
      clock.advance(1000);
    }
    const resolved = await queue('resolved');
    expect(resolved.map((c) => Number(c.item.target_id))).toEqual([posts[1]?.id, posts[0]?.id]);
    expect(resolved[0]).toMatchObject({ resolution: 'warn', available_actions: [] });
    expect((await queue('open')).length).toBe(21);
    const latest = resolved[0]?.subject;
    expect(latest?.upheld).toBe(3);
    expect(latest?.actions[0]).toMatchObject({ action: 'warn', actor: { id: moderator.user.id, name: 'Mo Staff' } });
  });

  it('refuses a cursor of the other list (400)', async () => {
    const open = (await call(t.app, 'GET', '/api/moderation/reports', moderator.token)).json();
    expect(open.next_cursor).not.toBeNull();
    const mixed = await call(
      t.app,
      'GET',
      `/api/moderation/reports?status=resolved&cursor=${encodeURIComponent(open.next_cursor)}`,
      moderator.token,
    );
    expect(mixed.statusCode).toBe(400);
  });
});
