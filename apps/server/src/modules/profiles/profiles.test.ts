import { MESSAGES, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, setUpMember, signUpMember } from '../../../test/factories.ts';
import {
  call,
  createEvent,
  type Member,
  photo,
  postOf,
  setUpMembers,
  uploadAvatar,
} from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';
import { DEMO_MEMBER, DEMO_NEIGHBOURS, seedDemoCommunity } from '../../seed/demo-community.ts';
import { PRIVATE_DEMO_EMAILS } from '../../seed/demo-profiles.ts';
import { originalKey } from '../media/media.service.ts';

const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ statements });
});
afterAll(() => t.close());

const get = (who: Member, url: string) => call(t.app, who, 'GET', url);
const profileOf = async (viewer: Member, member: Member) => (await get(viewer, `/api/users/${member.user.id}`)).json();
const ask = (from: Member, to: Member) => call(t.app, from, 'POST', '/api/friends/requests', { user_id: to.user.id });
const makePrivate = (member: Member) => call(t.app, member, 'PATCH', '/api/me', { is_private: true });
const members = <N extends number>(n: N) => setUpMembers(t.app, n);
const NOT_FOUND = { message: MESSAGES.http.notFound };

describe('GET /users/:id', () => {
  it('answers who the member is, the friendship status the buttons follow, and the pending request either way', async () => {
    const [me, friend, asked, asker, stranger] = await members(5);
    await befriend(t.app, me.user.id, friend.user.id);
    await ask(me, asked);
    await ask(asker, me);

    const self = await profileOf(me, me);
    expect(self).toMatchObject({
      id: me.user.id,
      first_name: me.user.first_name,
      last_name: me.user.last_name,
      name: `${me.user.first_name} ${me.user.last_name}`,
      avatar: USER_PLACEHOLDER_IMAGE,
      is_private: false,
      friendship_status: 'self',
      friend_request_id: null,
    });
    expect((await profileOf(me, friend)).friendship_status).toBe('friends');
    expect((await profileOf(me, stranger)).friendship_status).toBe('not_friends');

    const sent = await profileOf(me, asked);
    expect(sent.friendship_status).toBe('pending_sent');
    const [received] = (await get(asked, '/api/friends/requests')).json().data;
    expect(sent.friend_request_id).toBe(received.id);
    // The sender cancels with it.
    expect((await call(t.app, me, 'DELETE', `/api/friends/requests/${sent.friend_request_id}`)).statusCode).toBe(200);
    expect((await profileOf(me, asked)).friendship_status).toBe('not_friends');

    const incoming = await profileOf(me, asker);
    expect(incoming.friendship_status).toBe('pending_received');
    const accepted = await call(t.app, me, 'POST', `/api/friends/requests/${incoming.friend_request_id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(await profileOf(me, asker)).toMatchObject({ friendship_status: 'friends', friend_request_id: null });
  });

  it('counts the events the viewer may see, live friends, and the friends the two share', async () => {
    const [owner, viewer, both1, both2, onlyOwner, gone] = await members(6);
    for (const friend of [both1, both2, onlyOwner, gone]) await befriend(t.app, owner.user.id, friend.user.id);
    for (const friend of [both1, both2, gone]) await befriend(t.app, viewer.user.id, friend.user.id);
    await call(t.app, gone, 'DELETE', '/api/account-delete');
    await createEvent(t.app, owner, { title: 'Open rodeo' });
    await createEvent(t.app, owner, { title: 'Friends only', isPrivate: true });
    await postOf(t.app, owner, 'Not an event');

    expect((await profileOf(viewer, owner)).counts).toEqual({ event_count: 1, friends_count: 3, mutual_count: 2 });
    expect((await profileOf(owner, owner)).counts).toEqual({ event_count: 2, friends_count: 3, mutual_count: 0 });
    expect((await profileOf(both1, owner)).counts).toEqual({ event_count: 2, friends_count: 3, mutual_count: 0 });
    expect((await get(viewer, `/api/user/get/${owner.user.id}`)).json()).toEqual({
      event_count: 1,
      friends_count: 3,
      mutual_count: 2,
    });
  });

  it('shows a stranger only who a private member is, and counts to the member and friends', async () => {
    const [owner, friend, stranger] = await members(3);
    await befriend(t.app, owner.user.id, friend.user.id);
    await makePrivate(owner);

    const seen = await profileOf(stranger, owner);
    expect(seen).toEqual({
      id: owner.user.id,
      first_name: owner.user.first_name,
      last_name: owner.user.last_name,
      name: `${owner.user.first_name} ${owner.user.last_name}`,
      avatar: USER_PLACEHOLDER_IMAGE,
      is_private: true,
      friendship_status: 'not_friends',
      friend_request_id: null,
      is_muted: false,
      counts: null,
    });
    expect((await profileOf(friend, owner)).counts).toEqual({ event_count: 0, friends_count: 1, mutual_count: 0 });
    expect((await profileOf(owner, owner)).counts).not.toBeNull();
    const hidden = await get(stranger, `/api/user/get/${owner.user.id}`);
    expect(hidden.statusCode).toBe(404);
    expect((await get(friend, `/api/user/get/${owner.user.id}`)).statusCode).toBe(200);
  });

  it('answers a missing or deleted member with the same 404 as a hidden one', async () => {
    const [viewer, leaver, secret] = await members(3);
    await call(t.app, leaver, 'DELETE', '/api/account-delete');
    await makePrivate(secret);
    const bodies = new Set<string>();
    for (const url of [
      '/api/users/no-such-member',
      `/api/users/${leaver.user.id}`,
      '/api/user/get/no-such-member',
      `/api/user/get/${leaver.user.id}`,
      `/api/user/get/${secret.user.id}`,
      '/api/user/posts-and-events/no-such-member',
      `/api/user/posts-and-events/${leaver.user.id}`,
      `/api/user/posts-and-events/${secret.user.id}`,
    ]) {
      const response = await get(viewer, url);
      expect(response.statusCode, url).toBe(404);
      bodies.add(response.body);
    }
    expect([...bodies].map((body) => JSON.parse(body))).toEqual([NOT_FOUND]);
  });

  it('answers a member who has not finished onboarding or phone verification as missing, to others only', async () => {
    const [viewer] = await members(1);
    const unfinished = await signUpMember(t.app);
    for (const url of [
      `/api/users/${unfinished.user.id}`,
      `/api/user/get/${unfinished.user.id}`,
      `/api/user/posts-and-events/${unfinished.user.id}`,
    ]) {
      const response = await get(viewer, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(
      (await call(t.app, viewer, 'POST', '/api/friends/requests', { user_id: unfinished.user.id })).json(),
    ).toEqual(NOT_FOUND);
  });
});

describe('GET /user/posts-and-events/:id', () => {
  it("pages the member's own posts, events and shares newest first, as the timeline's cards", async () => {
    const [owner, viewer, other] = await members(3);
    const base = t.ctx.clock.now() - 3_600_000;
    for (let i = 0; i < 11; i += 1) await postOf(t.app, owner, `post ${i}`);
    await createEvent(t.app, owner, { title: 'Barrel jackpot', at: new Date(base) });
    const theirs = await postOf(t.app, other, 'Worth sharing');
    await call(t.app, owner, 'POST', `/api/posts/${theirs}/share`, { comment: 'Look at this' });
    await call(t.app, owner, 'POST', `/api/posts/${theirs}/share`, {});
    await postOf(t.app, other, 'Not on the profile');

    const first = (await get(viewer, `/api/user/posts-and-events/${owner.user.id}`)).json();
    expect(first.data).toHaveLength(10);
    expect(first.data.slice(0, 2).map((item: { type: string }) => item.type)).toEqual(['3', '2']);
    expect(first.data[0]).toMatchObject({
      id: expect.any(Number),
      shared_by_user_id: owner.user.id,
      title: 'Worth sharing',
    });
    expect(first.data[1].shared_item).toMatchObject({ title: 'Worth sharing', user_id: other.user.id });
    expect(first.data[2]).toMatchObject({ type: '1', title: 'post 10', user_id: owner.user.id });
    expect(first.next_cursor).toEqual(expect.any(String));

    const second = (
      await get(viewer, `/api/user/posts-and-events/${owner.user.id}?cursor=${encodeURIComponent(first.next_cursor)}`)
    ).json();
    expect(second.data.map((item: { title: string }) => item.title)).toEqual([
      'post 2',
      'post 1',
      'post 0',
      'Barrel jackpot',
    ]);
    expect(second.data.at(-1).type).toBe('4');
    expect(second.next_cursor).toBeNull();
    // ?page= (the spec's) answers the same pages.
    const legacy = (await get(viewer, `/api/user/posts-and-events/${owner.user.id}?page=2`)).json();
    expect(legacy.data.map((item: { id: number }) => item.id)).toEqual(
      second.data.map((item: { id: number }) => item.id),
    );
    expect((await get(viewer, `/api/user/posts-and-events/${owner.user.id}?cursor=bogus`)).statusCode).toBe(400);
  });

  it('never shows an item the viewer may not see: private events, shares of hidden posts, deleted items', async () => {
    const [owner, friend, stranger, secret] = await members(4);
    await befriend(t.app, owner.user.id, friend.user.id);
    await befriend(t.app, owner.user.id, secret.user.id);
    await createEvent(t.app, owner, { title: 'Family branding', isPrivate: true });
    await createEvent(t.app, owner, { title: 'County fair' });
    const hiddenOriginal = await postOf(t.app, secret, 'Only for friends');
    await makePrivate(secret);
    await call(t.app, owner, 'POST', `/api/posts/${hiddenOriginal}/share`, { comment: 'Ha' });
    const removed = await postOf(t.app, owner, 'Oops');
    await call(t.app, owner, 'DELETE', `/api/posts/${removed}`);

    const titles = async (viewer: Member) =>
      (await get(viewer, `/api/user/posts-and-events/${owner.user.id}`))
        .json()
        .data.map(
          (item: { title: string; shared_item: { title: string } | null }) => item.shared_item?.title ?? item.title,
        );
    expect(await titles(owner)).toEqual(['Only for friends', 'County fair', 'Family branding']);
    expect(await titles(friend)).toEqual(['County fair', 'Family branding']);
    expect(await titles(stranger)).toEqual(['County fair']);

    // A private profile: only the member and friends see its posts and events.
    await makePrivate(owner);
    expect((await get(stranger, `/api/user/posts-and-events/${owner.user.id}`)).statusCode).toBe(404);
    expect(await titles(friend)).toEqual(['County fair', 'Family branding']);
    expect(await titles(owner)).toHaveLength(3);
  });
});

describe('PATCH /me', () => {
  it('changes the names (trimmed) and the privacy, answering the user as /verify does', async () => {
    const me = await setUpMember(t.app);
    const response = await call(t.app, me, 'PATCH', '/api/me', {
      first_name: '  Amberley ',
      last_name: ' Snyder',
      is_private: true,
      verified: 0,
      is_onboard: 0,
      email: 'taken@example.com',
      user_id: 'someone-else',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      user: { ...me.user, first_name: 'Amberley', last_name: 'Snyder', is_onboard: 1, verified: 1 },
      is_private: true,
      message_policy: 'friends_of_friends',
    });
    const verified = (await get(me, '/api/verify')).json().user;
    expect(verified).toMatchObject({ first_name: 'Amberley', last_name: 'Snyder', email: me.user.email, verified: 1 });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ name: 'Amberley Snyder', isPrivate: true });

    const back = await call(t.app, me, 'PATCH', '/api/me', { is_private: false });
    expect(back.json()).toMatchObject({ user: { first_name: 'Amberley' }, is_private: false });
    // Nothing to change is not an error.
    expect((await call(t.app, me, 'PATCH', '/api/me', {})).json()).toMatchObject({ is_private: false });
  });

  it('sets who may start a conversation with the member (ADR 029)', async () => {
    const me = await setUpMember(t.app);
    for (const policy of ['nobody', 'friends', 'everyone', 'friends_of_friends'] as const) {
      const response = await call(t.app, me, 'PATCH', '/api/me', { message_policy: policy });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message_policy: policy, is_private: false });
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
      expect(row?.messagePolicy).toBe(policy);
      // GET /me reads it back, with the rest of the member's settings.
      const read = await call(t.app, me, 'GET', '/api/me');
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ user: { id: me.user.id }, is_private: false, message_policy: policy });
    }
    expect((await call(t.app, null, 'GET', '/api/me')).statusCode).toBe(401);
  });

  it('keeps the sign-up name rules, and changes nothing when refused', async () => {
    const me = await setUpMember(t.app, { first_name: 'Ty', last_name: 'Murray' });
    const refused = [
      [{ first_name: '   ' }, MESSAGES.signUp.nameRequired],
      [{ first_name: 'x'.repeat(51) }, MESSAGES.generic.maxLength(50)],
      [{ last_name: 'y'.repeat(51) }, MESSAGES.generic.maxLength(50)],
      [{ first_name: 'Al', last_name: '' }, MESSAGES.signUp.nameRequired],
      [{ last_name: '' }, MESSAGES.signUp.nameRequired],
      [{ is_private: 'yes' }, undefined],
      [{ message_policy: 'strangers' }, undefined],
      [{ message_policy: null }, undefined],
    ] as const;
    for (const [body, message] of refused) {
      const response = await call(t.app, me, 'PATCH', '/api/me', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      if (message) expect(response.json().message).toBe(message);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({
      firstName: 'Ty',
      lastName: 'Murray',
      isPrivate: false,
      messagePolicy: 'friends_of_friends',
    });
    // A last name alone is checked together with the first name kept.
    const ok = await call(t.app, me, 'PATCH', '/api/me', { last_name: 'Murray Jr.' });
    expect(ok.json().user).toMatchObject({ first_name: 'Ty', last_name: 'Murray Jr.' });
  });
});

describe('POST /me/avatar', () => {
  it('runs the photo through the image pipeline, serves it under /media and replaces the old one', async () => {
    const me = await setUpMember(t.app);
    const response = await uploadAvatar(t.app, me, [await photo(900, 900)]);
    expect(response.statusCode, response.body).toBe(200);
    const { user, is_private } = response.json();
    expect(is_private).toBe(false);
    expect(user.avatar).toMatch(/^\/media\/i\/[0-9a-f]{32}\/320\.webp$/);
    expect(user.profile_image).toBe(user.avatar);
    // Stored with its full-size original beside the variants (for the member's data export, never served).
    const originalOf = (avatar: string) =>
      originalKey(t.ctx.config.authSecret, avatar.replace(/^\/media\//, '').replace(/\/\d+\.webp$/, ''), 'jpg');
    expect(await t.ctx.storage.exists(originalOf(user.avatar))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/media/${originalOf(user.avatar)}` })).statusCode).toBe(404);
    expect((await get(me, '/api/verify')).json().user.avatar).toBe(user.avatar);

    const served = await t.app.inject({ method: 'GET', url: user.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // Everyone sees it: profile, feed cards.
    const other = await setUpMember(t.app);
    expect((await profileOf(other, me)).avatar).toBe(user.avatar);
    await postOf(t.app, me, 'New photo, who dis');
    const [item] = (await get(other, `/api/user/posts-and-events/${me.user.id}`)).json().data;
    expect(item.user_image).toBe(user.avatar);

    // A small photo is never scaled up: its own width.
    const next = (await uploadAvatar(t.app, me, [await photo(200, 200, '#2f5d8a')])).json().user.avatar;
    expect(next).toMatch(/\/200\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: user.avatar })).statusCode).toBe(404);
    expect(await t.ctx.storage.get(user.avatar.replace(/^\/media\//, ''))).toBeNull();
    // The replaced photo's full-size original goes with its variants.
    expect(await t.ctx.storage.exists(originalOf(user.avatar))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
  });

  it('refuses what is not one photo, with a clear message and nothing changed', async () => {
    const me = await setUpMember(t.app);
    const notImage = await uploadAvatar(t.app, me, [Buffer.from('%PDF-1.4 definitely not a photo')]);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().message).toMatch(/not an image/);
    const two = await uploadAvatar(t.app, me, [await photo(), await photo()]);
    expect(two.statusCode).toBe(422);
    expect(two.json().message).toBe('Send one photo for your profile.');
    const huge = await uploadAvatar(t.app, me, [Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large/);
    const json = await call(t.app, me, 'POST', '/api/me/avatar', { image: 'x' });
    expect(json.statusCode).toBe(415);
    const boundary = 'corral-test-boundary';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...bearer(me.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nHi\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Choose a photo for your profile.');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.image).toBeNull();
  });

  it("stops serving a member's photo once the account is deleted", async () => {
    const me = await setUpMember(t.app);
    const { avatar } = (await uploadAvatar(t.app, me, [await photo()])).json().user;
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
    await call(t.app, me, 'DELETE', '/api/account-delete');
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
  });
});

describe('statements per profile request', () => {
  const MAX_STATEMENTS = 3;
  async function countStatements(who: Member, url: string) {
    statements.length = 0;
    const response = await get(who, url);
    expect(response.statusCode, response.body).toBe(200);
    return { count: statements.length, body: response.json() };
  }

  it('GET /users/:id, /user/get/:id and /user/posts-and-events/:id (first page, next, ?page=)', async () => {
    const [owner, viewer, friend] = await members(3);
    await befriend(t.app, owner.user.id, friend.user.id);
    await befriend(t.app, viewer.user.id, friend.user.id);
    for (let i = 0; i < 12; i += 1) await postOf(t.app, owner, `post ${i}`);
    await createEvent(t.app, owner);
    const original = await postOf(t.app, friend, 'Shared');
    await call(t.app, owner, 'POST', `/api/posts/${original}/share`, { comment: 'Nice' });

    expect((await countStatements(viewer, `/api/users/${owner.user.id}`)).count).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect((await countStatements(viewer, `/api/user/get/${owner.user.id}`)).count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const page1 = await countStatements(viewer, `/api/user/posts-and-events/${owner.user.id}`);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    const cursor = encodeURIComponent(page1.body.next_cursor);
    const page2 = await countStatements(viewer, `/api/user/posts-and-events/${owner.user.id}?cursor=${cursor}`);
    expect(page2.body.data.length).toBeGreaterThan(0);
    expect(page2.count).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(
      (await countStatements(viewer, `/api/user/posts-and-events/${owner.user.id}?page=2`)).count,
    ).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});

describe('the demo community', () => {
  it('has profile photos made by the image pipeline, and a mix of public and private accounts', async () => {
    const demo = await createTestApp();
    try {
      await seedDemoCommunity(demo.ctx);
      const emails = [DEMO_MEMBER.email, ...DEMO_NEIGHBOURS.map((someone) => someone.email)];
      const rows = await demo.ctx.db.select().from(users).where(inArray(users.email, emails));
      for (const row of rows) {
        expect(row.image, row.email).toMatch(/^\/media\/i\/[0-9a-f]{32}\/\d+\.webp$/);
        const served = await demo.app.inject({ method: 'GET', url: row.image ?? '' });
        expect(served.statusCode).toBe(200);
      }
      expect(new Set(rows.map((row) => row.image)).size).toBe(rows.length);
      const privateOnes = rows.filter((row) => row.isPrivate).map((row) => row.email);
      expect(privateOnes.sort()).toEqual([...PRIVATE_DEMO_EMAILS].sort());
      expect(rows.length - privateOnes.length).toBeGreaterThan(privateOnes.length);
    } finally {
      await demo.close();
    }
  });
});
