/**
 * Measures GET /api/home/timeline on PostgreSQL for the generated viewers (typical, sparse, heavy),
 * page 1 and a deep page, beside the raw SQL of the same page and a bare Fastify hello-world on the
 * same machine. Run bench/src/generate.ts first with the same --posts.
 *
 *   node --import tsx bench/src/timeline-bench.ts --posts 200000 [--duration 10] [--connections 10]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { decodeCursor } from '../../apps/server/src/lib/cursor.ts';
import { type TimelinePlan, timelinePageIds } from '../../apps/server/src/modules/feed/feed.queries.ts';
import { benchDatabaseUrl, type Viewer } from './generate.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '200000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'deep-page': { type: 'string', default: '50' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const deepPage = Number(values['deep-page']);
const viewers: Viewer[] = JSON.parse(
  await readFile(path.join(import.meta.dirname, `../results/viewers-${values.posts}.json`), 'utf8'),
);

interface Row {
  viewer: string;
  friends: number;
  page: string;
  target: string;
  p50: number;
  p99: number;
  rps: number;
}
const rows: Row[] = [];

async function load(url: string, token?: string) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

/** The raw query of one page, run back to back by `connections` workers for `duration` seconds. */
async function rawSql(
  db: ReturnType<typeof openDatabase>['db'],
  viewerId: string,
  cursor: string | null,
  plan: TimelinePlan,
) {
  const samples: number[] = [];
  const end = performance.now() + duration * 1000;
  const position = cursor ? decodeCursor(cursor) : null;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await timelinePageIds(db, viewerId, position, 11, { plan });
        samples.push(performance.now() - start);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rps: samples.length / duration };
}

const config = loadConfig({
  NODE_ENV: 'development',
  DATABASE_URL: benchDatabaseUrl(),
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000',
  PORT: '0',
  DATA_DIR: path.join(import.meta.dirname, '../results/data'),
});
const app = await buildApp(config, { logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const raw = openDatabase({ databaseUrl: benchDatabaseUrl(), pglitePath: 'memory://' });

for (const viewer of viewers) {
  // Walk to the deep page through the API, as a member scrolling would.
  let cursor: string | null = null;
  const headers = { authorization: `Bearer ${viewer.token}` };
  let reached = 1;
  for (; reached < deepPage; reached += 1) {
    const response: { json(): unknown } = await app.inject({
      method: 'GET',
      url: `/api/home/timeline${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      headers,
    });
    const next: string | null = (response.json() as { next_cursor: string | null }).next_cursor;
    if (!next) break;
    cursor = next;
  }
  for (const [page, pageCursor] of [
    ['1', null],
    [String(reached), cursor],
  ] as const) {
    const query = pageCursor ? `?cursor=${encodeURIComponent(pageCursor)}` : '';
    const api = await load(`${address}/api/home/timeline${query}`, viewer.token);
    rows.push({ viewer: viewer.name, friends: viewer.friends, page, target: 'endpoint', ...api });
    for (const plan of ['auto', 'per-friend', 'scan'] as const) {
      const sql = await rawSql(raw.db, viewer.userId, pageCursor, plan);
      rows.push({ viewer: viewer.name, friends: viewer.friends, page, target: `raw SQL (${plan})`, ...sql });
    }
  }
}
await raw.close();
await app.close();

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloAddress = await hello.listen({ port: 0, host: '127.0.0.1' });
rows.push({ viewer: '-', friends: 0, page: '-', target: 'Fastify hello-world', ...(await load(helloAddress)) });
await hello.close();

const table = [
  `Timeline benchmark, ${Number(values.posts).toLocaleString('en-US')} posts, ${connections} connections, ${duration} s each`,
  '',
  '| viewer | friends | page | target | p50 ms | p99 ms | req/s |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.viewer} | ${r.friends} | ${r.page} | ${r.target} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${Math.round(r.rps)} |`,
  ),
].join('\n');
console.log(table);
await writeFile(path.join(import.meta.dirname, `../results/timeline-${values.posts}.md`), `${table}\n`);
