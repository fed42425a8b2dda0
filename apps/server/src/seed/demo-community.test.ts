import { eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessions, userAssociations, userEventTypes, users } from '../db/schema.ts';
import { selectRows } from '../db/sql.ts';
import {
  DEMO_ADMIN,
  DEMO_MEMBER,
  DEMO_MODERATOR,
  DEMO_NEIGHBOURS,
  DEMO_STAFF,
  seedDemoCommunity,
} from './demo-community.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // SEED_DEMO=false: the test seeds by hand
});
afterAll(() => t.close());

const emails = [DEMO_MEMBER.email, ...DEMO_NEIGHBOURS.map((someone) => someone.email)];
const demoUsers = () => t.ctx.db.select().from(users).where(inArray(users.email, emails));

describe('demo community', () => {
  it('seeds fully set-up members once, however often it runs', async () => {
    expect(await seedDemoCommunity(t.ctx)).toBe(true);
    expect(await seedDemoCommunity(t.ctx)).toBe(false);

    const members = await demoUsers();
    expect(members).toHaveLength(emails.length);
    expect(members.length).toBeGreaterThanOrEqual(8);
    for (const member of members) {
      expect(member).toMatchObject({ isOnboard: true, phoneNumberVerified: true });
      expect(member.phoneNumber).toMatch(/^\+1\d{3}55501\d\d$/);
      const events = await t.ctx.db.select().from(userEventTypes).where(eq(userEventTypes.userId, member.id));
      const assocs = await t.ctx.db.select().from(userAssociations).where(eq(userAssociations.userId, member.id));
      expect(events.length).toBeGreaterThan(0);
      expect(assocs.length).toBeGreaterThan(0);
    }
    // Sign-up's automatic sessions are gone: nobody holds those tokens.
    const ids = members.map((member) => member.id);
    expect(await t.ctx.db.select().from(sessions).where(inArray(sessions.userId, ids))).toEqual([]);
  });

  it('lets the demo member log in with the published password, straight into the feed', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: DEMO_MEMBER });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: DEMO_MEMBER.email, is_onboard: 1, verified: 1 });
  });

  it('gives the demo community an admin and a moderator who sign in with the published password', async () => {
    for (const [who, role] of [
      [DEMO_ADMIN, 'admin'],
      [DEMO_MODERATOR, 'moderator'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: who });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: who.email, role, is_onboard: 1, verified: 1 });
    }
    // Nobody else is staff: the demo member and the neighbours stay members.
    const staff = await t.ctx.db.select({ email: users.email }).from(users).where(ne(users.role, 'member'));
    expect(staff.map((row) => row.email).sort()).toEqual(DEMO_STAFF.map((someone) => someone.email).sort());
  });

  it('completes a seed that was interrupted before the demo member was set up', async () => {
    await t.ctx.db.update(users).set({ phoneNumberVerified: false }).where(eq(users.email, DEMO_MEMBER.email));
    expect(await seedDemoCommunity(t.ctx)).toBe(true);
    expect(await demoUsers()).toHaveLength(emails.length);
    const [demo] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_MEMBER.email));
    expect(demo?.phoneNumberVerified).toBe(true);
  });
});

describe('the demo feed', () => {
  it('gives the demo member a living timeline, suggestions and upcoming events', async () => {
    const t = await createTestApp();
    try {
      await seedDemoCommunity(t.ctx);
      await seedDemoCommunity(t.ctx);
      const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: DEMO_MEMBER });
      const headers = { authorization: `Bearer ${login.json().user.api_token}` };
      const timeline = (await t.app.inject({ method: 'GET', url: '/api/home/timeline', headers })).json();
      expect(timeline.data).toHaveLength(10);
      expect(new Set(timeline.data.map((item: { type: string }) => item.type))).toEqual(new Set(['1', '2', '3', '4']));
      expect(timeline.data.some((item: { media: unknown[] }) => item.media.length > 1)).toBe(true);
      const home = (await t.app.inject({ method: 'GET', url: '/api/home/upcoming-events-home', headers })).json();
      expect(home.suggestions.friends.length).toBeGreaterThan(0);
      expect(home.suggestions.friends[0].mutual_friends).toBeGreaterThan(0);
      const upcoming = (await t.app.inject({ method: 'GET', url: '/api/home/upcoming-events', headers })).json();
      expect(upcoming.upcoming_events.length).toBeGreaterThanOrEqual(2);
      const [posts] = await selectRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from posts`);
      expect(posts?.n).toBe(18 + 4 + 5 + 3);
      // Events as the events module makes them: past ones in the history, a friend's private one, details.
      const events = async (scope: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/events?scope=${scope}`, headers })).json().data;
      expect((await events('history')).length).toBeGreaterThanOrEqual(2);
      const upcomingEvents = await events('upcoming');
      expect(upcomingEvents.length).toBeGreaterThanOrEqual(5);
      expect(upcomingEvents.every((item: { media: unknown[] }) => item.media.length === 1)).toBe(true);
      const details = await Promise.all(
        upcomingEvents.map(
          async (item: { id: number }) =>
            (await t.app.inject({ method: 'GET', url: `/api/events/${item.id}`, headers })).json().data,
        ),
      );
      expect(details.some((detail: { is_private: boolean }) => detail.is_private)).toBe(true);
      for (const detail of details) {
        expect(detail.performances.length).toBeGreaterThan(0);
        expect(detail.followers_count).toBeGreaterThan(0);
        expect(detail.image).not.toBeNull();
      }
      // Direct messages: a friend's conversation with its last message unread, and a request (seeded once).
      const box = async (name: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/conversations?box=${name}`, headers })).json();
      const inbox = await box('inbox');
      expect(inbox.data).toHaveLength(1);
      expect(inbox.data[0]).toMatchObject({ status: 'accepted', unread: 1, can_send: true });
      expect(inbox.unread).toEqual({ inbox: 1, requests: 1 });
      const requests = await box('requests');
      expect(requests.data).toHaveLength(1);
      expect(requests.data[0]).toMatchObject({ status: 'request', requested_by_me: false, unread: 1 });
    } finally {
      await t.close();
    }
  });
});
