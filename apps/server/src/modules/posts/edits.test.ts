import { EDIT_MESSAGES, FEED_MESSAGES, type FeedItem, type NotificationsResponse, RATE_LIMITS } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, createPost, setUpMember } from '../../../test/factories.ts';
import { createEvent } from '../../../test/fixtures/profiles.fixtures.ts';
import { openStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';

/** ADR 028 "Edits": editing and deleting one's own posts, shares and comments, through the real app. */

const clock = new ManualClock(Date.parse('2026-06-01T12:00:00.000Z'));
const statements: string[] = [];
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ clock, statements });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof setUpMember>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const call = (method: Method, url: string, member: Member, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(member.token), ...(payload ? { payload } : {}) });

async function postBy(member: Member, title = 'Barrel run') {
  const response = await createPost(t.app, member.token, title);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: FeedItem }).data.id;
}

async function commentOn(member: Member, postId: number, text: string) {
  const response = await call('POST', `/api/posts/${postId}/comments`, member, { text });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

async function share(member: Member, postId: number, comment?: string) {
  const response = await call('POST', `/api/posts/${postId}/share`, member, comment ? { comment } : {});
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: FeedItem }).data.id;
}

const item = async (member: Member, id: number) => (await call('GET', `/api/posts/${id}`, member)).json().data;
const revisions = async (member: Member, url: string) => {
  const response = await call('GET', url, member);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const bell = async (member: Member): Promise<NotificationsResponse> =>
  (await call('GET', '/api/notifications', member)).json();
const comments = async (member: Member, postId: number) =>
  (await call('GET', `/api/posts/${postId}/comments`, member)).json().data as { id: number; text: string }[];

async function privateMember() {
  const member = await setUpMember(t.app);
  await t.ctx.db.execute(sql`update users set is_private = true where id = ${member.user.id}`);
  return member;
}

const rowCount = async (query: ReturnType<typeof sql>) =>
  Number((await selectRows<{ n: number }>(t.ctx.db, query))[0]?.n);

describe('editing a post', () => {
  it('keeps each earlier version with when it was written, newest first, and says when it was edited', async () => {
    const author = await setUpMember(t.app);
    const created = new Date(clock.now()).toISOString();
    const id = await postBy(author, 'First take');
    clock.advance(60_000);
    const firstEdit = new Date(clock.now()).toISOString();
    const edited = await call('PATCH', `/api/posts/${id}`, author, { title: '  Second take ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ id, type: '1', title: 'Second take', edited_at: firstEdit });
    clock.advance(60_000);
    await call('PATCH', `/api/posts/${id}`, author, { title: 'Third take' });

    expect(await revisions(author, `/api/posts/${id}/revisions`)).toEqual([
      { text: 'Second take', written_at: firstEdit },
      { text: 'First take', written_at: created },
    ]);
    expect(await item(author, id)).toMatchObject({
      title: 'Third take',
      edited_at: new Date(clock.now()).toISOString(),
    });
    const timeline = (await call('GET', '/api/home/timeline', author)).json().data as FeedItem[];
    expect(timeline.find((entry) => entry.id === id)).toMatchObject({ title: 'Third take' });
  });

  it('the same text again keeps no revision and answers the item as it is', async () => {
    const author = await setUpMember(t.app);
    const id = await postBy(author, 'Unchanged');
    const again = await call('PATCH', `/api/posts/${id}`, author, { title: ' Unchanged ' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ title: 'Unchanged', edited_at: null });
    expect(await revisions(author, `/api/posts/${id}/revisions`)).toEqual([]);
  });

  it('a post without photos keeps some text; unknown fields are refused', async () => {
    const author = await setUpMember(t.app);
    const id = await postBy(author, 'Keep me');
    const blank = await call('PATCH', `/api/posts/${id}`, author, { title: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().message).toBe(FEED_MESSAGES.postEmpty);
    expect((await call('PATCH', `/api/posts/${id}`, author, { title: 'x', user_id: 'someone' })).statusCode).toBe(422);
    expect(await item(author, id)).toMatchObject({ title: 'Keep me', edited_at: null });
  });

  it("a share's author edits its comment; a share without one, and an event, are not edited here", async () => {
    const owner = await setUpMember(t.app);
    const sharer = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, sharer.user.id);
    const original = await postBy(owner, 'Original');
    const withComment = await share(sharer, original, 'Look at this');
    const withoutComment = await share(sharer, original);

    const edited = await call('PATCH', `/api/posts/${withComment}`, sharer, { title: 'Look at THIS' });
    expect(edited.json().data).toMatchObject({ type: '2', title: 'Look at THIS', shared_item: { title: 'Original' } });
    // The original's author was told of the share with its words: the bell quotes the new ones.
    expect((await bell(owner)).data.map((n) => n.info)).toContain('Look at THIS');
    expect((await bell(owner)).data.map((n) => n.info)).not.toContain('Look at this');
    const emptied = await call('PATCH', `/api/posts/${withComment}`, sharer, { title: ' ' });
    expect([emptied.statusCode, emptied.json().message]).toEqual([422, EDIT_MESSAGES.shareCommentEmpty]);

    const bare = await call('PATCH', `/api/posts/${withoutComment}`, sharer, { title: 'Now with words' });
    expect([bare.statusCode, bare.json().message]).toEqual([400, EDIT_MESSAGES.shareWithoutComment]);
    const event = await createEvent(t.app, owner);
    const onEvent = await call('PATCH', `/api/posts/${event}`, owner, { title: 'Renamed' });
    expect([onEvent.statusCode, onEvent.json().message]).toEqual([400, EDIT_MESSAGES.eventEditedOnItsPage]);
    expect(
      await rowCount(sql`select count(*)::int as n from post_revisions where post_id in (${withoutComment}, ${event})`),
    ).toBe(0);
  });

  it('only by its author: 403 for a member who sees it, 404 as if missing for one who may not', async () => {
    const author = await privateMember();
    const friend = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    await befriend(t.app, author.user.id, friend.user.id);
    const id = await postBy(author, 'Friends only');

    const byFriend = await call('PATCH', `/api/posts/${id}`, friend, { title: 'Hijacked' });
    expect([byFriend.statusCode, byFriend.json().message]).toEqual([403, EDIT_MESSAGES.notYourPost]);
    const byStranger = await call('PATCH', `/api/posts/${id}`, stranger, { title: 'Hijacked' });
    const missing = await call('PATCH', '/api/posts/999999999', stranger, { title: 'Hijacked' });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.body).toBe(missing.body);
    // DELETE answers alike.
    expect((await call('DELETE', `/api/posts/${id}`, friend)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/posts/${id}`, stranger)).body).toBe(
      (await call('DELETE', '/api/posts/999999999', stranger)).body,
    );
    expect(await item(author, id)).toMatchObject({ title: 'Friends only', edited_at: null });
  });
});

describe('editing a comment', () => {
  it('keeps the earlier versions; the bell of the post author quotes the new text', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    const id = await postBy(owner);
    const created = new Date(clock.now()).toISOString();
    const commentId = await commentOn(fan, id, 'Nice run');
    clock.advance(30_000);
    const edited = await call('PATCH', `/api/comments/${commentId}`, fan, { text: 'Great run!' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: commentId,
      text: 'Great run!',
      edited_at: new Date(clock.now()).toISOString(),
      user: { id: fan.user.id },
    });
    expect(await comments(owner, id)).toMatchObject([{ id: commentId, text: 'Great run!' }]);
    expect(await revisions(owner, `/api/comments/${commentId}/revisions`)).toEqual([
      { text: 'Nice run', written_at: created },
    ]);
    expect((await bell(owner)).data[0]?.info).toBe('Great run!');
    const same = await call('PATCH', `/api/comments/${commentId}`, fan, { text: 'Great run!' });
    expect(same.statusCode).toBe(200);
    expect(await rowCount(sql`select count(*)::int as n from comment_revisions where comment_id = ${commentId}`)).toBe(
      1,
    );
  });

  it('only by its author (the post author included: 403); 404 on an item the viewer may not see', async () => {
    const author = await privateMember();
    const fan = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    await befriend(t.app, author.user.id, fan.user.id);
    const id = await postBy(author);
    const commentId = await commentOn(fan, id, 'Mine');
    const byAuthor = await call('PATCH', `/api/comments/${commentId}`, author, { text: 'Not yours' });
    expect([byAuthor.statusCode, byAuthor.json().message]).toEqual([403, EDIT_MESSAGES.notYourComment]);
    const missing = await call('PATCH', '/api/comments/999999999', stranger, { text: 'x' });
    for (const [method, url, payload] of [
      ['PATCH', `/api/comments/${commentId}`, { text: 'x' }],
      ['DELETE', `/api/comments/${commentId}`, undefined],
      ['GET', `/api/comments/${commentId}/revisions`, undefined],
    ] as const) {
      const answer = await call(method, url, stranger, payload);
      expect([answer.statusCode, answer.body], `${method} ${url}`).toEqual([404, missing.body]);
    }
    const blank = await call('PATCH', `/api/comments/${commentId}`, fan, { text: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(await comments(author, id)).toMatchObject([{ text: 'Mine' }]);
  });
  it('a comment held for review or across a block is missing to others, as in the thread; its writer keeps it', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    const id = await postBy(owner);
    const held = await commentOn(fan, id, 'Held back');
    const blocked = await commentOn(other, id, 'Across a block');
    await t.ctx.db.execute(sql`update comments set held_at = now() where id = ${held}`);
    await t.ctx.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${other.user.id}, ${owner.user.id})`,
    );
    const missing = await call('GET', '/api/comments/999999999/revisions', owner);
    for (const commentId of [held, blocked])
      for (const [method, url] of [
        ['GET', `/api/comments/${commentId}/revisions`],
        ['DELETE', `/api/comments/${commentId}`],
      ] as const) {
        const answer = await call(method, url, owner);
        expect([answer.statusCode, answer.body], `${method} ${url}`).toEqual([404, missing.body]);
      }
    expect((await call('PATCH', `/api/comments/${held}`, fan, { text: 'Still mine' })).statusCode).toBe(200);
    expect((await comments(owner, id)).map((c) => c.id)).toEqual([]);
  });
});

describe('deleting', () => {
  it('a comment: by its author or the post author, at once out of the thread, the count and the bell', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    const id = await postBy(owner);
    const first = await commentOn(fan, id, 'first');
    const second = await commentOn(fan, id, 'second');
    expect((await bell(owner)).unread).toBe(2);

    const byOther = await call('DELETE', `/api/comments/${first}`, other);
    expect([byOther.statusCode, byOther.json().message]).toEqual([403, EDIT_MESSAGES.cannotDeleteComment]);

    const stream = await openStream(base, owner.token);
    try {
      await stream.next('ready');
      expect((await call('DELETE', `/api/comments/${first}`, fan)).statusCode).toBe(200);
      // The post author's badge drops at once, without asking.
      expect((await stream.next('unread')).event).toEqual({ type: 'unread', unread: 1 });
    } finally {
      stream.close();
    }
    expect((await call('DELETE', `/api/comments/${second}`, owner)).statusCode).toBe(200);
    expect(await comments(other, id)).toEqual([]);
    expect((await item(other, id)).comments_count).toBe(0);
    expect(await bell(owner)).toMatchObject({ total: 0, unread: 0 });
    // Deleted is gone: a second delete, an edit or its history answer 404.
    expect((await call('DELETE', `/api/comments/${first}`, fan)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/comments/${first}`, fan, { text: 'back' })).statusCode).toBe(404);
    expect((await call('GET', `/api/comments/${first}/revisions`, fan)).statusCode).toBe(404);
  });

  it('a share: its original counts it no more and its author is no longer told of it', async () => {
    const owner = await setUpMember(t.app);
    const sharer = await setUpMember(t.app);
    const original = await postBy(owner, 'Shared around');
    const shareId = await share(sharer, original, 'Must see');
    const bare = await share(sharer, original);
    expect((await item(owner, original)).shares_count).toBe(2);
    expect((await bell(owner)).total).toBe(2);

    for (const id of [shareId, bare]) expect((await call('DELETE', `/api/posts/${id}`, sharer)).statusCode).toBe(200);
    expect((await item(owner, original)).shares_count).toBe(0);
    expect(await bell(owner)).toMatchObject({ total: 0, unread: 0 });
    expect((await call('GET', `/api/posts/${shareId}`, owner)).statusCode).toBe(404);
  });

  it('a post: out of every list at once, with its shares, and what its likes and comments said', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, fan.user.id);
    const id = await postBy(owner, 'Going, going');
    await call('POST', `/api/posts/${id}/like`, fan);
    await commentOn(fan, id, 'Gone?');
    const shareId = await share(fan, id, 'Before it goes');
    expect((await bell(owner)).total).toBe(3);

    expect((await call('DELETE', `/api/posts/${id}`, owner)).statusCode).toBe(200);
    const timeline = (await call('GET', '/api/home/timeline', fan)).json().data as FeedItem[];
    expect(timeline.map((entry) => entry.id)).not.toContain(id);
    expect(timeline.map((entry) => entry.id)).not.toContain(shareId);
    const profile = (await call('GET', `/api/user/posts-and-events/${owner.user.id}`, fan)).json().data as FeedItem[];
    expect(profile).toEqual([]);
    expect(await bell(owner)).toMatchObject({ total: 0, unread: 0 });
    expect((await call('GET', `/api/posts/${id}/comments`, fan)).statusCode).toBe(404);
    expect((await call('GET', `/api/posts/${id}/revisions`, fan)).statusCode).toBe(404);
  });
});

describe('revisions', () => {
  it('are shown to whoever may see the item, and to nobody else (404 as if missing)', async () => {
    const author = await privateMember();
    const friend = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    await befriend(t.app, author.user.id, friend.user.id);
    const id = await postBy(author, 'Before');
    await call('PATCH', `/api/posts/${id}`, author, { title: 'After' });
    expect(await revisions(friend, `/api/posts/${id}/revisions`)).toMatchObject([{ text: 'Before' }]);
    const hidden = await call('GET', `/api/posts/${id}/revisions`, stranger);
    const missing = await call('GET', '/api/posts/999999999/revisions', stranger);
    expect([hidden.statusCode, hidden.body]).toEqual([404, missing.body]);
  });

  it("a share without a comment answers its original's, which its card shows", async () => {
    const owner = await setUpMember(t.app);
    const sharer = await setUpMember(t.app);
    const original = await postBy(owner, 'v1');
    const bare = await share(sharer, original);
    await call('PATCH', `/api/posts/${original}`, owner, { title: 'v2' });
    expect(await item(sharer, bare)).toMatchObject({ type: '3', title: 'v2', edited_at: expect.any(String) });
    expect(await revisions(sharer, `/api/posts/${bare}/revisions`)).toMatchObject([{ text: 'v1' }]);
  });

  it('cost at most 3 statements, authentication included', async () => {
    const author = await setUpMember(t.app);
    const id = await postBy(author, 'Counted');
    const commentId = await commentOn(author, id, 'Counted too');
    await call('PATCH', `/api/posts/${id}`, author, { title: 'Counted again' });
    await call('PATCH', `/api/comments/${commentId}`, author, { text: 'Counted again' });
    for (const url of [`/api/posts/${id}/revisions`, `/api/comments/${commentId}/revisions`]) {
      statements.length = 0;
      expect((await call('GET', url, author)).statusCode).toBe(200);
      expect(statements.length, url).toBeLessThanOrEqual(3);
    }
  });
});

describe('limits', () => {
  it(`allows ${RATE_LIMITS.editsPerMember.points} edits an hour per member, then 429 with Retry-After and nothing changed`, async () => {
    const limited = await createTestApp({
      clock: new ManualClock(Date.parse('2026-06-01T12:00:00Z')),
      rateLimitScale: 1,
    });
    try {
      const author = await setUpMember(limited.app);
      const id = (await createPost(limited.app, author.token, 'v0')).json().data.id as number;
      const edit = (title: string) =>
        limited.app.inject({
          method: 'PATCH',
          url: `/api/posts/${id}`,
          headers: bearer(author.token),
          payload: { title },
        });
      for (let i = 1; i <= RATE_LIMITS.editsPerMember.points; i += 1)
        expect((await edit(`v${i}`)).statusCode).toBe(200);
      const refused = await edit('one more');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const [row] = await selectRows<{ title: string }>(limited.ctx.db, sql`select title from posts where id = ${id}`);
      expect(row?.title).toBe(`v${RATE_LIMITS.editsPerMember.points}`);
    } finally {
      await limited.close();
    }
  });
});
