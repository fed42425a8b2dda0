import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/sql.ts';
import { MANY_FRIENDS } from '../src/modules/search/search.queries.ts';
import { bearer, befriend, createPost, setUpMember } from './factories.ts';
import { references } from './fixtures/events.fixtures.ts';
import { offerBody, placedEvent, placeId, postOffer } from './fixtures/haul.fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/*
 * No list statement grows with a table it does not page through (issue 20, docs/decisions/031-lists-at-scale.md).
 * Each list a member reads is requested, its statements recorded as the server sends them, and each one run
 * again under EXPLAIN (ANALYZE, BUFFERS) as the server plans it (a generic plan): first on a small community,
 * then after rows the list does not return were added in bulk (strangers' posts, events long past and after
 * the first page, members and their notifications and conversations, events matching the search word). The
 * buffers a list reads may grow a little (an index a level deeper, a page that fills up), not with those rows.
 */

const recorded: Array<{ sql: string; params: unknown[] }> = [];
let t: TestApp;
let viewer: Awaited<ReturnType<typeof setUpMember>>;
let friend: Awaited<ReturnType<typeof setUpMember>>;
let conversationId: number;
let commentedPostId: number;
let hauledEventId: number;
let denver: number;
let greeley: number;
beforeAll(async () => {
  t = await createTestApp({ recorded, env: { SEED_PLACES: 'true' } });
  viewer = await setUpMember(t.app, { first_name: 'Quill', last_name: 'Viewer' });
  friend = await setUpMember(t.app, { first_name: 'Quincy', last_name: 'Friend' });
  await befriend(t.app, viewer.user.id, friend.user.id);
  for (let i = 0; i < 12; i += 1) await createPost(t.app, i % 3 ? friend.token : viewer.token, `Post ${i}`);
  // The friend's events: 14 to come (more than a page), 3 past; 'Rodeo' in every title; and a stranger's 600
  // after them, so that 'rodeo' is a common word (search reads it tier by tier) before the bulk comes too.
  await insertEvents(sql`${friend.user.id}`, 'Rodeo Quarterfinal', 17, sql`now() + (g - 3) * interval '3 days'`);
  await t.ctx.db.execute(sql`
    insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
    values ('stranger', 'Stranger', 'stranger@example.com', 'Zed', 'Stranger', true, true)`);
  await insertEvents(sql`'stranger'`, 'Rodeo Open', 600, sql`now() + interval '100 days' + g * interval '3 hours'`);
  // A conversation with more than a page of messages.
  const [conversation] = await selectRows<{ id: string }>(
    t.ctx.db,
    sql`insert into conversations (pair_key, started_by, accepted_at)
      values (${[viewer.user.id, friend.user.id].sort().join(' ')}, ${viewer.user.id}, now()) returning id`,
  );
  conversationId = Number(conversation?.id);
  await t.ctx.db.execute(sql`
    insert into messages (conversation_id, sender_id, client_id, body, created_at)
    select ${conversationId}, case when g % 2 = 0 then ${viewer.user.id} else ${friend.user.id} end, 'c-' || g,
      'Message ' || g, now() - (40 - g) * interval '1 minute' from generate_series(1, 40) g`);
  await t.ctx.db.execute(sql`
    insert into conversation_members (conversation_id, user_id, last_message_at)
    values (${conversationId}, ${viewer.user.id}, now()), (${conversationId}, ${friend.user.id}, now())`);
  // A post of the viewer's with more than a page of the friend's comments; a friend request to the viewer.
  const [post] = await selectRows<{ id: string }>(
    t.ctx.db,
    sql`select id from posts where user_id = ${viewer.user.id} and kind = 'post' order by id desc limit 1`,
  );
  commentedPostId = Number(post?.id);
  await t.ctx.db.execute(sql`
    insert into comments (post_id, user_id, text, created_at)
    select ${commentedPostId}, ${friend.user.id}, 'Comment ' || g, now() - (60 - g) * interval '1 minute'
    from generate_series(1, 60) g`);
  await t.ctx.db.execute(sql`
    insert into friend_requests (sender_id, recipient_id) values ('stranger', ${viewer.user.id})`);
  // The friend's event on the hauling board, with the friend's two offers from Denver and the viewer's one.
  denver = await placeId(t.app, 'Denver', 'CO');
  greeley = await placeId(t.app, 'Greeley', 'CO');
  const hauled = await placedEvent(
    t.app,
    friend.token,
    await references(t.app),
    await placeId(t.app, 'Cheyenne', 'WY'),
  );
  hauledEventId = hauled.id;
  for (const token of [friend.token, friend.token, viewer.token]) {
    const offer = await postOffer(t.app, token, offerBody(hauled.id, hauled.performances[0] ?? 0, denver));
    expect(offer.statusCode, offer.body).toBe(201);
  }
  // Notifications of the viewer: the friend's comments on the viewer's posts.
  await t.ctx.db.execute(sql`
    insert into notifications (user_id, kind, cause, actor_id, post_id, info)
    select ${viewer.user.id}, 'comment', 'comment:bulk-' || p.id, ${friend.user.id}, p.id, 'Nice'
    from posts p where p.user_id = ${viewer.user.id}`);
}, 60_000);
afterAll(() => t.close());

/** `count` events by `owner`, titled `title n`, from `from` (g is the row's number), two days long. */
async function insertEvents(owner: ReturnType<typeof sql>, title: string, count: number, from: ReturnType<typeof sql>) {
  await t.ctx.db.execute(sql`
    with made as (
      insert into posts (user_id, kind, title, sort_date, created_at)
      select ${owner}, 'event', ${title} || ' ' || g, now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, ${count}) g
      returning id, split_part(title, ' ', 3)::int as g)
    insert into event_details (post_id, from_date, to_date, location, address)
    select id, ${from}, ${from} + interval '2 days', 'Arena', 'Road' from made`);
}

const LISTS = {
  timeline: () => '/api/home/timeline',
  'upcoming events': () => '/api/events?scope=upcoming',
  'my events': () => '/api/events?scope=mine',
  'home upcoming events': () => '/api/home/upcoming-events',
  'search events (common word)': () => '/api/search?q=rodeo&type=events',
  'search members (one letter)': () => '/api/search?q=q&type=members',
  'profile items': () => `/api/user/posts-and-events/${friend.user.id}`,
  notifications: () => '/api/notifications',
  comments: () => `/api/posts/${commentedPostId}/comments`,
  friends: () => '/api/friends',
  'friend requests': () => '/api/friends/requests',
  conversations: () => '/api/conversations?box=inbox',
  'hauling tab': () => `/api/events/${hauledEventId}/hauling`,
  'hauling tab near': () => `/api/events/${hauledEventId}/hauling?near=${greeley}`,
  'my hauls': () => '/api/me/hauls',
  messages: () => `/api/conversations/${conversationId}/messages`,
} as const;
type List = keyof typeof LISTS;

/** A statement's parameter written as a literal for EXECUTE. */
const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : `'${(value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(/'/g, "''")}'`;

/** The buffers one request's statements read, each run as the server runs it (prepared, a generic plan). */
async function buffersOf(url: string, token = viewer.token): Promise<number> {
  recorded.length = 0;
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const statements = [...recorded];
  let total = 0;
  await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    for (const [index, statement] of statements.entries()) {
      await tx.execute(sql.raw(`prepare list_buffers_${index} as ${statement.sql}`));
      const execute = `execute list_buffers_${index}${statement.params.length ? `(${statement.params.map(literal).join(', ')})` : ''}`;
      const [row] = await selectRows<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>(
        tx,
        sql.raw(`explain (analyze, buffers, format json) ${execute}`),
      );
      const plan = row?.['QUERY PLAN'][0]?.Plan ?? {};
      // LIST_BUFFERS_DEBUG=<part of a list's URL> prints that list's statements and plans, to see why it grew.
      if (process.env.LIST_BUFFERS_DEBUG && url.includes(process.env.LIST_BUFFERS_DEBUG)) {
        const text = await selectRows<{ 'QUERY PLAN': string }>(
          tx,
          sql.raw(`explain (analyze, buffers, costs off, timing off, summary off) ${execute}`),
        );
        console.log(url, statement.sql, '\n', text.map((r) => r['QUERY PLAN']).join('\n'));
      }
      total += (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
      await tx.execute(sql.raw(`deallocate list_buffers_${index}`));
    }
  });
  return total;
}

/**
 * Rows no list of the viewer returns (or only beyond its first page), in bulk: round 1 and round 2 add as
 * many again (members bulk-1… of round 1, bulk-3001… of round 2, and so on), so that from one to the other
 * every table a list does not page through doubles.
 */
async function addRowsNotReturned(round: number) {
  const first = (round - 1) * 3000;
  const member = (expression: ReturnType<typeof sql>) => sql`'bulk-' || (${first} + 1 + (${expression}) % 3000)`;
  await t.ctx.db.execute(sql`
    insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
    select 'bulk-' || (${first} + g), 'Bulk', 'bulk-' || (${first} + g) || '@example.com', 'Zed', 'Stranger ' || g, true, true
    from generate_series(1, 3000) g`);
  await t.ctx.db.execute(sql`
    insert into posts (user_id, kind, title, sort_date, created_at)
    select ${member(sql`g`)}, 'post', 'Bulk post ' || g, now() - (${first * 10} + g) * interval '1 second',
      now() - (${first * 10} + g) * interval '1 second'
    from generate_series(1, 30000) g`);
  // Strangers' events: past ones (no upcoming list returns them), and to come after the friend's (beyond the
  // first page), 'Rodeo' in every title (more matches than search ranks whole: the common word's walk).
  const days = round * 300;
  await insertEvents(
    sql`'bulk-' || ${first + 1}`,
    'Rodeo Past',
    2000,
    sql`now() - ${days + 100} * interval '1 day' + g * interval '3 hours'`,
  );
  await insertEvents(
    sql`'bulk-' || ${first + 2}`,
    'Rodeo Later',
    2000,
    sql`now() + ${days - 100} * interval '1 day' + g * interval '3 hours'`,
  );
  await t.ctx.db.execute(sql`
    insert into notifications (user_id, kind, cause, actor_id, info)
    select ${member(sql`g`)}, 'friend_accepted', 'bulk:' || ${round} || ':' || g, ${member(sql`g + 1`)}, null
    from generate_series(1, 20000) g`);
  // Others' comments, friendships and friend requests.
  await t.ctx.db.execute(sql`
    insert into comments (post_id, user_id, text)
    select p.id, ${member(sql`p.id + k`)}, 'Bulk comment'
    from (select id from posts where user_id like 'bulk-%' order by id desc limit 5000) p, generate_series(1, 4) k`);
  await t.ctx.db.execute(sql`
    insert into friendships (user_id, friend_id)
    select ${member(sql`g`)}, ${member(sql`g + k`)} from generate_series(1, 3000) g, generate_series(1, 5) k
    on conflict do nothing`);
  await t.ctx.db.execute(sql`
    insert into friend_requests (sender_id, recipient_id)
    select ${member(sql`g`)}, ${member(sql`g + 10`)} from generate_series(1, 3000) g
    on conflict do nothing`);
  await t.ctx.db.execute(sql`
    with made as (
      insert into conversations (pair_key, started_by, accepted_at)
      select ${member(sql`g`)} || ' ' || ${member(sql`g + 1`)}, ${member(sql`g`)}, now() from generate_series(1, 1000) g
      returning id)
    insert into messages (conversation_id, sender_id, client_id, body)
    select made.id, null, 'bulk-' || made.id || '-' || k, 'Hi' from made, generate_series(1, 10) k`);
  // Others' hauling offers to the round's events to come, three each, each with a completed booking (their
  // drivers' and riders' records).
  await t.ctx.db.execute(sql`
    with offers as (
      insert into haul_offers (driver_id, event_id, origin_place_id, depart_from, depart_until, arrive_by,
        stalls_total, stalls_free, stall_kind, rate_type, price, price_unit, cap_per_horse, booking_mode,
        visibility, detour_km)
      select ${member(sql`e.n + k`)}, e.post_id, ${denver}, e.from_date - interval '1 day',
        e.from_date - interval '20 hours', e.from_date, 4, 3, 'slant', 'fill', 80, 'horse', 100, 'request',
        'everyone', 50
      from (select ed.post_id, ed.from_date, row_number() over (order by ed.post_id) as n
            from event_details ed join posts p on p.id = ed.post_id
            where p.user_id = ${`bulk-${first + 2}`}) e, generate_series(1, 3) k
      returning id, driver_id)
    insert into haul_bookings (offer_id, rider_id, stalls, status, completed_at)
    select id, ${member(sql`id`)}, 1, 'completed', now() from offers`);
  // As autovacuum leaves them: statistics, and the GIN indexes' pending entries merged.
  await t.ctx.db.execute(sql`vacuum analyze`);
}

async function buffersOfEach(): Promise<Map<List, number>> {
  const buffers = new Map<List, number>();
  for (const [list, url] of Object.entries(LISTS) as [List, () => string][]) buffers.set(list, await buffersOf(url()));
  return buffers;
}

describe('each list reads what it returns, not the tables around it', () => {
  it('reads about as many buffers when the posts, events, members, comments, friendships, requests, notifications, messages and hauls it does not return double', async () => {
    // Round 1 first: on a few rows a list's statement may scan a whole one-page table where, on more, it
    // walks an index and fetches each row of its page; from round 1 to round 2 the plans are those of a
    // big database, and only what the list does not return doubles.
    await addRowsNotReturned(1);
    const once = await buffersOfEach();
    await addRowsNotReturned(2);
    const twice = await buffersOfEach();
    const grown: string[] = [];
    for (const [list, was] of once) {
      const now = twice.get(list) ?? 0;
      // A little more: an index a level deeper, a page now full of others' rows.
      if (now > was * 1.3 + 20) grown.push(`${list}: ${was} → ${now} buffers`);
    }
    expect(grown).toEqual([]);
    // Each list was measured (a request that read nothing would prove nothing).
    for (const [list, was] of once) expect(was, list).toBeGreaterThan(0);
  }, 180_000);
});

describe('a viewer with many friends', () => {
  it("searches a common word's events in about as many buffers when the friends, their events and everyone else's double", async () => {
    const heavy = await setUpMember(t.app, { first_name: 'Hattie', last_name: 'Heavy' });
    const url = '/api/search?q=rodeo&type=events';
    const friends = MANY_FRIENDS + 100;
    // Each round: as many friends again, each with an event to come and a past one, and a stranger's events,
    // twice as many as the friends', all 'Rodeo', over the same 60 days either side of now, between the rounds'
    // before: the friends' share of the events stays, their number doubles.
    const addRound = async (round: number) => {
      const member = sql`'heavy-' || ${round} || '-' || g`;
      await t.ctx.db.execute(sql`
        insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
        select ${member}, 'Heavy Friend', ${member} || '@example.com', 'Hal', 'Friend ' || g, true, true
        from generate_series(1, ${friends}) g`);
      await t.ctx.db.execute(sql`
        insert into friendships (user_id, friend_id)
        select ${heavy.user.id}, ${member} from generate_series(1, ${friends}) g
        union all select ${member}, ${heavy.user.id} from generate_series(1, ${friends}) g`);
      // A row's hour in the 60 days: spread by a prime, the rounds' rows between each other's.
      const hours = (g: ReturnType<typeof sql>) => sql`((${g} * 7919 + ${round} * 13) % 1440)`;
      await t.ctx.db.execute(sql`
        with made as (
          insert into posts (user_id, kind, title, sort_date, created_at)
          select case when g <= ${2 * friends} then 'heavy-' || ${round} || '-' || (1 + g % ${friends})
              else 'stranger' end,
            'event', 'Heavy Rodeo ' || g, now() - g * interval '1 second', now() - g * interval '1 second'
          from generate_series(1, ${6 * friends}) g
          returning id, split_part(title, ' ', 3)::int as g)
        insert into event_details (post_id, from_date, to_date, location, address)
        select id, f, f + interval '2 days', 'Arena', 'Road'
        from (select id, case when g % 2 = 0 then now() + ${hours(sql`g`)} * interval '1 hour'
                else now() - interval '3 days' - ${hours(sql`g`)} * interval '1 hour' end as f from made) m`);
      await t.ctx.db.execute(sql`vacuum analyze`);
    };
    await addRound(1);
    const once = await buffersOf(url, heavy.token);
    await addRound(2);
    const twice = await buffersOf(url, heavy.token);
    expect(twice, `${once} → ${twice} buffers`).toBeLessThanOrEqual(once * 1.3 + 20);
  }, 120_000);
});
