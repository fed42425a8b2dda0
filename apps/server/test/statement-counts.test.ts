import { randomUUID } from 'node:crypto';
import { CONVERSATION_LIMITS, MODERATION_LIMITS } from '@corral/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationCases } from '../src/db/schema.ts';
import { MANY_FRIENDS } from '../src/modules/feed/feed.queries.ts';
import { grantRoleIn } from '../src/ops/grant-role.ts';
import { bearer, befriend, createPost, setUpMember } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A list request costs at most 3 SQL statements, authentication included, whatever the page size
 * (conventions, "Lists"). Counted through the database client, so the number stays true as code changes.
 */
const MAX_STATEMENTS = 3;
const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ statements });
  PHOTO = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

async function countStatements(url: string, token: string) {
  statements.length = 0;
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return { count: statements.length, body: response.json() };
}

let PHOTO: Buffer;

/** `n` members who are friends of `userId`, made in SQL (sign-ups through the API would take minutes). */
async function manyFriendsOf(userId: string, n: number, postsEach: number) {
  await t.ctx.db.execute(sql`
    insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
    select 'bulk-' || ${userId} || '-' || g, 'Bulk Friend', 'bulk-' || ${userId} || '-' || g || '@example.com',
      'Bulk', 'Friend ' || g, true, true
    from generate_series(1, ${n}) g`);
  await t.ctx.db.execute(sql`
    insert into friendships (user_id, friend_id)
    select ${userId}, 'bulk-' || ${userId} || '-' || g from generate_series(1, ${n}) g
    union all select 'bulk-' || ${userId} || '-' || g, ${userId} from generate_series(1, ${n}) g`);
  await t.ctx.db.execute(sql`
    insert into posts (user_id, kind, title, sort_date, created_at)
    select 'bulk-' || ${userId} || '-' || (g % ${n} + 1), 'post', 'bulk post ' || g,
      now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${n * postsEach}) g`);
}

describe('statements per list request', () => {
  it('the home timeline: first page, next page and ?page=, for a viewer with few friends and with many', async () => {
    const few = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    await befriend(t.app, few.user.id, friend.user.id);
    for (let i = 0; i < 12; i += 1) await createPost(t.app, i % 2 ? friend.token : few.token, `post ${i}`, [PHOTO]);
    // Shares (with and without a comment) carry their originals, hydrated in the same statement.
    const [first] = (await countStatements('/api/home/timeline', few.token)).body.data;
    await t.app.inject({
      method: 'POST',
      url: `/api/posts/${first.id}/share`,
      headers: bearer(friend.token),
      payload: {},
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/posts/${first.id}/share`,
      headers: bearer(friend.token),
      payload: { comment: 'Look' },
    });

    const many = await setUpMember(t.app);
    await manyFriendsOf(many.user.id, MANY_FRIENDS + 20, 2);

    for (const viewer of [few, many]) {
      const page1 = await countStatements('/api/home/timeline', viewer.token);
      expect(page1.body.data).toHaveLength(10);
      expect(page1.count).toBeLessThanOrEqual(MAX_STATEMENTS);
      const cursor = encodeURIComponent(page1.body.next_cursor);
      const page2 = await countStatements(`/api/home/timeline?cursor=${cursor}`, viewer.token);
      expect(page2.body.data.length).toBeGreaterThan(0);
      expect(page2.count).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect((await countStatements('/api/home/timeline?page=2', viewer.token)).count).toBeLessThanOrEqual(
        MAX_STATEMENTS,
      );
    }
    const types = (await countStatements('/api/home/timeline', few.token)).body.data.map(
      (i: { type: string }) => i.type,
    );
    expect(types.slice(0, 2).sort()).toEqual(['2', '3']);
  });

  it('comments: first page and the next', async () => {
    const author = await setUpMember(t.app);
    const post = (await createPost(t.app, author.token, 'Talk to me')).json().data;
    for (let i = 0; i < 25; i += 1)
      await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        headers: bearer(author.token),
        payload: { text: `comment ${i}` },
      });
    const page1 = await countStatements(`/api/posts/${post.id}/comments`, author.token);
    expect(page1.body.data).toHaveLength(20);
    expect(page1.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const cursor = encodeURIComponent(page1.body.next_cursor);
    const page2 = await countStatements(`/api/posts/${post.id}/comments?cursor=${cursor}`, author.token);
    expect(page2.body.data).toHaveLength(5);
    expect(page2.count).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  it('the home side lists: upcoming events, and suggested friends with suggested events', async () => {
    const viewer = await setUpMember(t.app);
    await manyFriendsOf(viewer.user.id, 3, 1);
    expect((await countStatements('/api/home/upcoming-events', viewer.token)).count).toBeLessThanOrEqual(
      MAX_STATEMENTS,
    );
    expect((await countStatements('/api/home/upcoming-events-home', viewer.token)).count).toBeLessThanOrEqual(
      MAX_STATEMENTS,
    );
  });

  it('friend requests received and friends (Contacts), filtered or not', async () => {
    const viewer = await setUpMember(t.app);
    await manyFriendsOf(viewer.user.id, 30, 0);
    const asker = await setUpMember(t.app);
    await befriend(t.app, asker.user.id, `bulk-${viewer.user.id}-1`);
    await t.app.inject({
      method: 'POST',
      url: '/api/friends/requests',
      headers: bearer(asker.token),
      payload: { user_id: viewer.user.id },
    });
    const requests = await countStatements('/api/friends/requests', viewer.token);
    expect(requests.body.data).toHaveLength(1);
    expect(requests.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const all = await countStatements('/api/friends', viewer.token);
    expect(all.body.data).toHaveLength(30);
    expect(all.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect((await countStatements('/api/friends?q=bu', viewer.token)).count).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  it('blocked and muted members (GET /me/blocks)', async () => {
    const viewer = await setUpMember(t.app);
    await manyFriendsOf(viewer.user.id, 6, 0);
    for (let i = 1; i <= 6; i += 1)
      await t.app.inject({
        method: 'POST',
        url: `/api/users/bulk-${viewer.user.id}-${i}/${i % 2 ? 'block' : 'mute'}`,
        headers: bearer(viewer.token),
      });
    const lists = await countStatements('/api/me/blocks', viewer.token);
    expect([lists.body.blocked.length, lists.body.muted.length]).toEqual([3, 3]);
    expect(lists.count).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  it('signed-in devices (GET /me/sessions)', async () => {
    const viewer = await setUpMember(t.app);
    for (let i = 0; i < 3; i += 1)
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: viewer.email, password: viewer.password },
      });
    const list = await countStatements('/api/me/sessions', viewer.token);
    expect(list.body.sessions).toHaveLength(4);
    expect(list.count).toBeLessThanOrEqual(2);
  });

  it('direct messages: the inbox and requests (first page and the next), a page of messages and the next', async () => {
    const viewer = await setUpMember(t.app);
    await manyFriendsOf(viewer.user.id, CONVERSATION_LIMITS.conversationsPageSize + 5, 0);
    const stranger = await setUpMember(t.app);
    await t.ctx.db.execute(sql`update users set message_policy = 'everyone' where id = ${viewer.user.id}`);
    await t.ctx.db.execute(sql`update users set created_at = now() - interval '5 days' where id = ${stranger.user.id}`);
    const say = (url: string, token: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload: { client_id: randomUUID(), ...payload } });
    let conversationId = 0;
    for (let i = 1; i <= CONVERSATION_LIMITS.conversationsPageSize + 5; i += 1) {
      const response = await say('/api/conversations', viewer.token, {
        recipient_id: `bulk-${viewer.user.id}-${i}`,
        body: `Hello ${i}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      conversationId = response.json().conversation.id;
    }
    expect(
      (await say('/api/conversations', stranger.token, { recipient_id: viewer.user.id, body: 'Hi' })).statusCode,
    ).toBe(201);
    for (let i = 0; i < CONVERSATION_LIMITS.messagesPageSize + 5; i += 1)
      await say(`/api/conversations/${conversationId}/messages`, viewer.token, {
        body: `More ${i}`,
      });

    const inbox = await countStatements('/api/conversations', viewer.token);
    expect(inbox.body.data).toHaveLength(CONVERSATION_LIMITS.conversationsPageSize);
    expect(inbox.body.unread).toEqual({ inbox: 0, requests: 1 });
    expect(inbox.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const next = await countStatements(
      `/api/conversations?cursor=${encodeURIComponent(inbox.body.next_cursor)}`,
      viewer.token,
    );
    expect(next.body.data).toHaveLength(5);
    expect(next.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const requests = await countStatements('/api/conversations?box=requests', viewer.token);
    expect(requests.body.data).toHaveLength(1);
    expect(requests.count).toBeLessThanOrEqual(MAX_STATEMENTS);

    const page = await countStatements(`/api/conversations/${conversationId}/messages`, viewer.token);
    expect(page.body.data).toHaveLength(CONVERSATION_LIMITS.messagesPageSize);
    expect(page.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const older = await countStatements(
      `/api/conversations/${conversationId}/messages?cursor=${encodeURIComponent(page.body.next_cursor)}`,
      viewer.token,
    );
    expect(older.body.data).toHaveLength(6);
    expect(older.count).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  it('the moderation queue (open and resolved, first page and the next), one case, and the audit log', async () => {
    const moderator = await setUpMember(t.app);
    await grantRoleIn(t.ctx.db, moderator.email, 'admin');
    const author = await setUpMember(t.app);
    const reporters = [await setUpMember(t.app), await setUpMember(t.app), await setUpMember(t.app)];
    // More cases than a page, each with three reports, a hold and its subject's history.
    for (let i = 0; i < MODERATION_LIMITS.queuePageSize + 10; i += 1) {
      const post = (await createPost(t.app, author.token, `reported ${i}`, i === 0 ? [PHOTO] : [])).json().data;
      for (const reporter of reporters)
        await t.app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: bearer(reporter.token),
          payload: { target_type: 'post', target_id: post.id, reason: 'Spam or Misleading' },
        });
    }
    const cases = await t.ctx.db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(eq(moderationCases.subjectUserId, author.user.id))
      .orderBy(moderationCases.id);
    const caseIds = cases.map((row) => row.id);
    expect(caseIds).toHaveLength(MODERATION_LIMITS.queuePageSize + 10);
    for (const id of caseIds.slice(0, MODERATION_LIMITS.queuePageSize + 7))
      await t.app.inject({
        method: 'POST',
        url: `/api/moderation/reports/${id}/actions`,
        headers: bearer(moderator.token),
        payload: { action: 'warn', reason: 'Spam' },
      });
    for (const status of ['open', 'resolved']) {
      const page1 = await countStatements(`/api/moderation/reports?status=${status}`, moderator.token);
      expect(page1.body.data.length).toBeGreaterThan(0);
      expect(page1.body.data[0].reports).toHaveLength(3);
      expect(page1.count).toBeLessThanOrEqual(MAX_STATEMENTS);
      if (page1.body.next_cursor) {
        const cursor = encodeURIComponent(page1.body.next_cursor);
        const page2 = await countStatements(
          `/api/moderation/reports?status=${status}&cursor=${cursor}`,
          moderator.token,
        );
        expect(page2.body.data.length).toBeGreaterThan(0);
        expect(page2.count).toBeLessThanOrEqual(MAX_STATEMENTS);
      }
    }
    expect((await countStatements(`/api/moderation/reports/${caseIds[0]}`, moderator.token)).count).toBeLessThanOrEqual(
      MAX_STATEMENTS,
    );
    const audit = await countStatements('/api/moderation/audit', moderator.token);
    expect(audit.body.next_cursor).not.toBeNull();
    expect(audit.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const next = encodeURIComponent(audit.body.next_cursor);
    expect((await countStatements(`/api/moderation/audit?cursor=${next}`, moderator.token)).count).toBeLessThanOrEqual(
      MAX_STATEMENTS,
    );
  });
});
