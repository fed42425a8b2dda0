/**
 * Fills a PostgreSQL database with a synthetic community for the benchmarks:
 * N members with skewed friend counts (a few hubs), posts whose authors are skewed as real authors
 * are (a few post a lot, most rarely), image records, likes and comments with their counters, and
 * three viewers to measure: typical (median friend count), sparse (5 friends who rarely post) and
 * heavy (1,200 friends). With --events, events too (half past, half to come, a fifth private) and the
 * notifications of comments. Everything is generated inside PostgreSQL with generate_series.
 *
 *   node --import tsx bench/src/generate.ts --members 10000 --posts 200000 [--events 2000]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/corral_bench) is dropped and
 * made again. The viewers' session tokens are written to bench/results/viewers-<posts>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedReferenceData } from '../../apps/server/src/seed/seed-reference.ts';

const PLACEHOLDER = 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=';

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

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await run();
  console.log(`  ${label.padEnd(28)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

export async function generate({
  members,
  posts,
  events = 0,
}: {
  members: number;
  posts: number;
  events?: number;
}): Promise<Viewer[]> {
  const url = benchDatabaseUrl();
  await recreateDatabase(url);
  const handle = openDatabase({ databaseUrl: url, pglitePath: 'memory://' });
  await handle.migrate();
  await seedReferenceData(handle.db);
  await handle.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  console.log(`Generating ${members.toLocaleString('en-US')} members and ${posts.toLocaleString('en-US')} posts`);
  await q('select setseed(0.42)');
  await timed('members', () =>
    q(
      `insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified, is_private)
       select 'b' || g, 'Bench Rider ' || g, 'bench' || g || '@bench.corral', 'Bench', 'Rider ' || g, true, true, random() < 0.1
       from generate_series(1, $1::int) g`,
      [members],
    ),
  );
  // Friend counts from 10 to 310, most near 85; friends drawn towards low ids, so hubs exist.
  await timed('friendships', async () => {
    await q(
      `insert into friendships (user_id, friend_id)
       select 'b' || i, 'b' || j from (
         select i, 1 + floor($1::int * power(random(), 1.5))::int as j
         from generate_series(1, $1::int) i,
              lateral generate_series(1, 10 + floor(300 * power(random(), 2))::int + 0 * i) k
       ) s where i <> j
       on conflict do nothing`,
      [members],
    );
    await q(
      'insert into friendships (user_id, friend_id) select friend_id, user_id from friendships on conflict do nothing',
    );
  });
  // Authors skewed: the cube of a uniform number puts most posts on a few low ids.
  await timed('posts', () =>
    q(
      `insert into posts (user_id, kind, title, sort_date, created_at)
       select 'b' || (1 + floor($1::int * power(random(), 3)))::int, 'post', 'Bench post ' || g, ts, ts
       from (select g, now() - random() * interval '365 days' as ts from generate_series(1, $2::int) g) s`,
      [members, posts],
    ),
  );
  await timed('image records', () =>
    q(
      `insert into post_images (post_id, position, storage_key, variant_widths, width, height, placeholder)
       select p.id, k, 'bench/' || p.id || '/' || k, '{320,640,1280}', 1280, 960, $1
       from posts p, lateral generate_series(0, floor(random() * 3)::int + 0 * p.id) k
       where p.id % 10 < 3`,
      [PLACEHOLDER],
    ),
  );
  await timed('likes', () =>
    q(
      `insert into likes (post_id, user_id)
       select (select min(id) from posts) + floor($2::int * power(random(), 0.5))::int,
              'b' || (1 + floor($1::int * random()))::int
       from generate_series(1, $2::int * 2)
       on conflict do nothing`,
      [members, posts],
    ),
  );
  await timed('comments', () =>
    q(
      `insert into comments (post_id, user_id, text)
       select (select min(id) from posts) + floor($2::int * power(random(), 0.5))::int,
              'b' || (1 + floor($1::int * random()))::int, 'Nice ride!'
       from generate_series(1, $2::int / 2)`,
      [members, posts],
    ),
  );
  await timed('counters', async () => {
    await q(
      'update posts p set likes_count = c.n from (select post_id, count(*) n from likes group by post_id) c where c.post_id = p.id',
    );
    await q(
      'update posts p set comments_count = c.n from (select post_id, count(*) n from comments group by post_id) c where c.post_id = p.id',
    );
  });
  if (events > 0) {
    await timed('events', () => insertEvents(q, members, events));
    await timed('notifications', () => insertCommentNotifications(q));
  }
  const viewers = await timed('viewers', () => Promise.resolve()).then(() => makeViewers(q, members));
  // As autovacuum would leave a settled table: statistics, and a visibility map for index-only scans.
  await timed('vacuum analyze', () => q('vacuum analyze'));
  await client.end();
  await mkdir(path.join(import.meta.dirname, '../results'), { recursive: true });
  await writeFile(path.join(import.meta.dirname, `../results/viewers-${posts}.json`), JSON.stringify(viewers, null, 2));
  return viewers;
}

type Query = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;

/**
 * Events by skewed hosts, created over the past year, taking place from a year ago to a year ahead, a fifth
 * private; titles of a few common words ('Rodeo' in most), as search meets them.
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
}

/** The notification each comment gives its post's author ('comment:<id>'), at the times they would have come. */
async function insertCommentNotifications(q: Query): Promise<void> {
  await q(
    `insert into notifications (user_id, kind, cause, actor_id, post_id, info, is_read, created_at, updated_at)
     select p.user_id, 'comment', 'comment:' || c.id, c.user_id, p.id, c.text, random() < 0.7, c.t, c.t
     from (select *, now() - random() * interval '90 days' as t from comments) c join posts p on p.id = c.post_id
     where c.user_id <> p.user_id`,
  );
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
  // Sparse: five friends among the members who post least (the highest ids).
  await q(
    `insert into friendships (user_id, friend_id)
           select 'b-sparse', 'b' || g from generate_series($1::int - 4, $1::int) g`,
    [members],
  );
  await q(
    `insert into friendships (user_id, friend_id) select 'b-heavy', 'b' || (1 + floor($1::int * random()))::int
           from generate_series(1, 1400) on conflict do nothing`,
    [members],
  );
  await q(`insert into friendships (user_id, friend_id) select friend_id, user_id from friendships
           where user_id in ('b-sparse', 'b-heavy') on conflict do nothing`);
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
    },
  });
  const viewers = await generate({
    members: Number(values.members),
    posts: Number(values.posts),
    events: Number(values.events),
  });
  console.table(viewers.map(({ name, userId, friends }) => ({ name, userId, friends })));
}
