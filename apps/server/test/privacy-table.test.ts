import { MESSAGES } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, setUpMember } from './factories.ts';
import { call, createEvent, type Member, type Method, postOf, setUpMembers } from './fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The architecture's "Who may see what", one describe per row and one test per viewer: the owner, a friend
 * of the owner, another member, and a guest (no token: 401 on every member route). What a viewer may not
 * see answers 404, the same body as something that does not exist.
 */

let t: TestApp;
/** A public member and a private one, each with a friend, and a member who knows neither. */
let owner: Member;
let friend: Member;
let other: Member;
let privateOwner: Member;
let privateFriend: Member;
/** The public owner's post, public event and private event; the private owner's post and event. */
let post: number;
let publicEvent: number;
let privateEvent: number;
let privatePost: number;
let privateOwnersEvent: number;

beforeAll(async () => {
  t = await createTestApp();
  [owner, friend, other, privateOwner, privateFriend] = await setUpMembers(t.app, 5);
  await befriend(t.app, owner.user.id, friend.user.id);
  await befriend(t.app, privateOwner.user.id, privateFriend.user.id);
  post = await postOf(t.app, owner, 'Out at the ranch');
  publicEvent = await createEvent(t.app, owner, { title: 'County rodeo' });
  privateEvent = await createEvent(t.app, owner, { title: 'Family branding day', isPrivate: true });
  privatePost = await postOf(t.app, privateOwner, 'Friends only, please');
  privateOwnersEvent = await createEvent(t.app, privateOwner, { title: 'Private arena practice' });
  await call(t.app, privateOwner, 'PATCH', '/api/me', { is_private: true });
});
afterAll(() => t.close());

const NOT_FOUND = { message: MESSAGES.http.notFound };
const UNAUTHENTICATED = { message: MESSAGES.http.unauthenticated };

async function expectStatus(who: Member | null, method: Method, url: string, status: number, payload?: object) {
  const response = await call(t.app, who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  if (status === 404) expect(response.json()).toEqual(NOT_FOUND);
  if (status === 401) expect(response.json()).toEqual(UNAUTHENTICATED);
  return response;
}

const itemIds = async (who: Member, memberId: string) =>
  (await expectStatus(who, 'GET', `/api/user/posts-and-events/${memberId}`, 200))
    .json()
    .data.map((item: { id: number }) => item.id);

describe('public profile: header, counts, posts and events', () => {
  async function seesAll(who: Member, events: number) {
    const profile = (await expectStatus(who, 'GET', `/api/users/${owner.user.id}`, 200)).json();
    expect(profile).toMatchObject({ id: owner.user.id, first_name: owner.user.first_name, is_private: false });
    expect(profile.counts).toMatchObject({ event_count: events, friends_count: 1 });
    const counts = (await expectStatus(who, 'GET', `/api/user/get/${owner.user.id}`, 200)).json();
    expect(counts).toEqual(profile.counts);
    expect(await itemIds(who, owner.user.id)).toEqual(expect.arrayContaining([post, publicEvent]));
  }
  it('owner: yes', () => seesAll(owner, 2));
  it('friend: yes', () => seesAll(friend, 2));
  it('other member: yes (without the private event)', () => seesAll(other, 1));
  it('guest: no', async () => {
    for (const url of [
      `/api/users/${owner.user.id}`,
      `/api/user/get/${owner.user.id}`,
      `/api/user/posts-and-events/${owner.user.id}`,
    ])
      await expectStatus(null, 'GET', url, 401);
  });
});

describe('private profile: name, avatar, locked notice', () => {
  async function seesWhoItIs(who: Member, status: string) {
    const profile = (await expectStatus(who, 'GET', `/api/users/${privateOwner.user.id}`, 200)).json();
    expect(profile).toMatchObject({
      id: privateOwner.user.id,
      first_name: privateOwner.user.first_name,
      last_name: privateOwner.user.last_name,
      avatar: expect.any(String),
      is_private: true,
      friendship_status: status,
    });
  }
  it('owner: yes', () => seesWhoItIs(privateOwner, 'self'));
  it('friend: yes', () => seesWhoItIs(privateFriend, 'friends'));
  it('other member: yes (the web shows the locked notice)', () => seesWhoItIs(other, 'not_friends'));
  it('guest: no', () => expectStatus(null, 'GET', `/api/users/${privateOwner.user.id}`, 401));
});

describe('private profile: counts, posts, events', () => {
  async function seesContent(who: Member) {
    const profile = (await expectStatus(who, 'GET', `/api/users/${privateOwner.user.id}`, 200)).json();
    expect(profile.counts).toEqual({ event_count: 1, friends_count: 1, mutual_count: 0 });
    await expectStatus(who, 'GET', `/api/user/get/${privateOwner.user.id}`, 200);
    expect(await itemIds(who, privateOwner.user.id)).toEqual([privateOwnersEvent, privatePost]);
    await expectStatus(who, 'GET', `/api/posts/${privatePost}`, 200);
    await expectStatus(who, 'GET', `/api/posts/${privateOwnersEvent}`, 200);
  }
  it('owner: yes', () => seesContent(privateOwner));
  it('friend: yes', () => seesContent(privateFriend));
  it('other member: no, answered as if it did not exist', async () => {
    const profile = (await expectStatus(other, 'GET', `/api/users/${privateOwner.user.id}`, 200)).json();
    expect(profile.counts).toBeNull();
    expect(Object.keys(profile).sort()).toEqual(
      [
        'avatar',
        'counts',
        'first_name',
        'friend_request_id',
        'friendship_status',
        'id',
        'is_private',
        'last_name',
        'name',
      ].sort(),
    );
    await expectStatus(other, 'GET', `/api/user/get/${privateOwner.user.id}`, 404);
    await expectStatus(other, 'GET', `/api/user/posts-and-events/${privateOwner.user.id}`, 404);
    await expectStatus(other, 'GET', `/api/posts/${privatePost}`, 404);
    await expectStatus(other, 'GET', `/api/posts/${privateOwnersEvent}`, 404);
    // Byte for byte what a member who does not exist answers.
    const missing = await call(t.app, other, 'GET', '/api/user/get/no-such-member');
    const hidden = await call(t.app, other, 'GET', `/api/user/get/${privateOwner.user.id}`);
    expect(hidden.body).toBe(missing.body);
  });
  it('guest: no', async () => {
    await expectStatus(null, 'GET', `/api/user/get/${privateOwner.user.id}`, 401);
    await expectStatus(null, 'GET', `/api/user/posts-and-events/${privateOwner.user.id}`, 401);
  });
});

describe('private event (private flag Yes)', () => {
  async function seesIt(who: Member) {
    const item = (await expectStatus(who, 'GET', `/api/posts/${privateEvent}`, 200)).json().data;
    expect(item).toMatchObject({ id: privateEvent, type: '4', title: 'Family branding day' });
    expect(await itemIds(who, owner.user.id)).toContain(privateEvent);
  }
  it('owner: yes', () => seesIt(owner));
  it('friend: yes, in the timeline too', async () => {
    await seesIt(friend);
    const timeline = (await expectStatus(friend, 'GET', '/api/home/timeline', 200)).json();
    expect(timeline.data.map((item: { id: number }) => item.id)).toContain(privateEvent);
  });
  it('other member: no', async () => {
    await expectStatus(other, 'GET', `/api/posts/${privateEvent}`, 404);
    expect(await itemIds(other, owner.user.id)).not.toContain(privateEvent);
    const timeline = (await expectStatus(other, 'GET', '/api/home/timeline', 200)).json();
    expect(timeline.data.map((item: { id: number }) => item.id)).not.toContain(privateEvent);
  });
  it('guest: no', () => expectStatus(null, 'GET', `/api/posts/${privateEvent}`, 401));
});

describe('like, comment, share, report an item the viewer can see', () => {
  async function interacts(who: Member, item: number, { mayReport }: { mayReport: boolean }) {
    const liked = (await expectStatus(who, 'POST', `/api/posts/${item}/like`, 200)).json();
    expect(liked.is_liked).toBe(true);
    await expectStatus(who, 'POST', `/api/posts/${item}/like`, 200);
    await expectStatus(who, 'POST', `/api/posts/${item}/comments`, 200, { text: 'Howdy' });
    await expectStatus(who, 'GET', `/api/posts/${item}/comments`, 200);
    await expectStatus(who, 'POST', `/api/posts/${item}/share`, 200, {});
    // Reporting one's own item is refused (the web hides Report on it); anyone else's is taken.
    await expectStatus(who, 'POST', `/api/posts/${item}/report`, mayReport ? 200 : 422, {
      reason: 'Spam or Misleading',
    });
  }
  async function refused(who: Member, item: number) {
    await expectStatus(who, 'POST', `/api/posts/${item}/like`, 404);
    await expectStatus(who, 'POST', `/api/posts/${item}/comments`, 404, { text: 'Howdy' });
    await expectStatus(who, 'GET', `/api/posts/${item}/comments`, 404);
    await expectStatus(who, 'POST', `/api/posts/${item}/share`, 404, {});
    await expectStatus(who, 'POST', `/api/posts/${item}/report`, 404, { reason: 'Spam or Misleading' });
  }

  it('owner: yes', async () => {
    await interacts(owner, post, { mayReport: false });
    await interacts(owner, privateEvent, { mayReport: false });
  });
  it('friend: yes, private events and private profiles included', async () => {
    await interacts(friend, post, { mayReport: true });
    await interacts(friend, privateEvent, { mayReport: true });
    await interacts(privateFriend, privatePost, { mayReport: true });
  });
  it('other member: yes on what they can see, 404 on what they cannot', async () => {
    await interacts(other, publicEvent, { mayReport: true });
    await refused(other, privateEvent);
    await refused(other, privatePost);
    await refused(other, 999_999_999);
  });
  it('guest: no', async () => {
    for (const action of ['like', 'comments', 'share', 'report'])
      await expectStatus(null, 'POST', `/api/posts/${post}/${action}`, 401, {});
  });
});

describe('delete or edit a post, event or comment: owner only', () => {
  it('owner: yes, a post and an event', async () => {
    const mine = await postOf(t.app, owner, 'Delete me');
    const myEvent = await createEvent(t.app, owner, { title: 'Cancelled rodeo' });
    await expectStatus(owner, 'DELETE', `/api/posts/${mine}`, 200);
    await expectStatus(owner, 'DELETE', `/api/posts/${myEvent}`, 200);
    await expectStatus(owner, 'GET', `/api/posts/${mine}`, 404);
    await expectStatus(owner, 'DELETE', `/api/posts/${mine}`, 404);
  });
  it('friend: no', async () => {
    await expectStatus(friend, 'DELETE', `/api/posts/${post}`, 404);
    await expectStatus(friend, 'DELETE', `/api/posts/${privateEvent}`, 404);
    await expectStatus(friend, 'GET', `/api/posts/${post}`, 200);
  });
  it('other member: no', async () => {
    await expectStatus(other, 'DELETE', `/api/posts/${publicEvent}`, 404);
    await expectStatus(other, 'DELETE', `/api/posts/${privatePost}`, 404);
    await expectStatus(owner, 'GET', `/api/posts/${publicEvent}`, 200);
  });
  it('guest: no', () => expectStatus(null, 'DELETE', `/api/posts/${post}`, 401));
});

describe('friend requests, phone, email: owner only', () => {
  let requestId: number;
  beforeAll(async () => {
    const asker = await setUpMember(t.app);
    await expectStatus(asker, 'POST', '/api/friends/requests', 200, { user_id: owner.user.id });
    [{ id: requestId }] = (await expectStatus(owner, 'GET', '/api/friends/requests', 200)).json().data;
  });

  it('owner: yes', async () => {
    const me = (await expectStatus(owner, 'GET', '/api/verify', 200)).json().user;
    expect(me.email).toBe(owner.user.email);
    expect((await expectStatus(owner, 'GET', '/api/friends/requests', 200)).json().data).toHaveLength(1);
  });
  async function seesNoneOfIt(who: Member) {
    const profile = (await expectStatus(who, 'GET', `/api/users/${owner.user.id}`, 200)).json();
    const text = JSON.stringify(profile);
    expect(text).not.toContain(owner.user.email);
    expect(text).not.toMatch(/phone|email/i);
    expect((await expectStatus(who, 'GET', '/api/friends/requests', 200)).json().data).toEqual([]);
    await expectStatus(who, 'POST', `/api/friends/requests/${requestId}/accept`, 404);
    await expectStatus(who, 'DELETE', `/api/friends/requests/${requestId}`, 404);
  }
  it('friend: no', () => seesNoneOfIt(friend));
  it('other member: no', () => seesNoneOfIt(other));
  it('guest: no', async () => {
    await expectStatus(null, 'GET', '/api/verify', 401);
    await expectStatus(null, 'GET', '/api/friends/requests', 401);
    await expectStatus(null, 'PATCH', '/api/me', 401, { is_private: true });
  });
});

describe('notifications: owner only', () => {
  let notificationId: number;
  beforeAll(async () => {
    // The friend comments on the owner's post: the owner's notification.
    await expectStatus(friend, 'POST', `/api/posts/${post}/comments`, 200, { text: 'Nice ranch' });
    [{ id: notificationId }] = (await expectStatus(owner, 'GET', '/api/notifications', 200)).json().data;
  });

  it('owner: yes', async () => {
    const page = (await expectStatus(owner, 'GET', '/api/notifications', 200)).json();
    expect(page.data.map((n: { id: number }) => n.id)).toContain(notificationId);
    await expectStatus(owner, 'POST', `/api/notifications/${notificationId}/read`, 200);
  });
  async function seesNoneOfIt(who: Member) {
    const page = (await expectStatus(who, 'GET', '/api/notifications', 200)).json();
    expect(page.data.map((n: { id: number }) => n.id)).not.toContain(notificationId);
    await expectStatus(who, 'POST', `/api/notifications/${notificationId}/read`, 404);
    await expectStatus(who, 'POST', `/api/notifications/${notificationId}/accept`, 404);
    await expectStatus(who, 'DELETE', `/api/notifications/${notificationId}`, 404);
    // What another member cannot act on answers as if it did not exist.
    await expectStatus(who, 'DELETE', '/api/notifications/999999999', 404);
  }
  it('friend: no (not even the one they caused)', () => seesNoneOfIt(friend));
  it('other member: no', () => seesNoneOfIt(other));
  it('guest: no', async () => {
    await expectStatus(null, 'GET', '/api/notifications', 401);
    await expectStatus(null, 'DELETE', `/api/notifications/${notificationId}`, 401);
    const stream = await call(t.app, null, 'GET', '/api/stream');
    expect(stream.statusCode).toBe(401);
  });
  it('the owner still has it after all that', async () => {
    const page = (await expectStatus(owner, 'GET', '/api/notifications', 200)).json();
    expect(page.data.map((n: { id: number }) => n.id)).toContain(notificationId);
  });
});
