/**
 * Fills a PostgreSQL database with a synthetic community for the benchmarks:
 * N members with skewed friend counts (a few hubs) and interests, posts whose authors are skewed as real
 * authors are (a few post a lot, most rarely), image records, likes and comments with their counters, events
 * (half past, half to come, a fifth private) with their types and associations, the notifications of the
 * comments, conversations with their messages, and three viewers to measure: typical (median friend count),
 * sparse (5 friends who rarely post) and heavy (1,400 friends), each with conversations of their own and the
 * same 60 notifications at every size.
 *
 *   node --import tsx bench/src/generate.ts --members 100000 --posts 10000000 --events 100000
 *
 * Set-based and fast (issue 20: 10M posts, 100k members, 100k events in at most 15 minutes on 2 cores): the
 * schema is migrated, then the tables to fill lose their secondary indexes and foreign keys; every row is made
 * inside PostgreSQL by generate_series (no client round trip a row), counters are written with the posts
 * (the likes and comments are then made to match them, so no UPDATE rewrites the table), and the indexes and
 * foreign keys come back at the end, built once over sorted data, with the foreign keys validated (the
 * planner uses them for join estimates). Commits are asynchronous (`synchronous_commit = off`): a bench
 * database is thrown away on a crash anyway.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/corral_bench) is dropped and made again.
 * The viewers' session tokens are written to bench/results/viewers-<posts>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedReferenceData } from '../../apps/server/src/seed/seed-reference.ts';

const PLACEHOLDER = 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=';

/** The tables the generator fills: their secondary indexes and foreign keys are dropped while they fill. */
const FILLED = [
  'users',
  'user_event_types',
  'user_associations',
  'friendships',
  'posts',
  'post_images',
  'likes',
  'comments',
  'event_details',
  'event_event_types',
  'event_associations',
  'notifications',
  'conversations',
  'conversation_members',
  'messages',
];

export interface Viewer {
  name: 'typical' | 'sparse' | 'heavy';
  userId: string;
  token: string;
  friends: number;
}

export const benchDatabaseUrl = () =>
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/corral_bench';

async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`  ${label.padEnd(28)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

type Query = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;

export async function generate({
  members,
  posts,
  events = 0,
  conversations,
}: {
  members: number;
  posts: number;
  events?: number;
  /** Conversations between members at large (the viewers get theirs besides); default a member each. */
  conversations?: number;
}): Promise<Viewer[]> {
  const started = performance.now();
  const url = benchDatabaseUrl();
  await recreateDatabase(url);
  const handle = openDatabase({ databaseUrl: url, pglitePath: 'memory://' });
  await handle.migrate();
  await seedReferenceData(handle.db);
  await handle.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q: Query = (sql, params = []) => client.query(sql, params);
  await q(`set synchronous_commit = off`);
  await q(`set maintenance_work_mem = '1GB'`);
  await q(`set work_mem = '256MB'`);
  await q(`set max_parallel_maintenance_workers = 2`);
  await q(`set max_parallel_workers_per_gather = 2`);
  console.log(
    `Generating ${members.toLocaleString('en-US')} members, ${posts.toLocaleString('en-US')} posts and ` +
      `${events.toLocaleString('en-US')} events`,
  );
  await q('select setseed(0.42)');
  const restore = await timed('drop indexes and keys', () => dropIndexesAndKeys(q));

  await timed('members', () =>
    q(
      `insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified, is_private)
       select 'b' || g, 'Bench Rider ' || g, 'bench' || g || '@bench.corral', 'Bench', 'Rider ' || g, true, true,
         random() < 0.1
       from generate_series(1, $1::int) g`,
      [members],
    ),
  );
  await timed('interests', () => insertInterests(q));
  await timed('friendships', () => insertFriendships(q, members));
  await timed('posts', () => insertPosts(q, members, posts));
  await timed('image records', () =>
    q(
      `insert into post_images (post_id, position, storage_key, variant_widths, width, height, placeholder)
       select p.id, k, 'bench/' || p.id || '/' || k, '{320,640,1280}', 1280, 960, $1
       from posts p, lateral generate_series(0, (p.id % 3)::int) k
       where p.id % 10 < 3`,
      [PLACEHOLDER],
    ),
  );
  // Each post's likers and commenters, as many as its counters say, distinct members (9973 is prime to any
  // member count the bench uses, so j * 9973 mod M differs for every j below M).
  await timed('likes', () =>
    q(
      `insert into likes (post_id, user_id)
       select p.id, 'b' || (1 + (p.id * 31 + j * 9973) % $1::int)
       from posts p, lateral generate_series(0, p.likes_count - 1) j
       where p.likes_count > 0`,
      [members],
    ),
  );
  await timed('comments', () =>
    q(
      `insert into comments (post_id, user_id, text, created_at)
       select p.id, 'b' || (1 + (p.id * 17 + j * 7919) % $1::int), 'Nice ride!', p.created_at + (j + 1) * interval '7 minutes'
       from posts p, lateral generate_series(0, p.comments_count - 1) j
       where p.comments_count > 0`,
      [members],
    ),
  );
  if (events > 0) await timed('events', () => insertEvents(q, members, events));
  await timed('notifications', () => insertCommentNotifications(q));
  const viewers = await timed('viewers', () => makeViewers(q, members));
  await timed("viewers' notifications", () => insertViewerNotifications(q, viewers));
  await timed('conversations', () => insertConversations(q, members, conversations ?? members, viewers));
  await timed('indexes and keys back', () => restore());
  // As autovacuum would leave a settled table: statistics, and a visibility map for index-only scans.
  await timed('vacuum analyze', () => q('vacuum analyze'));
  await client.end();
  console.log(`  ${'in all'.padEnd(28)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await mkdir(path.join(import.meta.dirname, '../results'), { recursive: true });
  await writeFile(path.join(import.meta.dirname, `../results/viewers-${posts}.json`), JSON.stringify(viewers, null, 2));
  return viewers;
}

/**
 * Drops the filled tables' foreign keys (theirs, and others' that point at them) and secondary indexes
 * (primary keys stay: the tables are filled by id); answers what puts them back, indexes first.
 */
async function dropIndexesAndKeys(q: Query): Promise<() => Promise<void>> {
  const tables = `array[${FILLED.map((t) => `'${t}'`).join(', ')}]`;
  const { rows: keys } = await q(
    `select c.conrelid::regclass::text as tbl, c.conname, pg_get_constraintdef(c.oid) as def
     from pg_constraint c
     where c.contype = 'f' and (c.conrelid::regclass::text = any(${tables}) or c.confrelid::regclass::text = any(${tables}))`,
  );
  const { rows: indexes } = await q(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i
     where i.indrelid::regclass::text = any(${tables}) and not i.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const key of keys) await q(`alter table ${key.tbl} drop constraint ${key.conname}`);
  for (const index of indexes) await q(`drop index ${index.name}`);
  return async () => {
    for (const index of indexes) await q(index.def);
    for (const key of keys) await q(`alter table ${key.tbl} add constraint ${key.conname} ${key.def}`);
  };
}

/** Each member's interests: two event types and an association, spread over the reference lists. */
async function insertInterests(q: Query): Promise<void> {
  await q(
    `insert into user_event_types (user_id, event_type_id)
     select u.id, t.id from users u
     join lateral (select id from event_types order by md5(u.id || id::text) limit 2) t on true`,
  );
  await q(
    `insert into user_associations (user_id, association_id)
     select u.id, a.id from users u
     join lateral (select id from associations order by md5(u.id || id::text) limit 1) a on true`,
  );
}

/** Friend counts from 10 to 310, most near 85; friends drawn towards low ids, so hubs exist; both directions. */
async function insertFriendships(q: Query, members: number): Promise<void> {
  await q(
    `create temporary table pairs as
     select distinct least(i, j) as a, greatest(i, j) as b from (
       select i, 1 + floor($1::int * power(random(), 1.5))::int as j
       from generate_series(1, $1::int) i,
            lateral generate_series(1, 5 + floor(150 * power(random(), 2))::int + 0 * i) k
     ) s where i <> j`,
    [members],
  );
  await q(
    `insert into friendships (user_id, friend_id)
     select 'b' || a, 'b' || b from pairs union all select 'b' || b, 'b' || a from pairs`,
  );
  await q('drop table pairs');
}

/**
 * Posts by skewed authors (the cube of a uniform number puts most on a few low ids) over the past year, in
 * the order of their time; counters skewed too (most posts have none, a few many): 2 likes and half a
 * comment a post on average.
 */
async function insertPosts(q: Query, members: number, posts: number): Promise<void> {
  await q(
    `insert into posts (user_id, kind, title, sort_date, created_at, likes_count, comments_count)
     select 'b' || (1 + floor($1::int * power(random(), 3)))::int, 'post', 'Bench post ' || g, ts, ts,
       floor(14 * power(random(), 6))::int, floor(3.5 * power(random(), 6))::int
     from (select g, now() - interval '365 days' + (g::float8 / $2::int) * interval '365 days' as ts
           from generate_series(1, $2::int) g) s`,
    [members, posts],
  );
}

/**
 * Events by skewed hosts, created over the past year, taking place from a year ago to a year ahead, a fifth
 * private; titles of a few common words ('Rodeo' in most), as search meets them; one or two event types and
 * an association each.
 */
async function insertEvents(q: Query, members: number, events: number): Promise<void> {
  await q(
    `with made as (
       insert into posts (user_id, kind, title, sort_date, created_at)
       select 'b' || (1 + floor($1::int * power(random(), 3)))::int, 'event',
              (array['Spring', 'Summer', 'Ranch', 'County', 'Classic', 'Open'])[1 + floor(random() * 6)::int] || ' ' ||
              (array['Rodeo', 'Rodeo', 'Rodeo', 'Barrel Race', 'Roping'])[1 + floor(random() * 5)::int] || ' ' || g, ts, ts
       from (select g, now() - random() * interval '365 days' as ts from generate_series(1, $2::int) g) s
       returning id)
     insert into event_details (post_id, from_date, to_date, location, address, is_private)
     select id, f, f + interval '2 days', 'Bench Arena', '1 Arena Road, Cheyenne, WY', random() < 0.2
     from (select id, now() + (random() * 730 - 365) * interval '1 day' as f from made) m`,
    [members, events],
  );
  await q(
    `insert into event_event_types (post_id, event_type_id)
     select ed.post_id, t.id from event_details ed
     join lateral (select id from event_types order by md5(ed.post_id::text || id::text)
                   limit 1 + (ed.post_id % 2)::int) t on true`,
  );
  await q(
    `insert into event_associations (post_id, association_id)
     select ed.post_id, a.id from event_details ed
     join lateral (select id from associations order by md5(ed.post_id::text || id::text) limit 1) a on true`,
  );
}

/** The notification each comment gives its post's author ('comment:<id>'), at the time it came. */
async function insertCommentNotifications(q: Query): Promise<void> {
  await q(
    `insert into notifications (user_id, kind, cause, actor_id, post_id, info, is_read, created_at, updated_at)
     select p.user_id, 'comment', 'comment:' || c.id, c.user_id, p.id, c.text, c.id % 10 < 7, c.created_at, c.created_at
     from comments c join posts p on p.id = c.post_id
     where c.user_id <> p.user_id`,
  );
}

/**
 * The viewers' bells: the same 60 notifications for each viewer at every size, in place of what the comments
 * gave them (a viewer's comment notifications follow how many posts each member has: none for the typical viewer
 * at 10,000 posts, 58 at 10M, so its notifications list measured a bigger bell, not a bigger table). Each tells of
 * an edit to one of the 60 newest public events of public hosts (`event_update`, actor its host, 7 in 10 read),
 * so the list checks each item's visibility as it does a comment's; none without events.
 */
async function insertViewerNotifications(q: Query, viewers: Viewer[]): Promise<void> {
  const ids = viewers.map((viewer) => viewer.userId);
  await q('delete from notifications where user_id = any($1::text[])', [ids]);
  await q(
    `insert into notifications (user_id, kind, cause, actor_id, post_id, info, is_read, created_at, updated_at)
     select v.user_id, 'event_update', 'event_update:' || e.id, e.user_id, e.id, 'The time changed',
       e.n % 10 < 7, now() - e.n * interval '11 hours', now() - e.n * interval '11 hours'
     from unnest($1::text[]) v(user_id)
     cross join (
       select p.id, p.user_id, row_number() over (order by p.sort_date desc, p.id desc) as n
       from posts p join event_details ed on ed.post_id = p.id join users u on u.id = p.user_id
       where p.kind = 'event' and not ed.is_private and not u.is_private
       order by p.sort_date desc, p.id desc limit 60) e
     where e.user_id <> v.user_id`,
    [ids],
  );
}

/**
 * Conversations: `count` between members at large (each with 8 messages), and 60 for each viewer with their
 * friends (40 messages each, the newest unread), so the inbox and a conversation's page have something to
 * page through. Each pair once (`pair_key`), members' rows with the last message's time, as the app keeps them.
 */
async function insertConversations(q: Query, members: number, count: number, viewers: Viewer[]): Promise<void> {
  await q(
    `create temporary table pairs as
     select distinct on (pair_key) a, b, pair_key, n from (
       select a, b, least(a, b) || ' ' || greatest(a, b) as pair_key, 8 as n from (
         select 'b' || (1 + floor($1::int * random()))::int as a, 'b' || (1 + floor($1::int * random()))::int as b
         from generate_series(1, $2::int)) r where a <> b
       union all
       select v.user_id, f.friend_id, least(v.user_id, f.friend_id) || ' ' || greatest(v.user_id, f.friend_id), 40
       from unnest($3::text[]) v(user_id)
       join lateral (select friend_id from friendships where user_id = v.user_id order by friend_id limit 60) f on true
     ) s order by pair_key, n desc`,
    [members, count, viewers.map((viewer) => viewer.userId)],
  );
  await q(
    `insert into conversations (pair_key, started_by, accepted_at, last_message_at, created_at)
     select pair_key, a, now() - interval '30 days', now() - interval '30 days', now() - interval '30 days' from pairs`,
  );
  await q(
    `insert into messages (conversation_id, sender_id, client_id, body, created_at)
     select c.id, case when j % 2 = 0 then p.a else p.b end, 'bench-' || c.id || '-' || j, 'Message ' || j,
       now() - interval '30 days' + j * interval '5 minutes' + (c.id % 1000) * interval '1 second'
     from pairs p join conversations c on c.pair_key = p.pair_key, lateral generate_series(1, p.n) j`,
  );
  await q(
    `update conversations c set last_message_id = m.id, last_message_at = m.created_at
     from (select distinct on (conversation_id) conversation_id, id, created_at from messages
           order by conversation_id, id desc) m
     where m.conversation_id = c.id`,
  );
  await q(
    `insert into conversation_members (conversation_id, user_id, box, last_message_at, last_read_message_id,
       unread_count, joined_at)
     select c.id, who.user_id, 'inbox', c.last_message_at, c.last_message_id - who.unread, who.unread, c.created_at
     from conversations c join pairs p on p.pair_key = c.pair_key,
       lateral (values (p.a, 0), (p.b, (c.id % 3)::int)) who(user_id, unread)`,
  );
  await q('drop table pairs');
}

async function makeViewers(q: Query, members: number): Promise<Viewer[]> {
  const median = await q(
    `select user_id, n from (select user_id, count(*) n from friendships group by user_id) c
     order by n limit 1 offset (select count(distinct user_id) / 2 from friendships)`,
  );
  const typical = median.rows[0] as { user_id: string; n: string };
  await q(
    `insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
     values ('b-sparse', 'Sparse Viewer', 'sparse@bench.corral', 'Sparse', 'Viewer', true, true),
            ('b-heavy', 'Heavy Viewer', 'heavy@bench.corral', 'Heavy', 'Viewer', true, true)`,
  );
  await q(
    `insert into user_event_types (user_id, event_type_id)
     select v, (select min(id) from event_types) from unnest(array['b-sparse', 'b-heavy']) v`,
  );
  // Sparse: five friends among the members who post least (the highest ids).
  await q(
    `insert into friendships (user_id, friend_id)
           select 'b-sparse', 'b' || g from generate_series($1::int - 4, $1::int) g`,
    [members],
  );
  await q(
    `insert into friendships (user_id, friend_id)
     select distinct 'b-heavy', 'b' || (1 + floor($1::int * random()))::int from generate_series(1, 1400)`,
    [members],
  );
  await q(`insert into friendships (user_id, friend_id) select friend_id, user_id from friendships
           where user_id in ('b-sparse', 'b-heavy')`);
  const viewers: Viewer[] = [];
  for (const [name, userId] of [
    ['typical', typical.user_id],
    ['sparse', 'b-sparse'],
    ['heavy', 'b-heavy'],
  ] as const) {
    const token = randomBytes(24).toString('base64url');
    await q(`insert into sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '7 days')`, [
      randomBytes(12).toString('hex'),
      token,
      userId,
    ]);
    const { rows } = await q('select count(*)::int n from friendships where user_id = $1', [userId]);
    viewers.push({ name, userId, token, friends: rows[0].n });
  }
  return viewers;
}

if (process.argv[1]?.endsWith('generate.ts')) {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '10000' },
      posts: { type: 'string', default: '200000' },
      events: { type: 'string', default: '0' },
      conversations: { type: 'string' },
    },
  });
  const viewers = await generate({
    members: Number(values.members),
    posts: Number(values.posts),
    events: Number(values.events),
    ...(values.conversations ? { conversations: Number(values.conversations) } : {}),
  });
  console.table(viewers.map(({ name, userId, friends }) => ({ name, userId, friends })));
}
