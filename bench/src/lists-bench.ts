/**
 * Every list a member reads, for each generated viewer (typical, sparse, heavy), on the database of one size:
 * the statements one request sends (recorded in this process through the database client, authentication
 * included), each one's plan under `EXPLAIN (ANALYZE, BUFFERS)` as the server runs it (the server's session
 * options: a generic plan, no parallel workers), and the endpoint's latency on the real server in a process of its
 * own, one connection. Then, with `--compare`, the growth of each list's p50 and buffers from the smallest
 * size to each larger one (issue 20's aim: p50 at 10M at most 1.3 × p50 at 10k, every list, every viewer).
 *
 *   BENCH_DATABASE_URL=…/corral_bench_10k node --import tsx bench/src/lists-bench.ts --posts 10000 --label 10k
 *   node --import tsx bench/src/lists-bench.ts --compare 10k,1m,10m
 *
 * `--only 'search events (common word),timeline'` measures some lists, `--viewers heavy,typical` some viewers
 * (while iterating: the results files then hold only those).
 *
 * Run bench/src/generate.ts first with the same --posts and BENCH_DATABASE_URL. Results in
 * bench/results/lists-<label>.json and .md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { POSTGRES_SESSION_OPTIONS } from '../../apps/server/src/db/client.ts';
import { benchDatabaseUrl, type Viewer } from './generate.ts';
import { closeConnections, load } from './lib/http-load.ts';
import { benchServerEnv, RESULTS_DIR, startServer, stopServer } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    label: { type: 'string' },
    duration: { type: 'string', default: '3' },
    port: { type: 'string', default: '3921' },
    only: { type: 'string' },
    viewers: { type: 'string' },
    compare: { type: 'string' },
  },
});

interface Statement {
  sql: string;
  params: unknown[];
}

/** One statement's plan as measured: its execution time and the buffers it touched (shared hit + read). */
interface Plan {
  ms: number;
  buffers: number;
  rows: number;
  text: string;
}

interface ListResult {
  list: string;
  viewer: Viewer['name'];
  url: string;
  items: number;
  statements: number;
  /** Sum over the request's statements. */
  buffers: number;
  sqlMs: number;
  plans: Plan[];
  p50: number;
  p99: number;
  rps: number;
}

interface ListsFile {
  label: string;
  posts: number;
  at: string;
  results: ListResult[];
}

if (values.compare) {
  await compare(values.compare.split(','));
  process.exit(0);
}

const label = values.label ?? values.posts;
const databaseUrl = benchDatabaseUrl();
const serverEnv = benchServerEnv(databaseUrl);
const viewers = (
  JSON.parse(await readFile(path.join(RESULTS_DIR, `viewers-${values.posts}.json`), 'utf8')) as Viewer[]
).filter((viewer) => !values.viewers || values.viewers.split(',').includes(viewer.name));
const client = new pg.Client({ connectionString: databaseUrl, options: POSTGRES_SESSION_OPTIONS });
await client.connect();
const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T;

/** The lists each viewer reads, with what the viewer's own data gives them to read. */
async function listsOf(viewer: Viewer): Promise<Array<{ list: string; url: string }>> {
  // The friend who posts most (a profile with pages of items), and the viewer's busiest conversation.
  const friend = await one<{ id: string }>(
    `select f.friend_id as id from friendships f
     join lateral (select count(*) n from (select 1 from posts p where p.user_id = f.friend_id and p.deleted_at is null limit 1000) s) c on true
     where f.user_id = $1 order by c.n desc, f.friend_id limit 1`,
    [viewer.userId],
  );
  const conversation = await one<{ id: string } | undefined>(
    `select conversation_id as id from conversation_members where user_id = $1 order by last_message_at desc limit 1`,
    [viewer.userId],
  );
  // The friend's most commented post of their newest thousand (a page of comments and more).
  const post = await one<{ id: string } | undefined>(
    `select id from (select id, comments_count from posts where user_id = $1 and kind = 'post' and deleted_at is null
       order by sort_date desc nulls last limit 1000) p order by comments_count desc limit 1`,
    [friend?.id],
  );
  const lists = [
    { list: 'timeline', url: '/api/home/timeline' },
    { list: 'upcoming events', url: '/api/events?scope=upcoming' },
    { list: 'search events (common word)', url: '/api/search?q=rodeo&type=events' },
    { list: 'search members (one letter)', url: '/api/search?q=b&type=members' },
    { list: 'profile items', url: `/api/user/posts-and-events/${friend?.id}` },
    { list: 'notifications', url: '/api/notifications' },
    { list: 'friends', url: '/api/friends' },
    { list: 'friend requests', url: '/api/friends/requests' },
    { list: 'conversations', url: '/api/conversations?box=inbox' },
  ];
  if (post) lists.push({ list: 'comments', url: `/api/posts/${post.id}/comments` });
  if (conversation) lists.push({ list: 'messages', url: `/api/conversations/${conversation.id}/messages` });
  return values.only ? lists.filter((item) => values.only?.split(',').includes(item.list)) : lists;
}

/** A parameter written as a literal for EXECUTE (types are those PREPARE inferred from the statement). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

let prepared = 0;
/** The statement's plan as the server's connections run it: prepared, generic, executed with its values. */
async function explain({ sql, params }: Statement): Promise<Plan> {
  const name = `lists_${++prepared}`;
  await client.query(`prepare ${name} as ${sql}`);
  try {
    const execute = `execute ${name}${params.length ? `(${params.map(literal).join(', ')})` : ''}`;
    const [plan] = (await client.query(`explain (analyze, buffers, format json) ${execute}`)).rows[0]['QUERY PLAN'];
    const text = (await client.query(`explain (analyze, buffers, costs off, timing off, summary off) ${execute}`)).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    const top = plan.Plan;
    return {
      ms: plan['Execution Time'],
      buffers: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
      rows: top['Actual Rows'] ?? 0,
      text,
    };
  } finally {
    await client.query(`deallocate ${name}`);
  }
}

// 1. Each list's statements, recorded in this process, and their plans.
let recording: Statement[] = [];
const recorder = await buildApp(loadConfig(serverEnv), {
  logger: false,
  onStatement: (sql, params) => recording.push({ sql, params: [...params] }),
});
const measured: Array<Omit<ListResult, 'p50' | 'p99' | 'rps'> & { token: string }> = [];
for (const viewer of viewers) {
  for (const { list, url } of await listsOf(viewer)) {
    // Twice: the first request warms the caches and the session; the second is the one measured.
    await recorder.inject({ method: 'GET', url, headers: { authorization: `Bearer ${viewer.token}` } });
    recording = [];
    const response = await recorder.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${viewer.name} ${url}: ${response.statusCode} ${response.body}`);
    const body = response.json() as { data?: unknown[]; members?: { data: unknown[] }; events?: { data: unknown[] } };
    const items = (body.data ?? [...(body.members?.data ?? []), ...(body.events?.data ?? [])]).length;
    const plans: Plan[] = [];
    for (const statement of recording) plans.push(await explain(statement));
    measured.push({
      list,
      viewer: viewer.name,
      url,
      token: viewer.token,
      items,
      statements: recording.length,
      buffers: plans.reduce((sum, plan) => sum + plan.buffers, 0),
      sqlMs: plans.reduce((sum, plan) => sum + plan.ms, 0),
      plans,
    });
    console.log(
      `${viewer.name.padEnd(8)} ${list.padEnd(28)} ${String(items).padStart(3)} items, ${recording.length} statements, ` +
        `${measured.at(-1)?.buffers} buffers, ${measured.at(-1)?.sqlMs.toFixed(2)} ms of SQL`,
    );
  }
}
await recorder.close();
await client.end();

// 2. Each list's latency on the real server, one connection.
const server = await startServer(values.port, serverEnv);
const results: ListResult[] = [];
try {
  for (const { token, ...result } of measured) {
    const request = { url: `http://127.0.0.1:${values.port}${result.url}`, token };
    const latency = await load(() => request, { connections: 1, duration: Number(values.duration), warmup: 20 });
    results.push({ ...result, p50: latency.p50, p99: latency.p99, rps: latency.rps });
    console.log(
      `${result.viewer.padEnd(8)} ${result.list.padEnd(28)} p50 ${latency.p50.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms`,
    );
  }
} finally {
  await stopServer(server);
  closeConnections();
}

const file: ListsFile = { label, posts: Number(values.posts), at: new Date().toISOString(), results };
await mkdir(RESULTS_DIR, { recursive: true });
await writeFile(path.join(RESULTS_DIR, `lists-${label}.json`), JSON.stringify(file, null, 2));
const table = [
  `Lists at ${label} (${Number(values.posts).toLocaleString('en-US')} posts), one connection, ${values.duration} s a list.`,
  '',
  '| viewer | list | items | statements | buffers | SQL ms | p50 ms | p99 ms |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.viewer} | ${r.list} | ${r.items} | ${r.statements} | ${r.buffers} | ${r.sqlMs.toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`,
  ),
  '',
  ...results.flatMap((r) => [
    `### ${r.viewer}: ${r.list} (${r.url.replace(/\/api/, '')})`,
    '',
    '```',
    ...r.plans.map((plan) => plan.text),
    '```',
    '',
  ]),
].join('\n');
await writeFile(path.join(RESULTS_DIR, `lists-${label}.md`), `${table}\n`);
console.log(`\nWritten: bench/results/lists-${label}.json and .md`);

/** Growth of each list's p50 and buffers from the first label to each later one. */
async function compare(labels: string[]): Promise<void> {
  const files = await Promise.all(
    labels.map(
      async (name) => JSON.parse(await readFile(path.join(RESULTS_DIR, `lists-${name}.json`), 'utf8')) as ListsFile,
    ),
  );
  const [base, ...rest] = files;
  if (!base) return;
  const key = (r: ListResult) => `${r.viewer} ${r.list}`;
  const rows = base.results.map((first) => {
    const cells = rest.map((file) => {
      const later = file.results.find((r) => key(r) === key(first));
      if (!later) return '– | –';
      return `${later.p50.toFixed(2)} (${(later.p50 / first.p50).toFixed(2)}×) | ${later.buffers} (${(later.buffers / Math.max(1, first.buffers)).toFixed(1)}×)`;
    });
    return `| ${first.viewer} | ${first.list} | ${first.p50.toFixed(2)} | ${first.buffers} | ${cells.join(' | ')} |`;
  });
  const head = rest.map(
    (file) => `p50 at ${file.label} (÷ ${base.label}) | buffers at ${file.label} (÷ ${base.label})`,
  );
  console.log(
    [
      `| viewer | list | p50 at ${base.label} (ms) | buffers at ${base.label} | ${head.join(' | ')} |`,
      `|---|---|---|---|${rest.map(() => '---|---|').join('')}`,
      ...rows,
    ].join('\n'),
  );
}
