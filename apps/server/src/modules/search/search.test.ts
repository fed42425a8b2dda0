import type { SearchResponse } from '@corral/contract';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, completeSetup, setUpMember, signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { eventDetails, posts, users } from '../../db/schema.ts';
import { type Placeholders, selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  type EventAfter,
  type FriendsPlan,
  MANY_FRIENDS,
  type SearchShape,
  type SearchValues,
  searchStatement,
  searchValues,
  selectSearch,
} from './search.queries.ts';

const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ statements });
});
afterAll(() => t.close());

const DAY = 86_400_000;
/** Now on the server's clock: the events below are dated from it. */
const serverNow = () => t.ctx.clock.now();

async function find(token: string, q: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ q, ...query });
  return t.app.inject({ method: 'GET', url: `/api/search?${params}`, headers: bearer(token) });
}

async function found(token: string, q: string, query: Record<string, string> = {}): Promise<SearchResponse> {
  const response = await find(token, q, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const memberIds = (body: SearchResponse) => body.members.data.map((m) => m.id);
const eventIds = (body: SearchResponse) => body.events.data.map((e) => e.id);

/** An event made in SQL (creating events through the API comes with the events issue). */
async function event(ownerId: string, title: string, from: Date, options: { isPrivate?: boolean } = {}) {
  const [row] = await t.ctx.db.insert(posts).values({ userId: ownerId, kind: 'event', title }).returning();
  if (!row) throw new Error('no event');
  await t.ctx.db.insert(eventDetails).values({
    postId: row.id,
    fromDate: from,
    toDate: new Date(from.getTime() + DAY),
    location: 'Pendleton, OR',
    address: '1114 SW Court Ave',
    isPrivate: options.isPrivate ?? false,
  });
  return row.id;
}

describe('members by name', () => {
  it('matches the start of any word of the first or last name, whatever the case, best matches first', async () => {
    const viewer = await setUpMember(t.app, { first_name: 'Viewer', last_name: 'Prefix' });
    const ty = await setUpMember(t.app, { first_name: 'Ty', last_name: 'Murray' });
    const tyler = await setUpMember(t.app, { first_name: 'Tyler', last_name: 'Wade' });
    const tyson = await setUpMember(t.app, { first_name: 'Bo', last_name: 'Tyson' });
    const other = await setUpMember(t.app, { first_name: 'Chad', last_name: 'Braden' });

    const byTy = memberIds(await found(viewer.token, 'ty'));
    expect(byTy).toEqual(expect.arrayContaining([ty.user.id, tyler.user.id, tyson.user.id]));
    expect(byTy).not.toContain(other.user.id);
    // 'Ty' whole, then a name that starts with it, then a later word that does.
    const order = [ty.user.id, tyler.user.id, tyson.user.id].map((id) => byTy.indexOf(id));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    expect(memberIds(await found(viewer.token, 'mur'))).toContain(ty.user.id);
    expect(memberIds(await found(viewer.token, 'MURRAY'))).toContain(ty.user.id);
    expect(memberIds(await found(viewer.token, 'tY   Mu'))).toEqual([ty.user.id]);
    expect(memberIds(await found(viewer.token, 'urray'))).not.toContain(ty.user.id);
    expect(memberIds(await found(viewer.token, 'ty wade'))).toEqual([tyler.user.id]);

    // Friends come first, whatever the match.
    await befriend(t.app, viewer.user.id, tyson.user.id);
    expect(memberIds(await found(viewer.token, 'ty'))[0]).toBe(tyson.user.id);
  });

  it('ignores accents both ways', async () => {
    const viewer = await setUpMember(t.app);
    const jose = await setUpMember(t.app, { first_name: 'José', last_name: 'Álvarez-Peña' });
    const plain = await setUpMember(t.app, { first_name: 'Jose', last_name: 'Quintero' });
    for (const q of ['jose', 'JOSÉ', 'jos', 'alv', 'álvarez', 'pena', 'peña']) {
      expect(memberIds(await found(viewer.token, q)), q).toContain(jose.user.id);
    }
    expect(memberIds(await found(viewer.token, 'josé quint'))).toEqual([plain.user.id]);
    expect((await found(viewer.token, 'jose')).members.data.find((m) => m.id === jose.user.id)?.name).toBe(
      'José Álvarez-Peña',
    );
  });

  it('shows a private member by name and avatar only', async () => {
    const stranger = await setUpMember(t.app);
    const hidden = await setUpMember(t.app, { first_name: 'Quillon', last_name: 'Private' });
    await t.ctx.db.update(users).set({ isPrivate: true }).where(eq(users.id, hidden.user.id));
    const [member] = (await found(stranger.token, 'quillon')).members.data;
    expect(member).toEqual({
      id: hidden.user.id,
      name: 'Quillon Private',
      avatar: '/assets/img/icon/user-placeholder.png',
      is_private: true,
    });
  });

  it('never shows deleted members, nor members who have not onboarded or verified a phone', async () => {
    const viewer = await setUpMember(t.app);
    const leaving = await setUpMember(t.app, { first_name: 'Vanisha', last_name: 'Gone' });
    expect(memberIds(await found(viewer.token, 'vanisha'))).toEqual([leaving.user.id]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account-delete',
      headers: bearer(leaving.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(memberIds(await found(viewer.token, 'vanisha'))).toEqual([]);

    const newcomer = await signUpMember(t.app, { first_name: 'Unverra', last_name: 'Newcomer' });
    expect(memberIds(await found(viewer.token, 'unverra'))).toEqual([]);
    await t.ctx.db.update(users).set({ isOnboard: true }).where(eq(users.id, newcomer.user.id));
    expect(memberIds(await found(viewer.token, 'unverra'))).toEqual([]);
    await completeSetup(t.app, newcomer.user.id);
    expect(memberIds(await found(viewer.token, 'unverra'))).toEqual([newcomer.user.id]);
  });

  it('pages with a cursor, each member once', async () => {
    const viewer = await setUpMember(t.app);
    const made = new Set<string>();
    for (let i = 0; i < 25; i += 1)
      made.add((await setUpMember(t.app, { first_name: 'Pagella', last_name: `N${i}` })).user.id);
    const dropdown = await found(viewer.token, 'pagella');
    expect(dropdown.members.data).toHaveLength(8);
    expect(dropdown.members.next_cursor).toEqual(expect.any(String));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResponse = await found(viewer.token, 'pagella', {
        type: 'members',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.events.data).toEqual([]);
      seen.push(...memberIds(page));
      cursor = page.members.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(made);

    // The dropdown's cursor continues the results page.
    const rest = await found(viewer.token, 'pagella', { type: 'members', cursor: dropdown.members.next_cursor ?? '' });
    expect([...memberIds(dropdown), ...memberIds(rest)]).toEqual(seen.slice(0, 8 + rest.members.data.length));

    for (const bad of ['nope', Buffer.from('["m",0,"x","../x"]').toString('base64url')])
      expect((await find(viewer.token, 'pagella', { type: 'members', cursor: bad })).statusCode).toBe(400);
    // A members cursor does not continue events, nor the dropdown.
    for (const type of ['events', 'all'])
      expect(
        (await find(viewer.token, 'pagella', { type, cursor: dropdown.members.next_cursor ?? '' })).statusCode,
      ).toBe(400);
  });
});

describe('events by title', () => {
  it('hides private events from strangers, shows them to friends and the owner', async () => {
    const owner = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const stranger = await setUpMember(t.app);
    await befriend(t.app, owner.user.id, friend.user.id);
    const soon = new Date(serverNow() + 10 * DAY);
    const open = await event(owner.user.id, 'Zanzibar Open Rodeo', soon);
    const secret = await event(owner.user.id, 'Zanzibar Secret Roping', soon, { isPrivate: true });
    expect(eventIds(await found(stranger.token, 'zanzibar'))).toEqual([open]);
    expect(eventIds(await found(friend.token, 'zanz')).sort()).toEqual([open, secret].sort());
    expect(eventIds(await found(owner.token, 'ROPING'))).toEqual([secret]);

    // Nothing of a private member's to strangers; nothing deleted to anyone.
    await t.ctx.db.update(users).set({ isPrivate: true }).where(eq(users.id, owner.user.id));
    expect(eventIds(await found(stranger.token, 'zanzibar'))).toEqual([]);
    expect(eventIds(await found(friend.token, 'zanzibar'))).toHaveLength(2);
    await t.ctx.db
      .update(posts)
      .set({ deletedAt: new Date(serverNow()) })
      .where(eq(posts.id, secret));
    expect(eventIds(await found(owner.token, 'zanzibar'))).toEqual([open]);
  });

  it('ignores accents and case, ranks friends first then upcoming, and answers what the list shows', async () => {
    const viewer = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    await befriend(t.app, viewer.user.id, friend.user.id);
    const now = serverNow();
    const past = await event(other.user.id, 'Fête de Mézières Rodeo', new Date(now - 30 * DAY));
    const later = await event(other.user.id, 'Mezieres Finals', new Date(now + 40 * DAY));
    const sooner = await event(other.user.id, 'Mézières Qualifier', new Date(now + 5 * DAY));
    const friends = await event(friend.user.id, 'Mezieres Friends Night', new Date(now + 90 * DAY));
    const body = await found(viewer.token, 'MEZIERES');
    // Friends' first; then titles that start with the query, upcoming soonest first; then the rest.
    expect(eventIds(body)).toEqual([friends, sooner, later, past]);
    expect(body.events.data[1]).toEqual({
      id: sooner,
      title: 'Mézières Qualifier',
      from_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      to_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      location: 'Pendleton, OR',
    });
    expect(eventIds(await found(viewer.token, 'fete'))).toEqual([past]);
    expect(eventIds(await found(viewer.token, 'mezieres', { type: 'members' }))).toEqual([]);
  });

  it('pages events with a cursor', async () => {
    const viewer = await setUpMember(t.app);
    const made: number[] = [];
    for (let i = 0; i < 23; i += 1)
      made.push(await event(viewer.user.id, `Paginato Jackpot ${i}`, new Date(serverNow() + (i - 10) * DAY)));
    const first = await found(viewer.token, 'paginato', { type: 'events' });
    expect(first.events.data).toHaveLength(20);
    expect(first.members.data).toEqual([]);
    const second = await found(viewer.token, 'paginato', { type: 'events', cursor: first.events.next_cursor ?? '' });
    expect(second.events.next_cursor).toBeNull();
    expect([...eventIds(first), ...eventIds(second)].sort((a, b) => a - b)).toEqual(made);
  });
});

describe('a common query (more matches than are ranked whole)', () => {
  it('pages every member once: friends, then names that start with it (first word whole first), then later words', async () => {
    const viewer = await setUpMember(t.app);
    const friendWhole = await setUpMember(t.app, { first_name: 'Zq', last_name: 'Friend' });
    const friendLater = await setUpMember(t.app, { first_name: 'Bo', last_name: 'Zqfriend' });
    await befriend(t.app, viewer.user.id, friendWhole.user.id);
    await befriend(t.app, viewer.user.id, friendLater.user.id);
    // 600 others: first word whole ('Zq Jones 7'), a name that starts with it ('Zqx7 Smith'), a later word
    // ('Al Zqa7'), in turn; every 9th has not verified a phone (search never shows them).
    await t.ctx.db.execute(sql`
      insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
      select 'zq-' || g, 'Zq', 'zq-' || g || '@example.com',
        case g % 3 when 0 then 'Zq' when 1 then 'Zqx' || g else 'Al' end,
        case g % 3 when 0 then 'Jones ' || g when 1 then 'Smith' else 'Zqa' || g end,
        true, g % 9 <> 0
      from generate_series(1, 600) g`);
    const shown = await selectRows<{ id: string; name: string }>(
      t.ctx.db,
      sql`select id, lower(first_name || ' ' || last_name) as name from users
        where id like 'zq-%' and phone_number_verified`,
    );
    const byName = (a: { id: string; name: string }, b: { id: string; name: string }) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    const tier = (name: string) => (name === 'zq' || name.startsWith('zq ') ? 0 : name.startsWith('zq') ? 1 : 2);
    const expected = [
      friendWhole.user.id,
      friendLater.user.id,
      ...[0, 1, 2].flatMap((n) =>
        shown
          .filter((m) => tier(m.name) === n)
          .sort(byName)
          .map((m) => m.id),
      ),
    ];
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null && page < 60; page += 1) {
      const body = await found(viewer.token, 'zq', { type: 'members', ...(cursor ? { cursor } : {}) });
      seen.push(...memberIds(body));
      cursor = body.members.next_cursor;
    }
    expect(seen).toEqual(expected);
  });
});

describe('a common word (more matches than are ranked whole)', () => {
  it('pages every event the viewer may see once, tier by tier in index order: friends’, then upcoming, then past', async () => {
    const viewer = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    const other = await setUpMember(t.app);
    await befriend(t.app, viewer.user.id, friend.user.id);
    const now = serverNow();
    const friendSoon = await event(friend.user.id, 'Commonword Friends Jackpot', new Date(now + 3 * DAY));
    const friendPast = await event(friend.user.id, 'Friends Commonword Social', new Date(now - 9 * DAY));
    // Others': 600 matching events, some 300 days either side; every 7th at one and the same past time (ties),
    // and every 50th private (the viewer may not see them).
    const made = await selectRows<{ id: string; from_date: string }>(
      t.ctx.db,
      sql`with made as (
          insert into posts (user_id, kind, title)
          select ${other.user.id}, 'event', 'Commonword Rodeo ' || g from generate_series(1, 600) g returning id, title)
        insert into event_details (post_id, from_date, to_date, location, address, is_private)
        select id, to_timestamp(t.ms / 1000.0), to_timestamp(t.ms / 1000.0) + interval '1 day', 'Here', 'There',
          t.g % 50 = 0
        from made, lateral (select g, case when g % 7 = 0 then ${now}::bigint - 100 * ${DAY}::bigint
            else ${now}::bigint + (g % 300 + 1) * ${DAY}::bigint * (case when g % 2 = 1 then 1 else -1 end) + g * 1000 end
            as ms from (select split_part(title, ' ', 3)::int as g) n) t
        returning post_id as id, from_date`,
    );
    expect(made).toHaveLength(600);
    const visible = await selectRows<{ id: string; from: string; upcoming: boolean }>(
      t.ctx.db,
      sql`select ed.post_id as id, extract(epoch from ed.from_date)::text as from, ed.to_date >= ${new Date(now)} as upcoming
        from event_details ed where ed.post_id = any(${`{${made.map((m) => m.id).join(',')}}`}::bigint[]) and not ed.is_private`,
    );
    const others = visible.map((e) => ({ id: Number(e.id), from: Number(e.from), upcoming: e.upcoming }));
    const expected = [
      friendSoon,
      friendPast,
      ...others
        .filter((e) => e.upcoming)
        .sort((a, b) => a.from - b.from || a.id - b.id)
        .map((e) => e.id),
      ...others
        .filter((e) => !e.upcoming)
        .sort((a, b) => b.from - a.from || b.id - a.id)
        .map((e) => e.id),
    ];
    const seen: number[] = [];
    let cursor: string | null = '';
    const counted: boolean[] = [];
    for (let page = 0; cursor !== null && page < 60; page += 1) {
      statements.length = 0;
      const body = await found(viewer.token, 'commonword', { type: 'events', ...(cursor ? { cursor } : {}) });
      counted.push(statements.some((statement) => statement.includes('event_matches as materialized')));
      seen.push(...eventIds(body));
      cursor = body.events.next_cursor;
    }
    expect(seen).toEqual(expected);
    // The first page counted the matches and found the word common; the next pages went tier by tier at once.
    expect(counted[0]).toBe(true);
    expect(counted.slice(1).some(Boolean)).toBe(false);
    // Some 60 pages: 21 s on 2 busy cores, over vitest's default.
  }, 90_000);
});

describe('a common word, a viewer with many friends', () => {
  it('pages the own and friends’ events alike whether it walks every event in order or reads each friend’s', async () => {
    const viewer = await setUpMember(t.app);
    const now = serverNow();
    const at = new Date(now).toISOString();
    const count = MANY_FRIENDS + 20;
    // Friends, a tenth of them private; one the viewer blocked, one who blocked the viewer, one suspended, one
    // deleted: none of the last four's events may show.
    await t.ctx.db.execute(sql`
      insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified, is_private,
        suspended_until, deleted_at)
      select 'walk-' || g, 'Walk Friend', 'walk-' || g || '@example.com', 'Walk', 'Friend ' || g, true, true, g % 10 = 0,
        case when g = 3 then ${at}::timestamptz + interval '1 day' end, case when g = 4 then ${at}::timestamptz end
      from generate_series(1, ${count}) g
      union all select 'walk-stranger', 'Walk Stranger', 'walk-stranger@example.com', 'Walk', 'Stranger', true, true,
        false, null, null`);
    await t.ctx.db.execute(sql`
      insert into friendships (user_id, friend_id)
      select ${viewer.user.id}, 'walk-' || g from generate_series(1, ${count}) g
      union all select 'walk-' || g, ${viewer.user.id} from generate_series(1, ${count}) g`);
    await t.ctx.db.execute(sql`
      insert into blocks (blocker_id, blocked_id) values (${viewer.user.id}, 'walk-1'), ('walk-2', ${viewer.user.id})`);
    // Their events over 41 days either side of now (some under way), ties at two instants, a seventh not
    // matching; some private (friends see them), deleted, removed or held. The viewer's own (one held: its
    // author sees it) and a stranger's after them.
    await t.ctx.db.execute(sql`
      with made as (
        insert into posts (user_id, kind, title, deleted_at, removed_at, held_at)
        select case when g <= ${2 * count} then 'walk-' || (1 + g % ${count})
            when g <= ${2 * count + 4} then ${viewer.user.id} else 'walk-stranger' end,
          'event', case when g % 7 = 0 then 'Other Thing ' else 'Walkword Rodeo ' end || g,
          case when g % 13 = 0 and g <= ${2 * count} then ${at}::timestamptz end,
          case when g % 17 = 0 and g <= ${2 * count} then ${at}::timestamptz end,
          case when g % 19 = 0 or g = ${2 * count + 1} then ${at}::timestamptz end
        from generate_series(1, ${2 * count + 40}) g
        returning id, split_part(title, ' ', 3)::int as g)
      insert into event_details (post_id, from_date, to_date, location, address, is_private)
      select id, f, f + interval '2 days', 'Arena', 'Road', g % 5 = 0 and g <= ${2 * count + 4}
      from (select id, g, case when g % 9 = 0 then ${at}::timestamptz + interval '5 days'
              when g % 11 = 0 then ${at}::timestamptz - interval '10 days'
              else ${at}::timestamptz + ((g * 7919) % 2000 - 1000) * interval '1 hour' + g * interval '1 second' end as f
            from made) m`);
    await t.ctx.db.execute(sql`analyze`);
    const rows = await selectRows<{ id: string; owner: string; from: string; upcoming: boolean; shown: boolean }>(
      t.ctx.db,
      sql`select p.id, p.user_id as owner, extract(epoch from ed.from_date)::text as from, ed.to_date >= ${at}::timestamptz as upcoming,
          p.title like 'Walkword%' and p.deleted_at is null and p.removed_at is null
            and (p.held_at is null or p.user_id = ${viewer.user.id})
            and p.user_id not in ('walk-1', 'walk-2', 'walk-3', 'walk-4') as shown
        from posts p join event_details ed on ed.post_id = p.id
        where p.user_id like 'walk-%' or p.user_id = ${viewer.user.id}`,
    );
    const events = rows.filter((e) => e.shown).map((e) => ({ ...e, id: Number(e.id), from: Number(e.from) }));
    const tier = (mine: boolean) => {
      const ofTier = events.filter((e) => (e.owner !== 'walk-stranger') === mine);
      return [
        ...ofTier.filter((e) => e.upcoming).sort((a, b) => a.from - b.from || a.id - b.id),
        ...ofTier.filter((e) => !e.upcoming).sort((a, b) => b.from - a.from || b.id - a.id),
      ].map((e) => e.id);
    };
    const expected = [...tier(true), ...tier(false)];
    expect(tier(true).length).toBeGreaterThan(300);

    const pages = async (friendsPlan: FriendsPlan) => {
      const seen: number[] = [];
      let after: EventAfter | null = null;
      for (let page = 0; page < 40; page += 1) {
        const { events: found } = await selectSearch(t.ctx.db, {
          viewerId: viewer.user.id,
          q: 'walkword',
          now: new Date(now),
          members: 0,
          events: 21,
          membersAfter: null,
          eventsAfter: after,
          membersCommon: true,
          eventsCommon: true,
          friendsPlan,
        });
        seen.push(...found.slice(0, 20).map((e) => Number(e.id)));
        const last = found[19];
        if (found.length < 21 || !last) break;
        after = { rank: last.rank, key: last.sort_key, id: Number(last.tiebreak) };
      }
      return seen;
    };
    expect(await pages('per-friend')).toEqual(expected);
    expect(await pages('walk')).toEqual(expected);
    expect(await pages('auto')).toEqual(expected);
  }, 60_000);
});

describe('hostile input', () => {
  it('never answers 5xx: text-search operators, quotes, odd characters, long strings', async () => {
    const viewer = await setUpMember(t.app, { first_name: 'Hostile', last_name: "O'Brien" });
    const inputs = [
      "'",
      "''",
      '"',
      '&',
      '|',
      '!',
      ':',
      '*',
      '(',
      ')',
      '&|!:*()',
      "o'brien",
      "O'B",
      'a & b | !c',
      'foo:*',
      "'foo':* & bar",
      '\\',
      '\\\\',
      '<->',
      'a <-> b',
      '%',
      '_',
      '%_%',
      '; drop table users; --',
      '\u02bc',
      '\u0149',
      '\ud83e\udd20',
      '\u202e',
      '\ufffd',
      '½',
      'x'.repeat(100),
      ' ',
      '',
      '-1',
      '9'.repeat(100),
      'http://example.com/a?b=c',
      'me@example.com',
    ];
    for (const q of inputs) {
      const response = await find(viewer.token, q);
      expect(response.statusCode, `${JSON.stringify(q)}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual({
        members: { data: expect.any(Array), next_cursor: expect.toBeOneOf([expect.any(String), null]) },
        events: { data: expect.any(Array), next_cursor: expect.toBeOneOf([expect.any(String), null]) },
      });
    }
    expect(memberIds(await found(viewer.token, "o'brien"))).toContain(viewer.user.id);
    // Cursors the server never wrote but that pass its check: time keys far outside the timestamps PostgreSQL has,
    // in every tier of a common word (more matches than are ranked whole).
    await t.ctx.db.execute(sql`
      with made as (
        insert into posts (user_id, kind, title)
        select ${viewer.user.id}, 'event', 'Hostilekey Rodeo ' || g from generate_series(1, 600) g returning id)
      insert into event_details (post_id, from_date, to_date, location, address)
      select id, now(), now() + interval '1 day', 'Here', 'There' from made`);
    for (const rank of [0, 1, 4, 5])
      for (const key of ['-999999999999', '999999999999', '-999999999999.999999']) {
        const cursor = Buffer.from(JSON.stringify(['e', rank, key, 1])).toString('base64url');
        for (let i = 0; i < 2; i += 1) {
          const response = await find(viewer.token, 'hostilekey', { type: 'events', cursor });
          expect(response.statusCode, `${rank} ${key}: ${response.body}`).toBe(200);
        }
      }
    for (const q of ['x'.repeat(101), 'y'.repeat(5000)]) {
      const response = await find(viewer.token, q);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('The maximum length allowed is 100');
    }
    expect((await find(viewer.token, 'a', { type: 'people' })).statusCode).toBe(422);
    expect((await find(viewer.token, 'a\u0000b')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=ty' })).statusCode).toBe(401);
  });
});

describe('cost', () => {
  it('is one statement after the session: the dropdown, a page of each kind, empty queries none', async () => {
    const viewer = await setUpMember(t.app);
    for (let i = 0; i < 10; i += 1) {
      await setUpMember(t.app, { first_name: 'Countess', last_name: `C${i}` });
      await event(viewer.user.id, `Countess Cup ${i}`, new Date(serverNow() + i * DAY));
    }
    const count = async (query: Record<string, string>) => {
      statements.length = 0;
      const response = await find(viewer.token, query.q ?? '', query);
      expect(response.statusCode, response.body).toBe(200);
      return { n: statements.length, body: response.json() as SearchResponse };
    };
    const dropdown = await count({ q: 'countess' });
    expect(dropdown.body.members.data).toHaveLength(8);
    expect(dropdown.body.events.data).toHaveLength(8);
    expect(dropdown.n).toBeLessThanOrEqual(2);
    for (const [type, cursor] of [
      ['members', dropdown.body.members.next_cursor],
      ['events', dropdown.body.events.next_cursor],
    ] as const) {
      const page = await count({ q: 'countess', type, cursor: cursor ?? '' });
      expect(page.body[type].data).toHaveLength(2);
      expect(page.n).toBeLessThanOrEqual(2);
    }
    expect((await count({ q: '   ' })).n).toBe(1);
  });

  it('is served by the GIN indexes (EXPLAIN, the generic plan the server runs)', async () => {
    const owner = await setUpMember(t.app);
    // Enough rows that a sequential scan would cost more than the index: 20,000 members, 5,000 events.
    await t.ctx.db.execute(sql`
      insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
      select 'plan-' || g, 'Plan Member', 'plan-' || g || '@example.com', 'Plan' || g, 'Member' || (g % 97), true, true
      from generate_series(1, 20000) g`);
    await t.ctx.db.execute(sql`
      with made as (
        insert into posts (user_id, kind, title)
        select ${owner.user.id}, 'event', 'Plan Rodeo ' || g from generate_series(1, 5000) g returning id)
      insert into event_details (post_id, from_date, to_date, location, address)
      select id, now(), now() + interval '1 day', 'Here', 'There' from made`);
    // And posts that are not events around them, as in any community (on 5,000 events alone a scan that stops at
    // the 501st match looks cheaper than the index).
    await t.ctx.db.execute(sql`
      insert into posts (user_id, kind, title)
      select ${owner.user.id}, 'post', 'Plan post ' || g from generate_series(1, 40000) g`);
    await t.ctx.db.execute(sql`analyze users`);
    await t.ctx.db.execute(sql`analyze posts`);

    const counted = { membersCommon: false, eventsCommon: false, friendsPlan: 'auto' } as const;
    const plan = async (shape: SearchShape, q: string) => {
      const names = new Proxy({}, { get: (_t, key) => sql.placeholder(String(key)) }) as Placeholders<SearchValues>;
      const query = new PgDialect().sqlToQuery(searchStatement(shape, names));
      const values = searchValues({
        viewerId: owner.user.id,
        q,
        now: new Date(serverNow()),
        members: shape.members,
        events: shape.events,
        membersAfter: null,
        eventsAfter: null,
        membersCommon: false,
        eventsCommon: false,
      });
      const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;
      const args = (query.params as { name: keyof SearchValues }[]).map((p) => literal(values[p.name])).join(', ');
      return t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare search_plan as ${query.sql}`));
        const rows = await selectRows<Record<string, unknown>>(
          tx,
          sql.raw(`explain (format json) execute search_plan(${args})`),
        );
        await tx.execute(sql`deallocate search_plan`);
        return JSON.stringify(rows);
      });
    };
    const members = await plan(
      { members: 21, events: 0, membersAfter: false, eventsAfter: false, ...counted },
      'plan12',
    );
    expect(members).toContain('users_name_search_idx');
    const events = await plan(
      { members: 0, events: 21, membersAfter: false, eventsAfter: false, ...counted },
      'rodeo 12',
    );
    expect(events).toContain('posts_event_title_search_idx');
  });
});

describe('budget', () => {
  it('refuses a member who searches more than the search limit, with Retry-After', async () => {
    const clock = new ManualClock(Date.parse('2026-11-23T10:00:00Z'));
    const limited = await createTestApp({ clock, rateLimitScale: 1 });
    try {
      const member = await setUpMember(limited.app);
      const ask = () =>
        limited.app.inject({ method: 'GET', url: '/api/search?q=rodeo', headers: bearer(member.token) });
      for (let i = 0; i < 120; i += 1) expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(66);
      clock.advance(wait * 1000);
      expect((await ask()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
