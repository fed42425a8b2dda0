import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, createPost, setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventDetails, posts } from '../../db/schema.ts';
import { selectRows } from '../../db/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newPost(token: string, title = 'A good run') {
  return (await createPost(t.app, token, title)).json().data.id as number;
}

async function count(query: ReturnType<typeof sql>) {
  const [row] = await selectRows<{ n: number }>(t.ctx.db, query);
  return Number(row?.n);
}

describe('likes', () => {
  it('toggle per member and stay consistent under concurrent likes', async () => {
    const author = await setUpMember(t.app);
    const id = await newPost(author.token);
    const fans = await Promise.all(Array.from({ length: 20 }, () => setUpMember(t.app)));
    const answers = await Promise.all(fans.map((fan) => call('POST', `/api/posts/${id}/like`, fan.token)));
    expect(answers.every((answer) => answer.statusCode === 200 && answer.json().is_liked)).toBe(true);
    // One member hammering the button: whatever the order, the counter equals the rows.
    await Promise.all(Array.from({ length: 7 }, () => call('POST', `/api/posts/${id}/like`, author.token)));
    const rows = await count(sql`select count(*)::int as n from likes where post_id = ${id}`);
    const counter = await count(sql`select likes_count as n from posts where id = ${id}`);
    expect(counter).toBe(rows);
    expect([20, 21]).toContain(rows);
    const item = (await call('GET', `/api/posts/${id}`, author.token)).json().data;
    expect(item.likes_count).toBe(rows);
    expect(item.is_liked).toBe(rows === 21);
  });

  it('cannot be given to what the viewer may not see', async () => {
    const stranger = await setUpMember(t.app);
    await t.ctx.db.execute(sql`update users set is_private = true where id = ${stranger.user.id}`);
    const id = await newPost(stranger.token);
    const viewer = await setUpMember(t.app);
    expect((await call('POST', `/api/posts/${id}/like`, viewer.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/posts/${id}/comments`, viewer.token, { text: 'hi' })).statusCode).toBe(404);
    expect(await count(sql`select likes_count + comments_count as n from posts where id = ${id}`)).toBe(0);
  });
});

describe('comments, shares and type codes', () => {
  it('lists comments oldest first and refuses blank ones', async () => {
    const author = await setUpMember(t.app);
    const id = await newPost(author.token);
    for (const text of ['first', 'second'])
      expect((await call('POST', `/api/posts/${id}/comments`, author.token, { text })).statusCode).toBe(200);
    const blank = await call('POST', `/api/posts/${id}/comments`, author.token, { text: '   ' });
    expect(blank.statusCode).toBe(422);
    const list = (await call('GET', `/api/posts/${id}/comments`, author.token)).json();
    expect(list.data.map((c: { text: string }) => c.text)).toEqual(['first', 'second']);
    expect(list.data[0].user.name).toBe(`${author.user.first_name} ${author.user.last_name}`);
    expect((await call('GET', `/api/posts/${id}`, author.token)).json().data.comments_count).toBe(2);
  });

  it('makes a 3 without a comment and a 2 with one; events make 6 and 5; all in the timeline', async () => {
    const author = await setUpMember(t.app);
    const sharer = await setUpMember(t.app);
    const viewer = await setUpMember(t.app);
    await befriend(t.app, viewer.user.id, sharer.user.id);
    const postId = await newPost(author.token, 'original');
    const [event] = await t.ctx.db
      .insert(posts)
      .values({ userId: author.user.id, kind: 'event', title: 'Cheyenne Frontier Days' })
      .returning();
    if (!event) throw new Error('no event');
    await t.ctx.db.insert(eventDetails).values({
      postId: event.id,
      fromDate: new Date('2027-07-20T15:00:00Z'),
      toDate: new Date('2027-07-30T23:00:00Z'),
      location: 'Cheyenne, WY',
      address: '4610 Carey Ave',
      addedMoney: 500000,
    });
    const share = async (id: number, comment?: string) =>
      (await call('POST', `/api/posts/${id}/share`, sharer.token, comment ? { comment } : {})).json().data;
    const reshared = await share(postId);
    const commented = await share(postId, 'Look at this!');
    const eventShare = await share(event.id);
    const eventComment = await share(event.id, 'Who is going?');
    expect([reshared.type, commented.type, eventShare.type, eventComment.type]).toEqual(['3', '2', '6', '5']);
    expect(reshared).toMatchObject({ title: 'original', user_id: author.user.id, shared_by_user_id: sharer.user.id });
    expect(commented.shared_item).toMatchObject({ id: postId, type: '1', title: 'original' });
    expect(eventComment.shared_item).toMatchObject({
      id: event.id,
      type: '4',
      added_money: 500000,
      location: 'Cheyenne, WY',
    });
    // Sharing a share shares its original.
    expect((await share(reshared.id)).shared_by_user_id).toBe(sharer.user.id);
    expect((await call('GET', `/api/posts/${postId}`, author.token)).json().data.shares_count).toBe(3);

    const types = (await t.app.inject({ method: 'GET', url: '/api/home/timeline', headers: bearer(viewer.token) }))
      .json()
      .data.map((i: { type: string }) => i.type);
    expect(types.slice(0, 5)).toEqual(['3', '5', '6', '2', '3']);
  });

  it('shows a private event only to its owner and friends', async () => {
    const owner = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, friend.user.id);
    const [event] = await t.ctx.db
      .insert(posts)
      .values({ userId: owner.user.id, kind: 'event', title: 'Private branding' })
      .returning();
    if (!event) throw new Error('no event');
    await t.ctx.db.insert(eventDetails).values({
      postId: event.id,
      fromDate: new Date('2027-01-01'),
      toDate: new Date('2027-01-02'),
      location: 'Ranch',
      address: 'Home',
      isPrivate: true,
    });
    expect((await call('GET', `/api/posts/${event.id}`, owner.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/posts/${event.id}`, friend.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/posts/${event.id}`, other.token)).statusCode).toBe(404);
  });
});

describe('reports and deletion', () => {
  it('takes one report per member, needs text for Other, and refuses reporting oneself', async () => {
    const author = await setUpMember(t.app);
    const reporter = await setUpMember(t.app);
    const id = await newPost(author.token);
    const other = await call('POST', `/api/posts/${id}/report`, reporter.token, { reason: 'Other', text: '  ' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('Please specify your reason in the text box.');
    const first = await call('POST', `/api/posts/${id}/report`, reporter.token, { reason: 'Spam or Misleading' });
    expect(first.json().message).toBe('Report submitted with reason: "Spam or Misleading"');
    expect(
      (await call('POST', `/api/posts/${id}/report`, reporter.token, { reason: 'Other', text: 'again' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', `/api/posts/${id}/report`, author.token, { reason: 'Spam or Misleading' })).statusCode,
    ).toBe(400);
    expect(await count(sql`select count(*)::int as n from reports where post_id = ${id}`)).toBe(1);
  });

  it('lets only the owner delete (403 for a member who sees it), and a deleted post is gone', async () => {
    const author = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    const id = await newPost(author.token);
    expect((await call('DELETE', `/api/posts/${id}`, other.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/posts/${id}`, author.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/posts/${id}`, author.token)).statusCode).toBe(404);
  });
});
