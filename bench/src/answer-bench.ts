/**
 * The cost of an answer (issue 20): what GET /api/home/timeline spends beside its SQL, for the generated
 * viewers (typical, sparse, heavy), in one run:
 * - the endpoint on the real server (main.ts, a process of its own) with no accept-encoding, and with
 *   `accept-encoding: br, gzip` under each compression setting of the process (API_COMPRESSION), at 1 and 10
 *   connections: p50 / p99 / rps, bytes on the wire, the server's CPU per request;
 * - beside it, in another process of the same Node: a bare Fastify route answering a fixed body of the page's
 *   size, and a Fastify + pg route running the very statements the endpoint sent for that viewer (recorded
 *   through the database client, as timeline-bench.ts does) and answering their rows with JSON.stringify;
 * - in this process: the page's serialization (the zod serializer compiler, as the route has it, against
 *   fast-json-stringify compiled from the contract's JSON schema) and each compression setting on the page,
 *   synchronous (one call) and through a zlib stream (the path @fastify/compress takes above its
 *   syncThreshold), and on smaller answers (for the threshold).
 * Every process is started first; then each round loads them one after the other (`--duration` seconds each,
 * at 1 and at 10 connections), and the figures are each one's median over the rounds.
 * Run bench/src/generate.ts first with the same --posts and BENCH_DATABASE_URL.
 *
 *   node --import tsx bench/src/answer-bench.ts --posts 1000001 [--duration 3] [--rounds 3] [--settings br:1,gzip:6]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { type PagedFeed, pagedFeedSchema } from '@corral/contract';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig, parseApiCompression } from '../../apps/server/src/config.ts';
import { benchDatabaseUrl, type Viewer } from './generate.ts';
import { closeConnections, type LoadResult, load } from './lib/http-load.ts';
import type { ReferenceSpec } from './lib/reference-server.ts';
import { benchServerEnv, RESULTS_DIR, startServer, stopServer } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000001' },
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    // API_COMPRESSION values to load the server with, besides 'false' and the default ('true').
    settings: { type: 'string', default: 'br:1,br:4,gzip:6' },
    port: { type: 'string', default: '3953' },
    'reference-port': { type: 'string', default: '3954' },
  },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const settings = ['true', ...values.settings.split(',').filter(Boolean)];
const databaseUrl = benchDatabaseUrl();
const serverEnv = benchServerEnv(databaseUrl);
const viewers: Viewer[] = JSON.parse(await readFile(path.join(RESULTS_DIR, `viewers-${values.posts}.json`), 'utf8'));
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const startLoad = loadAverage();

// 1. Each viewer's page 1: its statements (authentication included) and its body, recorded in this process.
interface Statement {
  sql: string;
  params: unknown[];
}
let recording: Statement[] = [];
const recorder = await buildApp(loadConfig(serverEnv), {
  logger: false,
  onStatement: (sql, params) => recording.push({ sql, params }),
});
const pages = new Map<string, { statements: Statement[]; body: string }>();
for (const viewer of viewers) {
  recording = [];
  const response = await recorder.inject({
    method: 'GET',
    url: '/api/home/timeline',
    headers: { authorization: `Bearer ${viewer.token}` },
  });
  if (response.statusCode !== 200) throw new Error(`${viewer.name}: ${response.statusCode} ${response.body}`);
  pages.set(viewer.name, { statements: recording, body: response.body });
}
await recorder.close();
const pageOf = (viewer: Viewer) => pages.get(viewer.name) as { statements: Statement[]; body: string };

// 2. In this process: serialization and compression of the real pages.
/**
 * CPU (user + system, this process and its threads) and wall time per call of `run`, in µs: the least of five
 * rounds, so that a round shared with another process's work does not count.
 */
async function measure(run: () => unknown, ms = 500): Promise<{ cpu: number; wall: number }> {
  for (let i = 0; i < 200; i += 1) await run();
  let best = { cpu: Number.POSITIVE_INFINITY, wall: Number.POSITIVE_INFINITY };
  for (let round = 0; round < 5; round += 1) {
    let calls = 0;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    while (performance.now() - start < ms / 5) {
      for (let i = 0; i < 20; i += 1) await run();
      calls += 20;
    }
    const wall = ((performance.now() - start) * 1000) / calls;
    const cpu = process.cpuUsage(cpuBefore);
    if ((cpu.user + cpu.system) / calls < best.cpu) best = { cpu: (cpu.user + cpu.system) / calls, wall };
  }
  return best;
}

interface Setting {
  encoding: 'br' | 'gzip';
  level: number;
}
const parseSetting = (value: string): Setting => {
  const [encoding, level] = value.split(':');
  if ((encoding !== 'br' && encoding !== 'gzip') || !level) throw new Error(`not a setting: ${value}`);
  return { encoding, level: Number(level) };
};
/** Measured in this process whatever the server is loaded with. */
const candidates = [...new Set(['br:1', 'br:4', 'gzip:1', 'gzip:6', ...settings.slice(1)])]
  .filter((value) => !value.includes(','))
  .map(parseSetting);
/** What an API_COMPRESSION value means, as the server reads it. */
const describe = (value: string) =>
  (parseApiCompression(value) || []).map(({ encoding, level }) => `${encoding}:${level}`).join(',') || 'off';
const label = ({ encoding, level }: Setting) => (encoding === 'br' ? `brotli ${level}` : `gzip ${level}`);
const compressSync = ({ encoding, level }: Setting, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } })
    : zlib.gzipSync(body, { level });
/** The page through a zlib stream, as @fastify/compress sends an answer above its syncThreshold. */
const compressStream = ({ encoding, level }: Setting, body: Buffer) =>
  new Promise<number>((resolve, reject) => {
    const stream =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } })
        : zlib.createGzip({ level });
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    stream.on('end', () => resolve(size));
    stream.on('error', reject);
    stream.end(body);
  });

const zodSerialize = (serializerCompiler as FastifySerializerCompiler<unknown>)({
  schema: pagedFeedSchema,
  method: 'GET',
  url: '/api/home/timeline',
  httpStatus: '200',
});
const compiledSerialize = fastJsonStringify(
  z.toJSONSchema(pagedFeedSchema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJsonStringify>[0],
);

const microLines: string[] = [];
const compressionMicroLines: string[] = [];
const thresholdLines: string[] = [];
for (const viewer of viewers) {
  const { body } = pageOf(viewer);
  const page = JSON.parse(body) as PagedFeed;
  if (zodSerialize(page) !== body) throw new Error(`${viewer.name}: the zod serializer does not reproduce the page`);
  const same = compiledSerialize(page) === body;
  const zodCost = await measure(() => zodSerialize(page));
  const compiledCost = await measure(() => compiledSerialize(page));
  const plainCost = await measure(() => JSON.stringify(page));
  microLines.push(
    `| ${viewer.name} | ${kb(body.length)} | ${fmt(zodCost.cpu)} | ${fmt(compiledCost.cpu)} | ${fmt(plainCost.cpu)} | ${same ? 'yes' : 'NO'} |`,
  );
  const buffer = Buffer.from(body);
  for (const setting of candidates) {
    const sync = await measure(() => compressSync(setting, buffer));
    const stream = await measure(() => compressStream(setting, buffer));
    compressionMicroLines.push(
      `| ${viewer.name} | ${label(setting)} | ${compressSync(setting, buffer).length} (${((100 * compressSync(setting, buffer).length) / buffer.length).toFixed(0)} %) | ${fmt(sync.cpu)} | ${fmt(stream.cpu)} / ${fmt(stream.wall)} |`,
    );
  }
  if (viewer.name !== 'typical') continue;
  // Smaller answers for the threshold: the same page cut to its first items.
  for (const items of [1, 2, 4]) {
    const small = Buffer.from(JSON.stringify({ data: page.data.slice(0, items), next_cursor: page.next_cursor }));
    const cells = [];
    for (const setting of candidates) {
      const sync = await measure(() => compressSync(setting, small), 200);
      cells.push(`${compressSync(setting, small).length} B, ${fmt(sync.cpu)} µs`);
    }
    thresholdLines.push(`| ${items} item${items > 1 ? 's' : ''} | ${small.length} B | ${cells.join(' | ')} |`);
  }
}

// 3. Load: the endpoint under each setting, then the yardsticks.
interface Wire {
  bytes: number;
  encoding: string;
  body: Buffer;
}
/** One request on a connection of its own: what it put on the wire (status line, headers, body as sent). */
function wire(url: string, headers: http.OutgoingHttpHeaders): Promise<Wire> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = response.rawHeaders;
          let headerBytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
          for (let i = 0; i < raw.length; i += 2) headerBytes += `${raw[i]}: ${raw[i + 1]}\r\n`.length;
          const body = Buffer.concat(chunks);
          resolve({
            bytes: headerBytes + body.length,
            encoding: String(response.headers['content-encoding'] ?? ''),
            body,
          });
        });
      })
      .on('error', reject);
  });
}
const decode = ({ encoding, body }: Wire) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString();

interface Run {
  wire: number;
  encoding: string;
  c1: LoadResult;
  c10: LoadResult;
}
/** The median of each figure over the rounds. */
function median(results: LoadResult[]): LoadResult {
  const mid = <T>(values: T[], by: (value: T) => number) =>
    by([...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)] as T);
  return {
    p50: mid(results, (r) => r.p50),
    p99: mid(results, (r) => r.p99),
    rps: mid(results, (r) => r.rps),
    served: mid(results, (r) => r.served),
    refusals: mid(results, (r) => r.refusals),
    cpuPerRequest: mid(results, (r) => r.cpuPerRequest ?? 0),
    machineBusy: mid(results, (r) => r.machineBusy ?? 0),
  };
}

/** What is loaded: the endpoint under one setting, or a yardstick route; per viewer, its URL and headers. */
interface Target {
  name: string;
  pid: number | undefined;
  url: (viewer: Viewer) => string;
  headers: (viewer: Viewer) => http.OutgoingHttpHeaders;
  /** The endpoint and the bare route answer the recorded page; the pg route answers rows. */
  answersThePage: boolean;
}

const ACCEPT = { 'accept-encoding': 'br, gzip' };
const servers: ChildProcess[] = [];
const targets: Target[] = [];
const specFile = path.join(RESULTS_DIR, 'answer-reference.json');
const spec: ReferenceSpec = {
  databaseUrl,
  bodies: Object.fromEntries(viewers.map((viewer) => [viewer.name, pageOf(viewer).body])),
  statements: Object.fromEntries(viewers.map((viewer) => [viewer.name, pageOf(viewer).statements])),
};
await mkdir(RESULTS_DIR, { recursive: true });
await writeFile(specFile, JSON.stringify(spec));
const runs = new Map<string, Run>();
const key = (target: string, viewer: Viewer) => `${target} ${viewer.name}`;
try {
  // Every process up at once, so that each round loads them one after the other within seconds: what the
  // machine's other work does to a round, it does to all of them alike.
  for (const [index, setting] of ['false', ...settings].entries()) {
    const port = String(Number(values.port) + index * 2);
    const server = await startServer(port, { ...serverEnv, API_COMPRESSION: setting });
    servers.push(server);
    targets.push({
      name: setting,
      pid: server.pid,
      url: () => `http://127.0.0.1:${port}/api/home/timeline`,
      headers: (viewer) => ({ authorization: `Bearer ${viewer.token}`, ...(setting === 'false' ? {} : ACCEPT) }),
      answersThePage: true,
    });
  }
  const reference = await startReference(values['reference-port'], specFile);
  servers.push(reference);
  const base = `http://127.0.0.1:${values['reference-port']}`;
  for (const route of ['bare', 'pg'])
    targets.push({
      name: route,
      pid: reference.pid,
      url: (viewer) => `${base}/${route}/${viewer.name}`,
      headers: () => ({}),
      answersThePage: route === 'bare',
    });

  const wires = new Map<string, Wire>();
  for (const target of targets)
    for (const viewer of viewers) {
      const sent = await wire(target.url(viewer), target.headers(viewer));
      if (target.answersThePage && decode(sent) !== pageOf(viewer).body)
        throw new Error(`${target.name} ${viewer.name}: the answer is not the page`);
      wires.set(key(target.name, viewer), sent);
    }
  const results = new Map<string, LoadResult[]>();
  for (let round = 0; round < rounds; round += 1) {
    for (const viewer of viewers)
      for (const connections of [1, 10]) {
        // Each round in another order: no target always follows the same one.
        const order = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
        for (const target of order) {
          const request = { url: target.url(viewer), headers: target.headers(viewer) };
          const result = await load(() => request, { connections, duration, cpuOf: target.pid });
          const at = `${key(target.name, viewer)} ${connections}`;
          results.set(at, [...(results.get(at) ?? []), result]);
        }
      }
    console.log(`round ${round + 1} of ${rounds} done, load average ${loadAverage()}`);
  }
  for (const target of targets)
    for (const viewer of viewers) {
      const sent = wires.get(key(target.name, viewer)) as Wire;
      const at = key(target.name, viewer);
      runs.set(at, {
        wire: sent.bytes,
        encoding: sent.encoding || 'none',
        c1: median(results.get(`${at} 1`) ?? []),
        c10: median(results.get(`${at} 10`) ?? []),
      });
    }
} finally {
  for (const server of servers) await stopServer(server);
  closeConnections();
}
const endpoint = runs;
const bare = new Map(viewers.map((viewer) => [viewer.name, runs.get(key('bare', viewer)) as Run]));
const withPg = new Map(viewers.map((viewer) => [viewer.name, runs.get(key('pg', viewer)) as Run]));

async function startReference(port: string, file: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'lib/reference-server.ts'), port, file],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the reference server did not start');
}

// 4. Tables.
const latency = (result: LoadResult) => `${fmt(result.p50)} / ${fmt(result.p99)} / ${Math.round(result.rps)}`;
const cpu = (run: Run) => `${fmt(run.c1.cpuPerRequest ?? 0)} / ${fmt(run.c10.cpuPerRequest ?? 0)}`;
const headline = viewers.map((viewer) => {
  const plain = endpoint.get(key('false', viewer)) as Run;
  const compressed = endpoint.get(key('true', viewer)) as Run;
  const [b, p] = [bare.get(viewer.name) as Run, withPg.get(viewer.name) as Run];
  return `| ${viewer.name} (${viewer.friends}) | ${latency(plain.c1)} | ${latency(plain.c10)} | ${latency(compressed.c1)} | ${latency(b.c1)} | ${latency(p.c1)} | ${latency(p.c10)} | ${(plain.c1.p50 / p.c1.p50).toFixed(2)} | ${(compressed.c1.p50 / p.c1.p50).toFixed(2)} | ${(plain.c10.rps / p.c10.rps).toFixed(2)} | ${cpu(plain)} | ${cpu(b)} | ${cpu(p)} |`;
});
const compressionLines = viewers.flatMap((viewer) =>
  ['false', ...settings].map((setting) => {
    const run = endpoint.get(key(setting, viewer)) as Run;
    const plain = endpoint.get(key('false', viewer)) as Run;
    const extra = (run.c1.cpuPerRequest ?? 0) - (plain.c1.cpuPerRequest ?? 0);
    const name =
      setting === 'false' ? 'false (no accept-encoding)' : setting === 'true' ? `true (${describe(setting)})` : setting;
    return `| ${viewer.name} | ${name} | ${run.encoding} | ${run.wire} | ${latency(run.c1)} | ${latency(run.c10)} | ${cpu(run)} | ${setting === 'false' ? '' : `${extra >= 0 ? '+' : ''}${fmt(extra)}`} |`;
  }),
);
const report = [
  `# The cost of an answer: GET /api/home/timeline, page 1, ${Number(values.posts).toLocaleString('en-US')} posts`,
  '',
  `${rounds} rounds of ${duration} s a run, medians; latencies in ms (p50 / p99 / requests a second), CPU in ms per request (c=1 / c=10) of the`,
  `process answering. Load average ${startLoad} at the start, ${loadAverage()} at the end.`,
  '',
  '| viewer (friends) | endpoint, plain, c=1 | endpoint, plain, c=10 | endpoint, compressed (default), c=1 | bare Fastify c=1 | Fastify + pg c=1 | Fastify + pg c=10 | endpoint ÷ Fastify + pg p50, plain (aim ≤ 1.3) | the same, compressed | endpoint ÷ Fastify + pg rps, c=10, plain | endpoint CPU, plain | bare Fastify CPU | Fastify + pg CPU |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...headline,
  '',
  'The endpoint per compression setting (`accept-encoding: br, gzip`; none: no accept-encoding, the process with API_COMPRESSION=false):',
  '',
  '| viewer | API_COMPRESSION | sent as | bytes on the wire | c=1 | c=10 | CPU ms per request | CPU over plain (c=1) |',
  '|---|---|---|---|---|---|---|---|',
  ...compressionLines,
  '',
  'Serialization of the page in this process, µs of CPU per page:',
  '',
  '| viewer | page | zod serializer compiler (the route today) | fast-json-stringify (contract JSON schema) | JSON.stringify alone | byte-identical |',
  '|---|---|---|---|---|---|',
  ...microLines,
  '',
  'Compression of the page in this process: bytes, µs of CPU per page in one synchronous call, and through a zlib stream (CPU / wall):',
  '',
  '| viewer | setting | bytes | sync µs | stream µs CPU / wall |',
  '|---|---|---|---|---|',
  ...compressionMicroLines,
  '',
  'Smaller answers (the typical page cut to its first items), synchronous:',
  '',
  `| answer | plain | ${candidates.map(label).join(' | ')} |`,
  `|---|---|${candidates.map(() => '---').join('|')}|`,
  ...thresholdLines,
].join('\n');
console.log(`\n${report}`);
await writeFile(path.join(RESULTS_DIR, `answer-${values.posts}.md`), `${report}\n`);
await writeFile(
  path.join(RESULTS_DIR, `answer-${values.posts}.json`),
  JSON.stringify(
    {
      load: { start: startLoad, end: loadAverage() },
      endpoint: Object.fromEntries(endpoint),
      bare: Object.fromEntries(bare),
      withPg: Object.fromEntries(withPg),
    },
    null,
    2,
  ),
);
