import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, onboardMember, setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventDetails, eventFollows, posts } from '../../db/schema.ts';
import { selectRows } from '../../db/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const addFriend = (token: string, userId: string) =>
  t.app.inject({ method: 'POST', url: '/api/friends/requests', headers: bearer(token), payload: { user_id: userId } });

async function event(
  ownerId: string,
  title: string,
  from: string,
  options: { isPrivate?: boolean; eventTypeId?: number } = {},
) {
  const [row] = await t.ctx.db.insert(posts).values({ userId: ownerId, kind: 'event', title }).returning();
  if (!row) throw new Error('no event');
  await t.ctx.db.insert(eventDetails).values({
    postId: row.id,
    fromDate: new Date(from),
    toDate: new Date(new Date(from).getTime() + 2 * 86_400_000),
    location: 'Pendleton, OR',
    address: '1114 SW Court Ave',
    addedMoney: 25000,
    isPrivate: options.isPrivate ?? false,
  });
  if (options.eventTypeId)
    await t.ctx.db.execute(sql`insert into event_event_types values (${row.id}, ${options.eventTypeId})`);
  return row.id;
}

describe('Add Friend', () => {
  it('sends a request, refuses duplicates and self, and turns a crossed request into a friendship', async () => {
    const a = await setUpMember(t.app);
    const b = await setUpMember(t.app);
    expect((await addFriend(a.token, b.user.id)).json()).toEqual({ status: true, friendship_status: 'pending_sent' });
    expect((await addFriend(a.token, b.user.id)).statusCode).toBe(409);
    expect((await addFriend(a.token, a.user.id)).statusCode).toBe(422);
    expect((await addFriend(a.token, 'no-such-member')).statusCode).toBe(404);
    expect((await addFriend(b.token, a.user.id)).json().friendship_status).toBe('friends');
    expect((await addFriend(b.token, a.user.id)).statusCode).toBe(409);
  });
});

describe('suggestions', () => {
  it('ranks friends of friends by mutual friends and leaves out friends, pending and self', async () => {
    const [viewer, f1, f2, f3, popular, lesser, pending] = await Promise.all(
      Array.from({ length: 7 }, () => setUpMember(t.app)),
    );
    if (!viewer || !f1 || !f2 || !f3 || !popular || !lesser || !pending) throw new Error('members');
    for (const friend of [f1, f2, f3]) await befriend(t.app, viewer.user.id, friend.user.id);
    for (const friend of [f1, f2, f3]) await befriend(t.app, popular.user.id, friend.user.id);
    await befriend(t.app, lesser.user.id, f1.user.id);
    await befriend(t.app, pending.user.id, f2.user.id);
    await addFriend(viewer.token, pending.user.id);
    const { suggestions } = (await get('/api/home/upcoming-events-home', viewer.token)).json();
    expect(suggestions.friends.map((f: { id: string }) => f.id)).toEqual([popular.user.id, lesser.user.id]);
    expect(suggestions.friends[0].mutual_friends).toBe(3);
  });

  it('after a first friend, members who share the viewer’s interests still follow the friends of friends', async () => {
    const [viewer, friend, theirFriend, alike] = await Promise.all(Array.from({ length: 4 }, () => setUpMember(t.app)));
    if (!viewer || !friend || !theirFriend || !alike) throw new Error('members');
    await onboardMember(t.app, viewer.token);
    await onboardMember(t.app, alike.token);
    await befriend(t.app, viewer.user.id, friend.user.id);
    await befriend(t.app, friend.user.id, theirFriend.user.id);
    const { suggestions } = (await get('/api/home/upcoming-events-home', viewer.token)).json();
    const ids = suggestions.friends.map((f: { id: string }) => f.id);
    expect(ids[0]).toBe(theirFriend.user.id);
    expect(ids).toContain(alike.user.id);
    expect(ids).not.toContain(friend.user.id);
    expect(ids).not.toContain(viewer.user.id);
  });

  it('suggests upcoming public events of the viewer’s event types, not their own or followed ones', async () => {
    const viewer = await setUpMember(t.app);
    const organiser = await setUpMember(t.app);
    await t.ctx.db.execute(
      sql`insert into user_event_types select ${viewer.user.id}, id from event_types where name = 'Barrel Racing'`,
    );
    const [{ id: barrels } = { id: 0 }] = await selectRows<{ id: number }>(
      t.ctx.db,
      sql`select id from event_types where name = 'Barrel Racing'`,
    );
    const upcoming = await event(organiser.user.id, 'Pendleton Round-Up', '2099-09-10T16:00:00Z', {
      eventTypeId: barrels,
    });
    await event(organiser.user.id, 'Past rodeo', '2001-09-10T16:00:00Z', { eventTypeId: barrels });
    await event(organiser.user.id, 'Secret jackpot', '2099-09-11T16:00:00Z', { eventTypeId: barrels, isPrivate: true });
    const followed = await event(organiser.user.id, 'Followed one', '2099-09-12T16:00:00Z', { eventTypeId: barrels });
    await t.ctx.db.insert(eventFollows).values({ postId: followed, userId: viewer.user.id });

    const home = (await get('/api/home/upcoming-events-home', viewer.token)).json();
    expect(home.suggested_events.map((e: { id: number; type: string }) => [e.id, e.type])).toEqual([[upcoming, '4']]);
    const { upcoming_events } = (await get('/api/home/upcoming-events', viewer.token)).json();
    expect(upcoming_events).toEqual([
      expect.objectContaining({
        id: followed,
        title: 'Followed one',
        date: '2099-09-12',
        time: '16:00',
        prizeMoney: 25000,
        eventTypes: ['Barrel Racing'],
      }),
    ]);
  });
});
