import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/sql.ts';
import { bearer, befriend, createPost, setUpMember } from './factories.ts';
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
beforeAll(async () => {
  t = await createTestApp({ recorded });
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
  conversations: () => '/api/conversations?box=inbox',
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
async function buffersOf(url: string): Promise<number> {
  recorded.length = 0;
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(viewer.token) });
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
      total += (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
      await tx.execute(sql.raw(`deallocate list_buffers_${index}`));
    }
  });
  return total;
}

/** Rows no list of the viewer returns (or only beyond its first page), in bulk. */
async function addRowsNotReturned() {
  await t.ctx.db.execute(sql`
    insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
    select 'bulk-' || g, 'Bulk', 'bulk-' || g || '@example.com', 'Zed', 'Stranger ' || g, true, true
    from generate_series(1, 3000) g`);
  await t.ctx.db.execute(sql`
    insert into posts (user_id, kind, title, sort_date, created_at)
    select 'bulk-' || (1 + g % 3000), 'post', 'Bulk post ' || g, now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, 30000) g`);
  // Strangers' events: past ones (no upcoming list returns them), and to come after the friend's (beyond the
  // first page), 'Rodeo' in every title (more matches than search ranks whole: the common word's walk).
  await insertEvents(sql`'bulk-1'`, 'Rodeo Past', 2000, sql`now() - interval '400 days' + g * interval '3 hours'`);
  await insertEvents(sql`'bulk-2'`, 'Rodeo Later', 2000, sql`now() + interval '200 days' + g * interval '3 hours'`);
  await t.ctx.db.execute(sql`
    insert into notifications (user_id, kind, cause, actor_id, info)
    select 'bulk-' || (1 + g % 3000), 'friend_accepted', 'bulk:' || g, 'bulk-' || (1 + (g + 1) % 3000), null
    from generate_series(1, 20000) g`);
  await t.ctx.db.execute(sql`
    with made as (
      insert into conversations (pair_key, started_by, accepted_at)
      select 'bulk-' || g || ' bulk-' || (g + 1), 'bulk-' || g, now() from generate_series(1, 1000) g returning id)
    insert into messages (conversation_id, sender_id, client_id, body)
    select made.id, null, 'bulk-' || made.id || '-' || k, 'Hi' from made, generate_series(1, 10) k`);
  // As autovacuum leaves them: statistics, and the GIN indexes' pending entries merged.
  await t.ctx.db.execute(sql`vacuum analyze`);
}

describe('each list reads what it returns, not the tables around it', () => {
  it('reads about as many buffers with 30,000 more posts, 4,000 events, members, notifications and messages', async () => {
    await t.ctx.db.execute(sql`vacuum analyze`);
    const before = new Map<List, number>();
    for (const [list, url] of Object.entries(LISTS) as [List, () => string][]) before.set(list, await buffersOf(url()));
    await addRowsNotReturned();
    const grown: string[] = [];
    for (const [list, url] of Object.entries(LISTS) as [List, () => string][]) {
      const after = await buffersOf(url());
      const was = before.get(list) ?? 0;
      // A little more: an index a level deeper, a page now full of others' events.
      if (after > was * 1.5 + 60) grown.push(`${list}: ${was} → ${after} buffers`);
    }
    expect(grown).toEqual([]);
  }, 120_000);
});
