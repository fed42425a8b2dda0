import { MESSAGES, MODERATION_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, setUpMember } from '../../../test/factories.ts';
import { createEventVia, type References, references } from '../../../test/fixtures/events.fixtures.ts';
import { call, type Member, type Method, postOf } from '../../../test/fixtures/profiles.fixtures.ts';
import { openStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { selectTimelinePage } from '../feed/feed.queries.ts';

/*
 * Blocks and mutes, journey by journey (docs/decisions/028-trust-and-safety.md): what a block ends, and every
 * list that must no longer show either member to the other; what a mute takes off the muter's screens, and
 * what it leaves. Members are made through the API; only their interests are written in SQL.
 */

let t: TestApp;
let refs: References;
beforeAll(async () => {
  t = await createTestApp();
  refs = await references(t.app);
});
afterAll(() => t.close());

const NOT_FOUND = { message: MESSAGES.http.notFound };

async function expectStatus(who: Member, method: Method, url: string, status: number, payload?: object) {
  const response = await call(t.app, who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  if (status === 404) expect(response.json()).toEqual(NOT_FOUND);
  return response;
}
const json = async (who: Member, url: string) => (await expectStatus(who, 'GET', url, 200)).json();
const ids = (rows: { id: number | string }[]) => rows.map((row) => row.id);
const timeline = async (who: Member) => ids((await json(who, '/api/home/timeline')).data);
const bell = async (who: Member) =>
  (await json(who, '/api/notifications')) as {
    data: { id: number; kind: string; actor: { id: string }; title: string; post_id: number | null }[];
    unread: number;
  };

let named = 0;
/** A member with a name of their own, so a search finds them and nobody else. */
const member = (word: string) => {
  named += 1;
  return setUpMember(t.app, { first_name: word, last_name: `Q${named}x` });
};

/** Every event type is one of the member's interests: each public event shows on their timeline and home. */
const interestedInAll = (who: Member) =>
  t.ctx.db.execute(sql`insert into user_event_types select ${who.user.id}, id from event_types on conflict do nothing`);

/** An upcoming public event of the first event types, through POST /events. */
const eventOf = (who: Member, title: string) =>
  createEventVia(t.app, who.token, refs, {
    eventTitle: title,
    startDate: '2099-12-02',
    endDate: '2099-12-04',
    performances: JSON.stringify([{ name: 'Team Roping', date: '2099-12-02', time: '19:00' }]),
  });

let listening: Promise<string> | undefined;
/** The test app listening on a port (streams need a real connection), started once. */
const serverUrl = () => {
  listening ??= t.app.listen({ port: 0, host: '127.0.0.1' });
  return listening;
};

const block = (who: Member, whom: Member) => expectStatus(who, 'POST', `/api/users/${whom.user.id}/block`, 200);
const mute = (who: Member, whom: Member) => expectStatus(who, 'POST', `/api/users/${whom.user.id}/mute`, 200);

describe('POST and DELETE /users/:id/block and /mute', () => {
  it('answers the state after the call, in the contract’s words, and is idempotent', async () => {
    const [viewer, other] = [await member('Ada'), await member('Bo')];
    const name = `${other.user.first_name} ${other.user.last_name}`;
    for (let i = 0; i < 2; i += 1)
      expect((await block(viewer, other)).json()).toEqual({
        status: true,
        message: MODERATION_MESSAGES.blocked(name),
        is_blocked: true,
      });
    for (let i = 0; i < 2; i += 1)
      expect((await expectStatus(viewer, 'DELETE', `/api/users/${other.user.id}/block`, 200)).json()).toEqual({
        status: true,
        message: MODERATION_MESSAGES.unblocked(name),
        is_blocked: false,
      });
    for (let i = 0; i < 2; i += 1)
      expect((await mute(viewer, other)).json()).toEqual({
        status: true,
        message: MODERATION_MESSAGES.muted(name),
        is_muted: true,
      });
    for (let i = 0; i < 2; i += 1)
      expect((await expectStatus(viewer, 'DELETE', `/api/users/${other.user.id}/mute`, 200)).json()).toMatchObject({
        message: MODERATION_MESSAGES.unmuted(name),
        is_muted: false,
      });
  });

  it('refuses oneself (400) and answers 404 for a missing member and for one who blocked the viewer', async () => {
    const [viewer, blocker] = [await member('Cy'), await member('Di')];
    for (const path of ['block', 'mute']) {
      const self = await expectStatus(viewer, 'POST', `/api/users/${viewer.user.id}/${path}`, 400);
      expect(self.json().message).toBe(MODERATION_MESSAGES.cannotBlockSelf);
    }
    await block(blocker, viewer);
    const missing = await call(t.app, viewer, 'POST', '/api/users/no-such-member/block');
    for (const [method, path] of [
      ['POST', 'block'],
      ['DELETE', 'block'],
      ['POST', 'mute'],
      ['DELETE', 'mute'],
    ] as const) {
      const hidden = await expectStatus(viewer, method, `/api/users/${blocker.user.id}/${path}`, 404);
      expect(hidden.body).toBe(missing.body);
    }
    expect(await selectRows(t.ctx.db, sql`select 1 from blocks where blocker_id = ${viewer.user.id}`)).toEqual([]);
  });

  it('GET /me/blocks lists whom the viewer blocked and muted, newest first, and unblocking takes them off', async () => {
    const [viewer, first, second, muted] = [
      await member('Ed'),
      await member('Fi'),
      await member('Gus'),
      await member('Hal'),
    ];
    await block(viewer, first);
    await block(viewer, second);
    await mute(viewer, muted);
    const lists = await json(viewer, '/api/me/blocks');
    expect(ids(lists.blocked)).toEqual([second.user.id, first.user.id]);
    expect(lists.muted).toEqual([
      {
        id: muted.user.id,
        first_name: 'Hal',
        last_name: muted.user.last_name,
        avatar: null,
        since: expect.any(String),
      },
    ]);
    await expectStatus(viewer, 'DELETE', `/api/users/${first.user.id}/block`, 200);
    expect(ids((await json(viewer, '/api/me/blocks')).blocked)).toEqual([second.user.id]);
    // Nobody else's list shows them.
    expect(await json(first, '/api/me/blocks')).toEqual({ blocked: [], muted: [] });
  });
});

describe('a block: neither member sees the other anywhere', () => {
  /** The blocker and the blocked were friends, each with a friend in common; a third shares the blocked's post. */
  let blocker: Member;
  let blocked: Member;
  let common: Member;
  let asker: Member;
  let blockedPost: number;
  let blockerPost: number;
  let blockedEvent: number;
  let blockerEvent: number;
  let share: number;
  let commonPost: number;
  let feedPath: string;
  let mutualBefore: number;
  let pushed: { type: string }[];

  beforeAll(async () => {
    [blocker, blocked, common, asker] = [
      await member('Ira'),
      await member('Jules'),
      await member('Kit'),
      await member('Lou'),
    ];
    for (const who of [blocker, blocked]) await interestedInAll(who);
    await befriend(t.app, blocker.user.id, blocked.user.id);
    for (const who of [blocker, blocked, asker]) await befriend(t.app, common.user.id, who.user.id);
    blockedPost = await postOf(t.app, blocked, 'Jules at the chutes');
    blockerPost = await postOf(t.app, blocker, 'Ira at the gate');
    blockedEvent = await eventOf(blocked, 'Juleston stampede');
    blockerEvent = await eventOf(blocker, 'Irastown jackpot');
    share = (await expectStatus(common, 'POST', `/api/posts/${blockedPost}/share`, 200, {})).json().data.id;
    // Each follows the other's event; the blocker's calendar feed carries the one they follow.
    await expectStatus(blocker, 'POST', `/api/events/${blockedEvent}/follow`, 200);
    await expectStatus(blocked, 'POST', `/api/events/${blockerEvent}/follow`, 200);
    feedPath = new URL((await expectStatus(blocker, 'POST', '/api/me/calendar-feed', 200)).json().url).pathname;
    // Notifications between the two: a like and a comment from the blocked on the blocker's post.
    await expectStatus(blocked, 'POST', `/api/posts/${blockerPost}/like`, 200);
    await expectStatus(blocked, 'POST', `/api/posts/${blockerPost}/comments`, 200, { text: 'Nice gate' });
    await expectStatus(common, 'POST', `/api/posts/${blockerPost}/like`, 200);
    // Comments of each on the common friend's post.
    commonPost = await postOf(t.app, common, 'Kit’s corral');
    await expectStatus(blocked, 'POST', `/api/posts/${commonPost}/comments`, 200, { text: 'from Jules' });
    await expectStatus(blocker, 'POST', `/api/posts/${commonPost}/comments`, 200, { text: 'from Ira' });
    mutualBefore = (await json(blocker, `/api/users/${common.user.id}`)).counts.mutual_count;

    // A second pair: a pending request from the blocked to the asker, who then blocks them.
    await expectStatus(blocked, 'POST', '/api/friends/requests', 200, { user_id: asker.user.id });
    expect((await bell(asker)).data.map((n) => n.kind)).toContain('friend_request');

    // Before: each sees the other everywhere.
    expect(await timeline(blocker)).toEqual(expect.arrayContaining([blockedPost, blockedEvent, share]));
    const stream = await openStream(await serverUrl(), blocked.token);
    expect(stream.status).toBe(200);
    await block(blocker, blocked);
    await block(asker, blocked);
    await stream.next('friendship');
    await stream.next('friendship');
    pushed = stream.received.map(({ event }) => event);
    stream.close();
  });

  it('ends the friendship both ways and tells both streams', async () => {
    expect(ids((await json(blocker, '/api/friends')).data)).not.toContain(blocked.user.id);
    expect(ids((await json(blocked, '/api/friends')).data)).not.toContain(blocker.user.id);
    expect(pushed).toEqual(
      expect.arrayContaining([
        { type: 'friendship', user_id: blocker.user.id, friendship_status: 'not_friends' },
        { type: 'friendship', user_id: asker.user.id, friendship_status: 'not_friends' },
      ]),
    );
  });

  it('ends a pending request and its notification, and refuses new requests either way (404)', async () => {
    expect((await json(asker, '/api/friends/requests')).data).toEqual([]);
    expect((await bell(asker)).data.map((n) => n.kind)).not.toContain('friend_request');
    const missing = await call(t.app, blocked, 'POST', '/api/friends/requests', { user_id: 'no-such-member' });
    for (const [from, to] of [
      [blocked, blocker],
      [blocker, blocked],
      [blocked, asker],
      [asker, blocked],
    ] as const) {
      const refused = await expectStatus(from, 'POST', '/api/friends/requests', 404, { user_id: to.user.id });
      expect(refused.body).toBe(missing.body);
    }
  });

  it('profiles answer 404 both ways, byte for byte as a missing member', async () => {
    const missing = await call(t.app, blocker, 'GET', '/api/users/no-such-member');
    for (const [who, whom] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const)
      for (const path of ['/api/users/', '/api/user/get/', '/api/user/posts-and-events/']) {
        const hidden = await expectStatus(who, 'GET', `${path}${whom.user.id}`, 404);
        expect(hidden.body).toBe(missing.body);
      }
  });

  it('items answer 404 both ways: posts, events, shares of them, their comments', async () => {
    for (const item of [blockedPost, blockedEvent, share]) {
      await expectStatus(blocker, 'GET', `/api/posts/${item}`, 404);
      await expectStatus(blocker, 'GET', `/api/posts/${item}/comments`, 404);
      await expectStatus(blocker, 'POST', `/api/posts/${item}/like`, 404);
    }
    await expectStatus(blocker, 'GET', `/api/events/${blockedEvent}`, 404);
    await expectStatus(blocked, 'GET', `/api/posts/${blockerPost}`, 404);
    await expectStatus(blocked, 'GET', `/api/events/${blockerEvent}`, 404);
    // Another member still sees them all.
    for (const item of [blockedPost, blockedEvent, share, blockerPost])
      await expectStatus(common, 'GET', `/api/posts/${item}`, 200);
  });

  it('comments: neither sees the other’s on a third member’s post; the third sees both', async () => {
    const texts = async (who: Member) =>
      (await json(who, `/api/posts/${commonPost}/comments`)).data.map((c: { text: string }) => c.text);
    expect(await texts(blocker)).toEqual(['from Ira']);
    expect(await texts(blocked)).toEqual(['from Jules']);
    expect(await texts(common)).toEqual(['from Jules', 'from Ira']);
  });

  it('timelines: neither’s posts, events or shares of them', async () => {
    const blockers = await timeline(blocker);
    for (const item of [blockedPost, blockedEvent, share]) expect(blockers).not.toContain(item);
    expect(blockers).toContain(blockerEvent);
    const blockeds = await timeline(blocked);
    expect(blockeds).not.toContain(blockerPost);
    expect(blockeds).not.toContain(blockerEvent);
    expect(await timeline(common)).toEqual(expect.arrayContaining([blockedPost, blockerPost, share]));
  });

  it('search: neither finds the other, as a member or by an event', async () => {
    const found = async (who: Member, q: string) => {
      const page = await json(who, `/api/search?q=${encodeURIComponent(q)}`);
      return { members: ids(page.members.data), events: ids(page.events.data) };
    };
    expect(await found(blocker, 'Jules')).toEqual({ members: [], events: [] });
    expect(await found(blocker, 'Juleston')).toEqual({ members: [], events: [] });
    expect(await found(blocked, 'Ira')).toEqual({ members: [], events: [] });
    expect((await found(blocked, 'Irastown')).events).toEqual([]);
    expect((await found(common, 'Jules')).members).toEqual([blocked.user.id]);
    expect((await found(common, 'Irastown')).events).toEqual([blockerEvent]);
  });

  it('suggestions: neither as a friend of a friend, nor their events', async () => {
    for (const [who, whom, event] of [
      [blocker, blocked, blockedEvent],
      [blocked, blocker, blockerEvent],
    ] as const) {
      const home = await json(who, '/api/home/upcoming-events-home');
      expect(ids(home.suggestions.friends)).not.toContain(whom.user.id);
      expect(ids(home.suggested_events)).not.toContain(event);
      expect(ids((await json(who, '/api/home/upcoming-events')).upcoming_events)).not.toContain(event);
    }
    // The common friend's other friend still suggests the blocked member to someone else.
    const other = await member('Mo');
    await befriend(t.app, other.user.id, common.user.id);
    expect(ids((await json(other, '/api/home/upcoming-events-home')).suggestions.friends)).toContain(blocked.user.id);
  });

  it('mutual counts: the blocked member no longer counts among the friends the blocker shares', async () => {
    expect(mutualBefore).toBe(1);
    expect((await json(blocker, `/api/users/${common.user.id}`)).counts.mutual_count).toBe(0);
  });

  it('notifications between the two: gone from the bell and its count; a like folds without them', async () => {
    const page = await bell(blocker);
    expect(page.data.filter((n) => n.actor.id === blocked.user.id)).toEqual([]);
    expect(page.data.find((n) => n.kind === 'like')).toMatchObject({ actor: { id: common.user.id } });
    expect(page.unread).toBe(1);
    const stored = await selectRows<{ kind: string }>(
      t.ctx.db,
      sql`select kind from notifications where user_id = ${blocker.user.id} and actor_id = ${blocked.user.id}`,
    );
    expect(stored.map((row) => row.kind)).toEqual(['comment']); // kept, not shown: an unblock shows it again
    // A like after the block (another member's) counts only those the blocker hears from.
    const liker = await member('Ned');
    await expectStatus(liker, 'POST', `/api/posts/${blockerPost}/like`, 200);
    const like = (await bell(blocker)).data.find((n) => n.kind === 'like');
    expect(like?.title).toBe(`${liker.user.first_name} ${liker.user.last_name} and 1 other liked your post.`);
  });

  it('events: follows either way end; the calendar feed no longer carries the blocked’s event', async () => {
    const follows = await selectRows<{ user_id: string; post_id: string }>(
      t.ctx.db,
      sql`select user_id, post_id from event_follows where post_id in (${blockedEvent}, ${blockerEvent})`,
    );
    expect(follows).toEqual([]);
    const feed = await t.app.inject({ method: 'GET', url: feedPath });
    expect(feed.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const titles = calendar.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('summary')));
    expect(titles).toEqual(['Irastown jackpot']);
    await expectStatus(blocker, 'GET', `/api/events/${blockedEvent}/calendar.ics`, 404);
  });

  it('unblocked: they see each other again, but the friendship and follows that ended stay ended', async () => {
    const [a, b] = [await member('Ola'), await member('Pat')];
    await befriend(t.app, a.user.id, b.user.id);
    await block(b, a);
    await expectStatus(a, 'GET', `/api/users/${b.user.id}`, 404);
    await expectStatus(b, 'DELETE', `/api/users/${a.user.id}/block`, 200);
    expect((await json(a, `/api/users/${b.user.id}`)).friendship_status).toBe('not_friends');
    await expectStatus(a, 'POST', '/api/friends/requests', 200, { user_id: b.user.id });
  });
});

describe('a mute: the muted member leaves the muter’s timeline and bell, and nothing else changes', () => {
  let muter: Member;
  let muted: Member;
  let friend: Member;
  let mutedPost: number;
  let mutedEvent: number;
  let shareOfMuted: number;
  let muterPost: number;

  beforeAll(async () => {
    [muter, muted, friend] = [await member('Quin'), await member('Rae'), await member('Sol')];
    await interestedInAll(muter);
    await befriend(t.app, muter.user.id, muted.user.id);
    await befriend(t.app, muter.user.id, friend.user.id);
    mutedPost = await postOf(t.app, muted, 'Rae ropes');
    mutedEvent = await eventOf(muted, 'Rae’s roping');
    shareOfMuted = (await expectStatus(friend, 'POST', `/api/posts/${mutedPost}/share`, 200, {})).json().data.id;
    muterPost = await postOf(t.app, muter, 'Quin rides');
    // Before the mute: a comment from the muted member on the muter's post.
    await expectStatus(muted, 'POST', `/api/posts/${muterPost}/comments`, 200, { text: 'before' });
    expect(await timeline(muter)).toEqual(expect.arrayContaining([mutedPost, mutedEvent, shareOfMuted]));
    await mute(muter, muted);
  });

  it('timeline: not their posts, events, nor a friend’s share of theirs, with either plan', async () => {
    const items = await timeline(muter);
    for (const item of [mutedPost, mutedEvent, shareOfMuted]) expect(items).not.toContain(item);
    expect(items).toContain(muterPost);
    // The backward scan (a viewer with many friends) applies the same rule.
    const scanned = await selectTimelinePage(t.ctx.db, muter.user.id, null, 10, { plan: 'scan' });
    expect(scanned.map((row) => row.item.id)).toEqual(items);
  });

  it('their profile, their items by link, friendship and search stay as they were; the profile says muted', async () => {
    const profile = await json(muter, `/api/users/${muted.user.id}`);
    expect(profile).toMatchObject({ friendship_status: 'friends', is_muted: true });
    expect(ids((await json(muter, `/api/user/posts-and-events/${muted.user.id}`)).data)).toEqual(
      expect.arrayContaining([mutedPost, mutedEvent]),
    );
    await expectStatus(muter, 'GET', `/api/posts/${mutedPost}`, 200);
    expect(ids((await json(muter, `/api/search?q=Rae`)).members.data)).toEqual([muted.user.id]);
    // The muted member notices nothing.
    expect((await json(muted, `/api/users/${muter.user.id}`)).is_muted).toBe(false);
    expect(await timeline(muted)).toContain(muterPost);
  });

  it('notifications: neither written nor pushed after the mute; earlier ones leave the bell and its count', async () => {
    const stream = await openStream(await serverUrl(), muter.token);
    expect(stream.status).toBe(200);
    await expectStatus(muted, 'POST', `/api/posts/${muterPost}/comments`, 200, { text: 'after' });
    await expectStatus(muted, 'POST', `/api/posts/${muterPost}/like`, 200);
    await expectStatus(friend, 'POST', `/api/posts/${muterPost}/comments`, 200, { text: 'from a friend' });
    const { event } = await stream.next('notification');
    stream.close();
    expect(event.notification.actor.id).toBe(friend.user.id);
    const written = await selectRows<{ actor_id: string }>(
      t.ctx.db,
      sql`select actor_id from notifications where user_id = ${muter.user.id} and actor_id = ${muted.user.id}`,
    );
    expect(written).toHaveLength(1); // the comment from before the mute, kept but not shown
    const page = await bell(muter);
    expect(page.data.map((n) => n.actor.id)).toEqual([friend.user.id]);
    expect(page.unread).toBe(1);
  });

  it('unmuted: their items and the earlier notification come back', async () => {
    await expectStatus(muter, 'DELETE', `/api/users/${muted.user.id}/mute`, 200);
    expect(await timeline(muter)).toEqual(expect.arrayContaining([mutedPost, mutedEvent, shareOfMuted]));
    expect((await bell(muter)).data.map((n) => n.actor.id)).toContain(muted.user.id);
    expect((await json(muter, `/api/users/${muted.user.id}`)).is_muted).toBe(false);
  });
});
