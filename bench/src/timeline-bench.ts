/**
 * Measures GET /api/home/timeline on PostgreSQL for the generated viewers (typical, sparse, heavy), page 1
 * and a deep page, at 1 and at 10 connections, beside pgbench running (a) the very statements the endpoint
 * sent for that page (authentication included) and (b) a reference one-statement page: the newest items by
 * the viewer and friends, joined to their authors, with counters, the viewer's like and the images as JSON.
 * The server runs in a process of its own, as in production; this process loads it over keep-alive HTTP.
 * Run bench/src/generate.ts first with the same --posts and BENCH_DATABASE_URL.
 *
 *   node --import tsx bench/src/timeline-bench.ts --posts 10000 [--duration 5] [--deep-page 50]
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { POSTGRES_SESSION_OPTIONS } from '../../apps/server/src/db/client.ts';
import { benchDatabaseUrl, type Viewer } from './generate.ts';
import { closeConnections, type Latency, load, quantile } from './lib/http-load.ts';
import { benchServerEnv, RESULTS_DIR, startServer } from './lib/server-process.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    'deep-page': { type: 'string', default: '50' },
    port: { type: 'string', default: '3917' },
  },
});
const duration = Number(values.duration);
const deepPage = Number(values['deep-page']);
const results = RESULTS_DIR;
const viewers: Viewer[] = JSON.parse(await readFile(path.join(results, `viewers-${values.posts}.json`), 'utf8'));
const databaseUrl = benchDatabaseUrl();
const serverEnv = benchServerEnv(databaseUrl);

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * pgbench running `statements` as one transaction script at `connections`, latencies from its
 * per-transaction log. 'prepared' runs them as the server does: named statements with parameters, plans
 * cached (generic); 'simple' sends the text with its values written in, parsed and planned every time.
 */
async function pgbench(statements: Statement[], connections: number, mode: 'prepared' | 'simple'): Promise<Latency> {
  const dir = await mkdtemp(path.join(tmpdir(), 'corral-pgbench-'));
  const script = path.join(dir, 'page.sql');
  const variables: string[] = [];
  const lines = statements.map(({ sql, params }, index) => {
    const text =
      mode === 'simple'
        ? inline(sql, params)
        : sql.replace(/\$(\d+)/g, (_match, n: string) => {
            variables.push('-D', `s${index}p${n}=${literal(params[Number(n) - 1])}`);
            return `:s${index}p${n}`;
          });
    // pgbench reads ':MI' as a variable even inside a literal; '":"MI' is the same to_char format.
    return `${text
      .replace(/HH24:MI:SS/g, 'HH24":"MI":"SS')
      .replace(/\s+/g, ' ')
      .trim()};`;
  });
  await writeFile(script, `${lines.join('\n')}\n`);
  const url = new URL(databaseUrl);
  const { stdout } = await run(
    'pgbench',
    [
      '-n',
      '-M',
      mode,
      ...variables,
      '-f',
      script,
      '-c',
      String(connections),
      '-j',
      String(connections),
      '-T',
      String(duration),
      '-l',
      '--log-prefix',
      path.join(dir, 'log'),
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username) || 'postgres',
      url.pathname.slice(1),
    ],
    // The server's connection settings (db/client.ts).
    { cwd: dir, maxBuffer: 1 << 24, env: { ...process.env, PGOPTIONS: POSTGRES_SESSION_OPTIONS } },
  );
  const latencies: number[] = [];
  for (const file of (await readdir(dir)).filter((name) => name.startsWith('log'))) {
    for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
    }
  }
  await rm(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), rps: tps };
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return '';
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A statement with its parameters written in as literals, for pgbench. */
function inline(statement: string, params: unknown[]): string {
  return statement.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `'${literal(value).replace(/'/g, "''")}'`;
  });
}

/** The reference: one plain statement for the same page (the yardstick), from the same cursor. */
function referencePage(viewerId: string, cursor: { at: string; id: number } | null): Statement {
  const v = '$1';
  const before = cursor ? `and (p.sort_date, p.id) < ($2::timestamptz, $3)` : '';
  const sql = `select p.id, p.kind, p.title, p.user_id, u.first_name, u.last_name, u.image, p.sort_date,
      p.likes_count, p.comments_count, p.shares_count,
      exists (select 1 from likes l where l.post_id = p.id and l.user_id = ${v}) as is_liked,
      coalesce((select json_agg(json_build_object('key', pi.storage_key, 'widths', pi.variant_widths,
        'width', pi.width, 'height', pi.height, 'placeholder', pi.placeholder) order by pi.position)
        from post_images pi where pi.post_id = p.id), '[]'::json) as images
    from posts p join users u on u.id = p.user_id
    where p.deleted_at is null ${before}
      and (p.user_id = ${v} or p.user_id in (select friend_id from friendships where user_id = ${v}))
    order by p.sort_date desc nulls last, p.id desc nulls last limit 10`;
  return { sql, params: cursor ? [viewerId, cursor.at, cursor.id] : [viewerId] };
}

// 1. The statements of each page, recorded in this process through the database client.
let recording: { sql: string; params: unknown[] }[] = [];
const recorder = await buildApp(loadConfig(serverEnv), {
  logger: false,
  onStatement: (sql, params) => recording.push({ sql, params }),
});
interface Page {
  viewer: Viewer;
  page: number;
  query: string;
  statements: Statement[];
  reference: Statement;
}
const pages: Page[] = [];
for (const viewer of viewers) {
  let cursor: string | null = null;
  let reached = 1;
  const headers = { authorization: `Bearer ${viewer.token}` };
  const visit = async (query: string) => {
    recording = [];
    const response = await recorder.inject({ method: 'GET', url: `/api/home/timeline${query}`, headers });
    if (response.statusCode !== 200) throw new Error(`${viewer.name}: ${response.statusCode} ${response.body}`);
    return { body: response.json() as { next_cursor: string | null }, statements: recording };
  };
  const first = await visit('');
  pages.push({
    viewer,
    page: 1,
    query: '',
    statements: first.statements,
    reference: referencePage(viewer.userId, null),
  });
  cursor = first.body.next_cursor;
  while (cursor && reached + 1 < deepPage) {
    const next = await visit(`?cursor=${encodeURIComponent(cursor)}`);
    if (!next.body.next_cursor) break;
    cursor = next.body.next_cursor;
    reached += 1;
  }
  if (cursor && reached > 1) {
    const query = `?cursor=${encodeURIComponent(cursor)}`;
    const deep = await visit(query);
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, number];
    pages.push({
      viewer,
      page: reached + 1,
      query,
      statements: deep.statements,
      reference: referencePage(viewer.userId, { at, id }),
    });
  }
}
await recorder.close();

// 2. Load: the endpoint (server in its own process), its statements and the reference under pgbench.
const server = await startServer(values.port, serverEnv);
const base = `http://127.0.0.1:${values.port}/api/home/timeline`;
const lines: string[] = [];
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
try {
  for (const { viewer, page, query, statements, reference } of pages) {
    const row: Record<string, Latency> = {};
    for (const connections of [1, 10]) {
      const request = { url: `${base}${query}`, token: viewer.token };
      row[`endpoint${connections}`] = await load(() => request, { connections, duration });
      row[`sql${connections}`] = await pgbench(statements, connections, 'prepared');
      row[`reference${connections}`] = await pgbench([reference], connections, 'simple');
    }
    const [e1, e10, s1, s10, r1, r10] = ['endpoint1', 'endpoint10', 'sql1', 'sql10', 'reference1', 'reference10'].map(
      (key) => row[key] as Latency,
    ) as [Latency, Latency, Latency, Latency, Latency, Latency];
    lines.push(
      `| ${viewer.name} (${viewer.friends}) | ${page} | ${statements.length} | ${fmt(e1.p50)} / ${fmt(e1.p99)} / ${Math.round(e1.rps)} | ${fmt(e10.p50)} / ${fmt(e10.p99)} / ${Math.round(e10.rps)} | ${fmt(s1.p50)} / ${Math.round(s1.rps)} | ${fmt(s10.p50)} / ${Math.round(s10.rps)} | ${fmt(r1.p50)} / ${Math.round(r1.rps)} | ${fmt(r10.p50)} / ${Math.round(r10.rps)} | ${(e1.p50 / r1.p50).toFixed(2)} | ${(e10.rps / r10.rps).toFixed(2)} | ${(e1.p50 / s1.p50).toFixed(2)} | ${(e10.rps / s10.rps).toFixed(2)} |`,
    );
    console.log(lines.at(-1));
  }
} finally {
  server.kill();
  closeConnections();
}

const table = [
  `Timeline, ${Number(values.posts).toLocaleString('en-US')} posts, ${duration} s a run. Latencies in ms (p50 / p99), throughput in requests or transactions a second.`,
  '',
  '| viewer (friends) | page | statements | endpoint c=1 p50 / p99 / rps | endpoint c=10 p50 / p99 / rps | its SQL, prepared, c=1 p50 / tps | its SQL, prepared, c=10 p50 / tps | reference c=1 p50 / tps | reference c=10 p50 / tps | endpoint p50 ÷ reference p50 (c=1, goal ≤ 1.3) | endpoint rps ÷ reference tps (c=10, goal ≥ 0.4) | endpoint ÷ its SQL p50 (c=1) | endpoint ÷ its SQL throughput (c=10) |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...lines,
].join('\n');
console.log(`\n${table}`);
await mkdir(results, { recursive: true });
await writeFile(path.join(results, `timeline-${values.posts}.md`), `${table}\n`);
