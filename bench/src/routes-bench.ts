/**
 * What one server process on one PostgreSQL carries, route by route: requests a second and p50/p99 at 1 and
 * at 10 connections for the main reads (timeline, a profile's items, upcoming events, search, notifications),
 * the writes (a comment, a like), signing in and photo uploads through the image pipeline, with the server's
 * CPU per request; then how many open streams it holds and the memory each takes.
 * The server runs in a process of its own, as in production; this process loads it over keep-alive HTTP.
 * Run bench/src/generate.ts first with the same --posts and BENCH_DATABASE_URL, and --events.
 *
 *   node --import tsx bench/src/routes-bench.ts --posts 100000 [--duration 5] [--streams 2000] [--only a,b]
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchDatabaseUrl, type Viewer } from './generate.ts';
import { closeConnections, type HttpRequest, type LoadResult, load, send } from './lib/http-load.ts';
import { phonePhoto } from './lib/phone-photo.ts';
import { benchServerEnv, RESULTS_DIR, rssKb, startServer, stopServer } from './lib/server-process.ts';
import { openStream, type Stream } from './lib/streams.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    streams: { type: 'string', default: '2000' },
    only: { type: 'string' },
    port: { type: 'string', default: '3941' },
  },
});
const duration = Number(values.duration);
const streamCount = Number(values.streams);
const only = values.only?.split(',');
const databaseUrl = benchDatabaseUrl();
const api = `http://127.0.0.1:${values.port}/api`;
const STREAM_TOKEN_PREFIX = 'routes-bench-';
const serverEnv = {
  ...benchServerEnv(databaseUrl),
  // Every stream comes from this one address; the process's own ceiling stays where production has it
  // unless more streams are asked for.
  STREAMS_PER_IP: String(streamCount),
  STREAMS_PER_PROCESS: String(Math.max(streamCount, 2_000)),
};

interface Targets {
  viewer: Viewer;
  /** The viewer's friend with the most posts: the profile read. */
  friendId: string;
  /** The 50 newest posts of the most prolific public member, which every member may like and comment on. */
  publicPostIds: number[];
  /** The member with the most notifications, and a session of theirs. */
  notified: { token: string; count: number };
  /** Members with a session each, for the streams (a member may hold only a few streams at once). */
  streamTokens: string[];
  postgres: string;
}

/** Finds what the routes read and write, and gives sessions to the members who open streams. */
async function prepare(viewer: Viewer): Promise<Targets> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const friend = await db.query<{ id: string }>(
      `select f.friend_id as id from friendships f join posts p on p.user_id = f.friend_id
       where f.user_id = $1 and p.kind = 'post' and p.deleted_at is null group by 1 order by count(*) desc limit 1`,
      [viewer.userId],
    );
    const publicPosts = await db.query<{ id: string }>(
      `select id from posts where kind = 'post' and deleted_at is null and user_id = (
         select p.user_id from posts p join users u on u.id = p.user_id and not u.is_private
         group by 1 order by count(*) desc limit 1)
       order by sort_date desc limit 50`,
    );
    const notified = await db.query<{ user_id: string; n: number }>(
      'select user_id, count(*)::int as n from notifications group by 1 order by 2 desc limit 1',
    );
    const { rows: versions } = await db.query<{ v: string }>('select current_setting($1) as v', ['server_version']);
    await db.query('delete from sessions where id like $1', [`${STREAM_TOKEN_PREFIX}%`]);
    const members = await db.query<{ token: string }>(
      `insert into sessions (id, token, user_id, expires_at)
       select $1 || id, $1 || id, id, now() + interval '1 day'
       from (select id from users where id like 'b%' and id <> $2 order by id limit $3) u
       union all select $1 || 'n-' || $2, $1 || 'n-' || $2, $2, now() + interval '1 day'
       returning token`,
      [STREAM_TOKEN_PREFIX, notified.rows[0]?.user_id, streamCount],
    );
    const [top, mostNotified] = [friend.rows[0], notified.rows[0]];
    if (!top || !mostNotified) throw new Error('generate the community with --events first');
    const notifiedToken = `${STREAM_TOKEN_PREFIX}n-${mostNotified.user_id}`;
    return {
      viewer,
      friendId: top.id,
      publicPostIds: publicPosts.rows.map((row) => Number(row.id)),
      notified: { token: notifiedToken, count: mostNotified.n },
      streamTokens: members.rows.map((row) => row.token).filter((token) => token !== notifiedToken),
      postgres: versions[0]?.v ?? '?',
    };
  } finally {
    await db.end();
  }
}

/** A post with one photo, as the web app sends it (multipart), built once and sent again and again. */
async function photoPost(photo: Buffer): Promise<Pick<HttpRequest, 'headers' | 'body'>> {
  const form = new FormData();
  form.append('title', 'Bench photo');
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://bench/', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    body: Buffer.from(await request.arrayBuffer()),
  };
}

/** Signs a new member up and answers the login request that signs them in again. */
async function signInRequest(): Promise<HttpRequest> {
  const email = `signer-${randomBytes(6).toString('hex')}@bench.corral`;
  const password = randomBytes(9).toString('base64url'); // 12 characters, the longest allowed
  const headers = { 'content-type': 'application/json' };
  const body = JSON.stringify({ first_name: 'Bench', last_name: 'Signer', email, password });
  const status = await send({ method: 'POST', url: `${api}/signup`, headers, body });
  if (status !== 200) throw new Error(`signup answered ${status}`);
  return { method: 'POST', url: `${api}/login`, headers, body: JSON.stringify({ email, password }) };
}

interface Route {
  key: string;
  label: string;
  next: () => HttpRequest;
  /** Statuses counted as refused (the image queue's 503) rather than failing the run. */
  refused?: readonly number[];
}

async function routes(targets: Targets): Promise<Route[]> {
  const token = targets.viewer.token;
  const json = { 'content-type': 'application/json' };
  const arena = await readFile(path.join(import.meta.dirname, '../../e2e/fixtures/arena.jpg'));
  const [smallPhoto, bigPhoto] = await Promise.all([photoPost(arena), phonePhoto(arena).then(photoPost)]);
  const upload = (photo: Pick<HttpRequest, 'headers' | 'body'>) => () => ({
    method: 'POST',
    url: `${api}/posts`,
    token,
    ...photo,
  });
  const signIn = await signInRequest();
  const get =
    (url: string, as = token) =>
    () => ({ url: `${api}${url}`, token: as });
  // Writes by the members in turn, over the first `posts` public posts: request i is member i's on post i mod posts.
  let turn = 0;
  const spread =
    (request: (member: string, post: number) => HttpRequest, posts = targets.publicPostIds.length) =>
    () => {
      turn += 1;
      const member = targets.streamTokens[turn % targets.streamTokens.length] ?? token;
      return request(member, targets.publicPostIds[turn % posts] ?? 0);
    };
  return [
    { key: 'timeline', label: 'GET /home/timeline (typical viewer)', next: get('/home/timeline') },
    {
      key: 'timeline-br',
      label: 'GET /home/timeline, compressed (accept-encoding: br, gzip)',
      next: () => ({ ...get('/home/timeline')(), headers: { 'accept-encoding': 'br, gzip' } }),
    },
    {
      key: 'profile',
      label: "GET /user/posts-and-events/:id (a friend's items)",
      next: get(`/user/posts-and-events/${targets.friendId}`),
    },
    { key: 'events', label: 'GET /events?scope=upcoming', next: get('/events?scope=upcoming') },
    { key: 'search-events', label: 'GET /search?q=rodeo&type=events', next: get('/search?q=rodeo&type=events') },
    { key: 'search-all', label: 'GET /search?q=rider (dropdown)', next: get('/search?q=rider') },
    {
      key: 'notifications',
      label: `GET /notifications (${targets.notified.count.toLocaleString('en-US')} of them)`,
      next: get('/notifications', targets.notified.token),
    },
    {
      key: 'comment',
      label: 'POST /posts/:id/comments (members in turn, 50 posts)',
      next: spread((member, post) => ({
        method: 'POST',
        url: `${api}/posts/${post}/comments`,
        token: member,
        headers: json,
        body: '{"text":"Nice ride!"}',
      })),
    },
    {
      key: 'like',
      label: 'POST /posts/:id/like (members in turn, 50 posts)',
      next: spread((member, post) => ({ method: 'POST', url: `${api}/posts/${post}/like`, token: member })),
    },
    {
      key: 'like-hot',
      label: 'POST /posts/:id/like (members in turn, all on one post)',
      next: spread((member, post) => ({ method: 'POST', url: `${api}/posts/${post}/like`, token: member }), 1),
    },
    { key: 'sign-in', label: 'POST /login (scrypt)', next: () => signIn },
    {
      key: 'upload',
      label: 'POST /posts with a 1600×1000 JPEG (20 KB)',
      next: upload(smallPhoto),
      refused: [503],
    },
    {
      key: 'upload-12mp',
      label: `POST /posts with a 4032×3024 JPEG (${Math.round((bigPhoto.body?.length ?? 0) / 1024)} KB)`,
      next: upload(bigPhoto),
      refused: [503],
    },
  ];
}

interface Row {
  route: Route;
  c1: LoadResult;
  c10: LoadResult;
}

interface StreamFigures {
  opened: number;
  refused: number;
  openSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerStream: number;
  timelineWithStreams: LoadResult;
}

/**
 * On a fresh server process (so that the memory the other runs left behind does not blur the growth): warms it
 * with the timeline, opens the streams 100 at a time, reads the process's memory before and after, and loads
 * the timeline beside them.
 */
async function holdStreams(targets: Targets, timeline: Route): Promise<StreamFigures> {
  const server = await startServer(values.port, serverEnv);
  try {
    await load(timeline.next, { connections: 10, duration: 2 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = await rssKb(server.pid);
    const started = performance.now();
    const streams: Stream[] = [];
    let refused = 0;
    for (let i = 0; i < targets.streamTokens.length; i += 100) {
      const batch = targets.streamTokens.slice(i, i + 100).map((token) => openStream(Number(values.port), token));
      streams.push(...batch);
      const settled = await Promise.allSettled(batch.map((stream) => stream.ready));
      refused += settled.filter((result) => result.status === 'rejected').length;
    }
    const openSeconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await rssKb(server.pid);
    const opened = streams.length - refused;
    const timelineWithStreams = await load(timeline.next, { connections: 10, duration, cpuOf: server.pid });
    for (const stream of streams) stream.request.destroy();
    return {
      opened,
      refused,
      openSeconds,
      rssBeforeMb: before / 1024,
      rssAfterMb: after / 1024,
      kbPerStream: opened > 0 ? (after - before) / opened : 0,
      timelineWithStreams,
    };
  } finally {
    await stopServer(server);
  }
}

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const cell = (r: LoadResult) => `${fmt(r.p50)} / ${fmt(r.p99)} | ${Math.round(r.rps)}`;

function routeTable(rows: Row[]): string[] {
  return [
    '| route | c=1 p50 / p99 ms | c=1 rps | c=10 p50 / p99 ms | c=10 rps | server CPU ms a request (c=10) | one core of server CPU: rps | machine busy (c=10) | refused 503 (c=10) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(({ route, c1, c10 }) => {
      const cpu = c10.cpuPerRequest ?? 0;
      return `| ${route.label} | ${cell(c1)} | ${cell(c10)} | ${fmt(cpu)} | ${cpu > 0 ? Math.round(1000 / cpu) : '-'} | ${Math.round((c10.machineBusy ?? 0) * 100)} % | ${c10.refusals} |`;
    }),
  ];
}

function streamTable(s: StreamFigures): string[] {
  const t = s.timelineWithStreams;
  return [
    '| streams opened | refused | time to open | server RSS before → after | per stream | timeline c=10 beside them: p50 / p99 ms, rps |',
    '|---|---|---|---|---|---|',
    `| ${s.opened} | ${s.refused} | ${s.openSeconds.toFixed(1)} s | ${Math.round(s.rssBeforeMb)} → ${Math.round(s.rssAfterMb)} MB | ${s.kbPerStream.toFixed(1)} KB | ${fmt(t.p50)} / ${fmt(t.p99)}, ${Math.round(t.rps)} |`,
  ];
}

const viewers: Viewer[] = JSON.parse(await readFile(path.join(RESULTS_DIR, `viewers-${values.posts}.json`), 'utf8'));
const typical = viewers.find((viewer) => viewer.name === 'typical');
if (!typical) throw new Error('no typical viewer');
const targets = await prepare(typical);
const server = await startServer(values.port, serverEnv);
const rows: Row[] = [];
let streamFigures: StreamFigures | null = null;
try {
  const all = await routes(targets);
  for (const route of all.filter((r) => !only || only.includes(r.key))) {
    const options = { duration, refused: route.refused ?? [], cpuOf: server.pid };
    const c1 = await load(route.next, { ...options, connections: 1 });
    const c10 = await load(route.next, { ...options, connections: 10 });
    rows.push({ route, c1, c10 });
    console.log(routeTable([{ route, c1, c10 }]).at(-1));
  }
  await stopServer(server);
  const timeline = all.find((route) => route.key === 'timeline');
  if (timeline && (!only || only.includes('streams'))) {
    streamFigures = await holdStreams(targets, timeline);
    console.log(streamTable(streamFigures).at(-1));
  }
} finally {
  await stopServer(server);
  closeConnections();
}

const heading = [
  `One server process, ${Number(values.posts).toLocaleString('en-US')} posts, ${duration} s a run; ${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores, Node ${process.version}, PostgreSQL ${targets.postgres}.`,
  "Server CPU: the process's user + system time over the run ÷ requests (its libuv threads, scrypt and sharp, included); one core of server CPU: 1000 ÷ that, what the process would answer with a core to itself and PostgreSQL elsewhere; machine busy: all cores, from /proc/stat.",
  '',
];
const tables = [...heading, ...routeTable(rows), ...(streamFigures ? ['', ...streamTable(streamFigures)] : [])].join(
  '\n',
);
console.log(`\n${tables}`);
await writeFile(path.join(RESULTS_DIR, `routes-${values.posts}.md`), `${tables}\n`);
await writeFile(
  path.join(RESULTS_DIR, `routes-${values.posts}.json`),
  JSON.stringify({ rows: rows.map(({ route, c1, c10 }) => ({ route: route.key, c1, c10 })), streamFigures }, null, 2),
);
