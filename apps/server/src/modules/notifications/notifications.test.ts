import type { NotificationsResponse } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, createPost, setUpMember } from '../../../test/factories.ts';
import { createEvent } from '../../../test/fixtures/profiles.fixtures.ts';
import { openStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { News, recordComment, recordEventUpdate, recordLike, recordShare } from './notifications.service.ts';

let t: TestApp;
let base: string;
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ statements });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof setUpMember>>;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

async function bell(member: Member, filter: 'all' | 'unread' = 'all', page = 1): Promise<NotificationsResponse> {
  const response = await call('GET', `/api/notifications?filter=${filter}&page=${page}`, member.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function postBy(member: Member, title = 'Barrel run') {
  const response = await createPost(t.app, member.token, title);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

const like = (member: Member, id: number) => call('POST', `/api/posts/${id}/like`, member.token);
const comment = (member: Member, id: number, text: string) =>
  call('POST', `/api/posts/${id}/comments`, member.token, { text });
const sendRequest = (from: Member, to: Member) =>
  call('POST', '/api/friends/requests', from.token, { user_id: to.user.id });

describe('notifications: one per cause, none for oneself', () => {
  it('folds the likes of one item into one notification, and takes back what is unliked', async () => {
    const ty = await setUpMember(t.app, { first_name: 'Ty', last_name: 'Murray' });
    const owner = await setUpMember(t.app);
    const [b, c] = [await setUpMember(t.app, { first_name: 'Bo' }), await setUpMember(t.app)];
    for (const m of [ty, b, c]) await befriend(t.app, owner.user.id, m.user.id);
    const id = await postBy(owner);

    await like(owner, id); // one's own like: nothing
    expect((await bell(owner)).total).toBe(0);

    await like(b, id);
    await like(c, id);
    await like(ty, id);
    let page = await bell(owner);
    expect(page.total).toBe(1);
    expect(page.unread).toBe(1);
    expect(page.data[0]).toMatchObject({ kind: 'like', title: 'Ty Murray and 2 others liked your post.', post_id: id });

    await like(ty, id); // Ty takes it back: the latest other liker leads, the count drops, nothing unread again
    page = await bell(owner);
    expect(page.data[0]?.title).toMatch(/^\S+ \S+ and 1 other liked your post\.$/);
    await like(c, id);
    await like(b, id);
    page = await bell(owner);
    expect(page.total).toBe(0);
    expect(page.unread).toBe(0);
  });

  it("one notification per comment and per share; none for one's own", async () => {
    const owner = await setUpMember(t.app);
    const friend = await setUpMember(t.app, { first_name: 'Amberley', last_name: 'Snyder' });
    await befriend(t.app, owner.user.id, friend.user.id);
    const id = await postBy(owner);
    await comment(friend, id, 'Great run!');
    await comment(friend, id, 'Again!');
    await comment(owner, id, 'Thanks');
    await call('POST', `/api/posts/${id}/share`, friend.token, { comment: 'Look at this' });
    await call('POST', `/api/posts/${id}/share`, owner.token, {});
    const page = await bell(owner);
    expect(page.total).toBe(3);
    expect(page.data.map((n) => n.title)).toEqual([
      'Amberley Snyder shared your post.',
      'Amberley Snyder commented on your post.',
      'Amberley Snyder commented on your post.',
    ]);
    expect(page.data.map((n) => n.info)).toEqual(['Look at this', 'Again!', 'Great run!']);
    expect(page.data.every((n) => !n.can_accept && !n.isRead)).toBe(true);
  });
});

describe('friend requests in the bell', () => {
  it('Accept confirms the request; the sender hears of it; unread counts follow accept, remove and read', async () => {
    const a = await setUpMember(t.app, { first_name: 'Ann' });
    const b = await setUpMember(t.app, { first_name: 'Ben' });
    expect((await sendRequest(a, b)).statusCode).toBe(200);
    let page = await bell(b);
    expect(page.unread).toBe(1);
    const [request] = page.data;
    expect(request).toMatchObject({ kind: 'friend_request', can_accept: true, accepted: false, isRead: false });

    const accepted = await call('POST', `/api/notifications/${request?.id}/accept`, b.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ status: true, unread: 0 });
    page = await bell(b);
    expect(page.data[0]).toMatchObject({ id: request?.id, accepted: true, can_accept: false, isRead: true });
    expect((await call('GET', '/api/friends', b.token)).json().data.map((f: { id: string }) => f.id)).toEqual([
      a.user.id,
    ]);
    // Accepting twice is refused, and changes nothing.
    expect((await call('POST', `/api/notifications/${request?.id}/accept`, b.token)).statusCode).toBe(409);

    const aBell = await bell(a);
    expect(aBell.unread).toBe(1);
    expect(aBell.data[0]).toMatchObject({ kind: 'friend_accepted', actor: { id: b.user.id } });
    const read = await call('POST', '/api/notifications/read', a.token, { ids: [aBell.data[0]?.id] });
    expect(read.json()).toEqual({ status: true, unread: 0 });
    expect((await bell(a, 'unread')).total).toBe(0);
    const removed = await call('DELETE', `/api/notifications/${aBell.data[0]?.id}`, a.token);
    expect(removed.json()).toEqual({ status: true, unread: 0 });
    expect((await bell(a)).total).toBe(0);
  });

  it('Remove on a waiting request declines it; a cancelled request leaves the bell', async () => {
    const a = await setUpMember(t.app);
    const b = await setUpMember(t.app);
    await sendRequest(a, b);
    const [n] = (await bell(b)).data;
    const removed = await call('DELETE', `/api/notifications/${n?.id}`, b.token);
    expect(removed.json()).toEqual({ status: true, unread: 0 });
    expect((await call('GET', '/api/friends/requests', b.token)).json().data).toEqual([]);

    await sendRequest(a, b); // asked again, then withdrawn by its sender
    expect((await bell(b)).unread).toBe(1);
    const [sent] = (await call('GET', '/api/friends/requests', b.token)).json().data;
    expect((await call('DELETE', `/api/friends/requests/${sent.id}`, a.token)).statusCode).toBe(200);
    expect(await bell(b)).toMatchObject({ total: 0, unread: 0 });
  });

  it("another member's notification answers 404 to every action, and changes nothing", async () => {
    const a = await setUpMember(t.app);
    const b = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    await sendRequest(a, b);
    const [n] = (await bell(b)).data;
    for (const [method, url] of [
      ['POST', `/api/notifications/${n?.id}/read`],
      ['POST', `/api/notifications/${n?.id}/accept`],
      ['DELETE', `/api/notifications/${n?.id}`],
    ] as const)
      expect((await call(method, url, stranger.token)).statusCode).toBe(404);
    await call('POST', '/api/notifications/read', stranger.token, { ids: [n?.id] });
    expect((await bell(b)).data[0]).toMatchObject({ id: n?.id, isRead: false, can_accept: true });
  });
});

describe('the bell pages', () => {
  it('pages of 5 with the total; a page past the end answers the last; Unread filters', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, fan.user.id);
    const id = await postBy(owner);
    for (let i = 0; i < 12; i += 1) await comment(fan, id, `comment ${i}`);
    const first = await bell(owner);
    expect(first).toMatchObject({ total: 12, unread: 12, page: 1 });
    expect(first.data.map((n) => n.info)).toEqual(['comment 11', 'comment 10', 'comment 9', 'comment 8', 'comment 7']);
    const third = await bell(owner, 'all', 3);
    expect(third.data.map((n) => n.info)).toEqual(['comment 1', 'comment 0']);
    const past = await bell(owner, 'all', 9);
    expect(past.page).toBe(3);
    expect(past.data).toEqual(third.data);

    await call('POST', '/api/notifications/read', owner.token, { ids: first.data.map((n) => n.id) });
    const unread = await bell(owner, 'unread');
    expect(unread).toMatchObject({ total: 7, unread: 7 });
    expect(unread.data[0]?.info).toBe('comment 6');
  });

  it('a deleted actor or item leaves the bell and the unread count', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    for (const m of [fan, other]) await befriend(t.app, owner.user.id, m.user.id);
    const kept = await postBy(owner, 'kept');
    const gone = await postBy(owner, 'gone');
    await comment(fan, kept, 'from the fan');
    await comment(other, kept, 'from the other');
    await comment(other, gone, 'on the post that goes');
    expect((await bell(owner)).unread).toBe(3);
    expect((await call('DELETE', '/api/account-delete', fan.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/posts/${gone}`, owner.token)).statusCode).toBe(200);
    const page = await bell(owner);
    expect(page).toMatchObject({ total: 1, unread: 1 });
    expect(page.data[0]?.info).toBe('from the other');
  });

  it('GET /notifications costs at most 3 statements', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, fan.user.id);
    const id = await postBy(owner);
    for (let i = 0; i < 7; i += 1) await comment(fan, id, `c${i}`);
    await like(fan, id);
    for (const url of ['/api/notifications', '/api/notifications?filter=unread&page=2']) {
      statements.length = 0;
      expect((await call('GET', url, owner.token)).statusCode).toBe(200);
      expect(statements.length, url).toBeLessThanOrEqual(3);
    }
  });
});

describe('pushing notifications', () => {
  it('reads any number of notifications for their streams in one statement (an event edit reaches every follower)', async () => {
    const owner = await setUpMember(t.app);
    const fans = [];
    for (let i = 0; i < 12; i += 1) fans.push(await setUpMember(t.app));
    const posts = [];
    for (const fan of fans) {
      await befriend(t.app, owner.user.id, fan.user.id);
      posts.push(await postBy(fan, 'fan post'));
    }
    for (const id of posts) await comment(owner, id, 'Nice');
    const news = new News();
    for (const fan of fans) {
      const [latest] = (await bell(fan)).data;
      if (latest) news.notification(fan.user.id, latest.id);
    }
    const streams = await Promise.all(fans.slice(0, 2).map((fan) => openStream(base, fan.token)));
    try {
      for (const stream of streams) await stream.next('ready');
      statements.length = 0;
      await news.send(t.ctx);
      expect(statements.length).toBe(1);
      for (const stream of streams) expect((await stream.next('notification')).event.notification.info).toBe('Nice');
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('visibility when a notification is written', () => {
  /** A member, a private event of theirs and a stranger who follows it anyway (a follow that raced its change). */
  async function privateEventFollowedByStranger() {
    const [owner, stranger] = [await setUpMember(t.app), await setUpMember(t.app)];
    const event = await createEvent(t.app, owner, { title: 'Behind the chutes', isPrivate: true });
    await t.ctx.db.execute(
      sql`insert into event_follows (post_id, user_id, created_at) values (${event}, ${stranger.user.id}, now())`,
    );
    return { owner, stranger, event };
  }
  const rowsFor = async (userId: string) =>
    (
      await selectRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from notifications where user_id = ${userId}`,
      )
    )[0]?.n;

  it("the followers' statement leaves out a follower who may not see the event, whatever the follows say", async () => {
    const { owner, stranger, event } = await privateEventFollowedByStranger();
    const news = new News();
    const at = new Date(t.ctx.clock.now());
    await t.ctx.db.transaction((tx) =>
      recordEventUpdate(tx, news, { eventId: event, ownerId: owner.user.id, info: 'New title: Secret', at }),
    );
    expect(await rowsFor(stranger.user.id)).toBe(0);
  });

  it('a comment, a like or a share is written only for a recipient who may see the item', async () => {
    const { owner, stranger, event } = await privateEventFollowedByStranger();
    const at = new Date(t.ctx.clock.now());
    const news = new News();
    await t.ctx.db.execute(sql`insert into likes (post_id, user_id) values (${event}, ${owner.user.id})`);
    await t.ctx.db.transaction(async (tx) => {
      // The stranger stands as the recipient of what is about the owner's private event (and its like).
      const about = { ownerId: stranger.user.id, postId: event, at };
      await recordComment(tx, news, { ...about, commenterId: owner.user.id, commentId: 1, text: 'Secret' });
      await recordLike(tx, news, { ...about, likerId: owner.user.id, liked: true });
      await recordShare(tx, news, { ...about, sharerId: owner.user.id, shareId: event, comment: 'Secret' });
    });
    expect(await rowsFor(stranger.user.id)).toBe(0);
  });
});

describe('GET /stream', () => {
  it('pushes a request, its notification and the unread count to the recipient, and the answer to the sender', async () => {
    const a = await setUpMember(t.app, { first_name: 'Ann', last_name: 'Live' });
    const b = await setUpMember(t.app);
    const bStream = await openStream(base, b.token);
    const aStream = await openStream(base, a.token);
    try {
      expect(bStream.status).toBe(200);
      expect(bStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect((await bStream.next('ready')).event).toEqual({
        type: 'ready',
        unread: 0,
        messages: { inbox: 0, requests: 0 },
        resumed: false,
      });
      await aStream.next('ready');

      await sendRequest(a, b);
      const request = (await bStream.next('friend_request')).event.request;
      expect(request.user).toMatchObject({ id: a.user.id, name: 'Ann Live' });
      const notified = (await bStream.next('notification')).event;
      expect(notified.unread).toBe(1);
      expect(notified.notification).toMatchObject({
        kind: 'friend_request',
        title: 'Ann Live sent you a friend request.',
      });

      expect((await call('POST', `/api/friends/requests/${request.id}/accept`, b.token)).statusCode).toBe(200);
      expect((await bStream.next('friend_request_removed')).event.id).toBe(request.id);
      expect((await bStream.next('unread')).event.unread).toBe(0);
      expect((await aStream.next('notification')).event.notification.kind).toBe('friend_accepted');
      expect((await aStream.next('friendship')).event).toMatchObject({
        user_id: b.user.id,
        friendship_status: 'friends',
      });
    } finally {
      aStream.close();
      bStream.close();
    }
  });

  it('reaches every open tab, and a tab that comes back resumes from its last event id', async () => {
    const owner = await setUpMember(t.app);
    const fan = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, fan.user.id);
    const id = await postBy(owner);
    const tabs = [await openStream(base, owner.token), await openStream(base, owner.token)];
    for (const tab of tabs) await tab.next('ready');
    await comment(fan, id, 'seen live');
    const last = await tabs[0]?.next('notification');
    expect(last?.event.notification.info).toBe('seen live');
    expect((await tabs[1]?.next('notification'))?.event.notification.info).toBe('seen live');
    for (const tab of tabs) tab.close();

    await comment(fan, id, 'missed while away');
    const back = await openStream(base, owner.token, last?.id);
    try {
      expect((await back.next('ready')).event).toMatchObject({ resumed: true, unread: 2 });
      // What came in the margin before it left may come again (the web puts counts and refetches lists).
      let missed = await back.next('notification');
      if (missed.event.notification.info === 'seen live') missed = await back.next('notification');
      expect(missed.event.notification.info).toBe('missed while away');
    } finally {
      back.close();
    }
  });

  it('refuses a member more than 10 streams at once, and a hostile Last-Event-ID starts afresh', async () => {
    const member = await setUpMember(t.app);
    const streams = [];
    for (let i = 0; i < 10; i += 1)
      streams.push(await openStream(base, member.token, i === 0 ? "'; drop table x" : 'x'));
    try {
      for (const stream of streams) expect((await stream.next('ready')).event).toMatchObject({ resumed: false });
      const eleventh = await openStream(base, member.token);
      expect(eleventh.status).toBe(429);
    } finally {
      for (const stream of streams) stream.close();
    }
    expect(await t.ctx.db.execute(sql`select 1`)).toBeTruthy();
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(`${base}/api/stream`);
    expect(response.status).toBe(401);
  });
});
