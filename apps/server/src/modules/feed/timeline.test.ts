import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, createPost, setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Keyset } from '../../lib/keyset.ts';
import type { HydratedRow } from '../items/items.hydrate.ts';
import { selectTimelinePage, type TimelinePlan } from './feed.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function timeline(token: string, cursor?: string | null) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/home/timeline${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: number; type: string; title: string | null; user_id: string }[];
    next_cursor: string | null;
  };
}

const post = async (token: string, title: string) => {
  const response = await createPost(t.app, token, title);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
};

describe('home timeline: who sees what', () => {
  it('shows own and friends posts, hides a private stranger, and drops a deleted member at once', async () => {
    const viewer = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    const privateFriend = await setUpMember(t.app);
    await befriend(t.app, viewer.user.id, friend.user.id);
    await befriend(t.app, viewer.user.id, privateFriend.user.id);
    await t.ctx.db.execute(
      sql`update users set is_private = true where id in (${stranger.user.id}, ${privateFriend.user.id})`,
    );
    const mine = await post(viewer.token, 'mine');
    const friends = await post(friend.token, 'from a friend');
    const strangers = await post(stranger.token, 'private stranger');
    const privateFriends = await post(privateFriend.token, 'private friend');

    const ids = (await timeline(viewer.token)).data.map((item) => item.id);
    expect(ids).toEqual([privateFriends, friends, mine]);
    expect(ids).not.toContain(strangers);
    // The stranger's post is not reachable by id either: the same 404 as a missing one.
    const hidden = await t.app.inject({ method: 'GET', url: `/api/posts/${strangers}`, headers: bearer(viewer.token) });
    const missing = await t.app.inject({ method: 'GET', url: '/api/posts/999999999', headers: bearer(viewer.token) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);

    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(friend.token) });
    expect((await timeline(viewer.token)).data.map((item) => item.id)).toEqual([privateFriends, mine]);
  });

  it('refuses members who have not finished setting up', async () => {
    const { signUpMember } = await import('../../../test/factories.ts');
    const newcomer = await signUpMember(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/home/timeline', headers: bearer(newcomer.token) });
    expect(response.statusCode).toBe(403);
  });
});

describe('home timeline: paging', () => {
  it('walks every page with no duplicate and no gap while new posts arrive', async () => {
    const viewer = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    await befriend(t.app, viewer.user.id, friend.user.id);
    const expected: number[] = [];
    for (let i = 0; i < 23; i += 1) expected.unshift(await post(i % 2 ? friend.token : viewer.token, `post ${i}`));

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await timeline(viewer.token, cursor);
      expect(page.data.length).toBeLessThanOrEqual(10);
      seen.push(...page.data.map((item) => item.id));
      // New posts arrive between pages; they belong above the cursor and must not disturb the walk.
      await post(friend.token, 'arrived while paging');
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('gives the same pages with either plan (per-friend lookups or the backward index scan)', async () => {
    const viewer = await setUpMember(t.app);
    const friends = await Promise.all([1, 2, 3].map(() => setUpMember(t.app)));
    for (const friend of friends) await befriend(t.app, viewer.user.id, friend.user.id);
    for (let i = 0; i < 12; i += 1) await post(friends[i % 3]?.token ?? viewer.token, `plan ${i}`);
    const page = (plan: TimelinePlan, from: Keyset | null, size: number) =>
      selectTimelinePage(t.ctx.db, viewer.user.id, from, size, { plan });
    const ids = (rows: HydratedRow[]) => rows.map((row) => row.item.id);
    const lateral = await page('per-friend', null, 30);
    expect(lateral.length).toBe(12);
    expect(ids(await page('scan', null, 30))).toEqual(ids(lateral));
    expect(ids(await page('auto', null, 30))).toEqual(ids(lateral));
    // And page by page, from a cursor in the middle.
    const middle = lateral[4];
    if (!middle) throw new Error('no middle entry');
    const from = { at: middle.sort_date, id: middle.item.id };
    const [a, b, c] = await Promise.all([page('per-friend', from, 5), page('scan', from, 5), page('auto', from, 5)]);
    expect(ids(a)).toEqual(ids(lateral).slice(5, 10));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a.map((row) => Number(row.found))).toEqual([6, 6, 6, 6, 6]);
  });

  it('refuses a malformed cursor with a 400', async () => {
    const viewer = await setUpMember(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/home/timeline?cursor=not-a-cursor',
      headers: bearer(viewer.token),
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps ?page= for older clients', async () => {
    const viewer = await setUpMember(t.app);
    for (let i = 0; i < 12; i += 1) await post(viewer.token, `legacy ${i}`);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/home/timeline?page=2',
      headers: bearer(viewer.token),
    });
    expect(second.json().data.map((item: { title: string }) => item.title)).toEqual(['legacy 1', 'legacy 0']);
  });
});
