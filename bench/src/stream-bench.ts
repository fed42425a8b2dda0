/**
 * Live delivery: opens 1,000 streams (GET /api/stream), spread over 1 or 2 server processes, then answers
 * friend requests and times each answer's arrival on its sender's stream (the friend_accepted notification),
 * from the moment the answer is sent. The two are friends then: each answerer starts a conversation with its
 * listener (POST /conversations), then sends a second message in it (POST /conversations/:id/messages), each
 * timed the same way to the `message` event on the listener's stream. With 2 processes the stream and the
 * answer or message are always on different processes, so every event crosses Redis. Reports p50 and p99 of
 * each and the server processes' memory per stream.
 *
 *   node --import tsx bench/src/stream-bench.ts --processes 1 [--redis] [--streams 1000] [--answers 500]
 *   node --import tsx bench/src/stream-bench.ts --processes 2              (always through Redis)
 *
 * Uses PostgreSQL at BENCH_DATABASE_URL's server (database corral_bench_stream, made afresh) and Redis at
 * REDIS_URL (default redis://127.0.0.1:6379).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LIMITS } from '@corral/contract';
import pg from 'pg';
import { rssKb } from './lib/server-process.ts';
import { openStream, type Stream } from './lib/streams.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1' },
    redis: { type: 'boolean', default: false },
    streams: { type: 'string', default: '1000' },
    answers: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '10' },
    port: { type: 'string', default: '3931' },
  },
});
const processes = Number(values.processes);
const streamCount = Number(values.streams);
const answerCount = Math.min(Number(values.answers), streamCount);
const concurrency = Number(values.concurrency);
const useRedis = processes > 1 || values.redis;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/corral_bench');
const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';
const databaseUrl = new URL(base);
databaseUrl.pathname = '/corral_bench_stream';

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query('drop database if exists corral_bench_stream with (force)');
  await admin.query('create database corral_bench_stream');
  await admin.end();
}

function startServer(port: number, prefix: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      ...(useRedis ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {}),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      // Every stream comes from this one address.
      STREAMS_PER_IP: String(streamCount),
      DATA_DIR: path.join(tmpdir(), `corral-stream-bench-${port}`),
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = () => {
      http
        .get(`http://127.0.0.1:${port}/api/health`, (response) => {
          response.resume();
          if (response.statusCode === 200) resolve(server);
          else setTimeout(poll, 200);
        })
        .on('error', () => (Date.now() > deadline ? reject(new Error('no server')) : setTimeout(poll, 200)));
    };
    poll();
  });
}

/** Members, sessions and one pending request from each stream's owner to an answerer, in SQL. */
async function seedMembers(n: number) {
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  await db.query(`
    insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified)
    select kind || g, 'Bench ' || kind || g, kind || g || '@bench.test', 'Bench', kind || g, true, true
    from generate_series(1, ${n}) g, (values ('listener'), ('answerer')) k(kind)`);
  // Sessions as sign-in makes them (expiring a session's idle time from now), so that a member's first request
  // here is not also the day's one that moves their session forward (a write and a commit more).
  await db.query(
    `insert into sessions (id, token, user_id, expires_at)
     select 's-' || u.id, 't-' || u.id, u.id, now() + make_interval(secs => $1) from users u`,
    [LIMITS.sessionExpiresInSeconds],
  );
  await db.query(`
    insert into friend_requests (sender_id, recipient_id)
    select 'listener' || g, 'answerer' || g from generate_series(1, ${n}) g`);
  const { rows } = await db.query<{ id: string; n: number }>(
    `select id, substring(recipient_id from 9)::int as n from friend_requests`,
  );
  // Statistics, as autovacuum would have made by now on a database in use. Without them the generic plans that
  // the server's connections make at their first use of a statement, and keep, are planned for empty tables:
  // reading a notification by id walked every member (5,000 buffers a read, 24 once analysed).
  await db.query('analyze');
  await db.end();
  return new Map(rows.map((row) => [row.n, Number(row.id)]));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000_000 });

/** Answers the status and the body of the response. */
function post(port: number, url: string, token: string, body?: unknown): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `http://127.0.0.1:${port}${url}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The notification an answer sends its request's sender. */
const isFriendAccepted = (frame: string) =>
  frame.includes('event: notification') && frame.includes('"friend_accepted"');
/** The direct message an answerer sends its listener (not message_read or message_deleted). */
const isMessage = (frame: string) => /^event: message$/m.test(frame);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

await freshDatabase();
const basePort = Number(values.port);
const prefix = `corral-bench-${randomBytes(4).toString('hex')}:`;
// The first server runs the migrations; the others start once the tables exist.
const servers = [await startServer(basePort, prefix)];
for (let i = 1; i < processes; i += 1) servers.push(await startServer(basePort + i, prefix));
try {
  const requests = await seedMembers(streamCount);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssBefore = await Promise.all(servers.map((server) => rssKb(server.pid)));

  const opened = performance.now();
  const streams: Stream[] = [];
  for (let i = 1; i <= streamCount; i += 1) {
    streams.push(openStream(basePort + ((i - 1) % processes), `t-listener${i}`, isFriendAccepted));
    if (i % 100 === 0) await Promise.all(streams.slice(-100).map((s) => s.ready));
  }
  await Promise.all(streams.map((s) => s.ready));
  const openMs = performance.now() - opened;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rssAfter = await Promise.all(servers.map((server) => rssKb(server.pid)));

  /**
   * Sends `answerCount` requests, `concurrency` at a time, each on the process that does not hold its listener's
   * stream, and times each from sending to the frame `arrival` gives arriving on that stream.
   */
  async function timeDeliveries(
    what: string,
    send: (port: number, i: number) => Promise<number>,
    arrival: (stream: Stream) => Promise<number>,
  ) {
    const latencies: number[] = [];
    const roundTrips: number[] = [];
    let next = 1;
    const worker = async () => {
      while (next <= answerCount) {
        const i = next++;
        const stream = streams[i - 1];
        if (!stream) break;
        const port = basePort + (processes > 1 ? i % processes : 0);
        const arrived = arrival(stream);
        const sent = performance.now();
        const status = await send(port, i);
        if (status !== 200 && status !== 201) throw new Error(`${what} answered ${status}`);
        roundTrips.push(performance.now() - sent);
        latencies.push((await arrived) - sent);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    roundTrips.sort((a, b) => a - b);
    return { latencies, roundTrips, perSecond: Math.round(latencies.length / seconds) };
  }
  const figures = (timed: Awaited<ReturnType<typeof timeDeliveries>>) => ({
    p50_ms: Number(percentile(timed.latencies, 50).toFixed(1)),
    p99_ms: Number(percentile(timed.latencies, 99).toFixed(1)),
    max_ms: Number((timed.latencies.at(-1) ?? Number.NaN).toFixed(1)),
    // The request's own round trip, for comparison: delivery is pushed once it has committed.
    request_p50_ms: Number(percentile(timed.roundTrips, 50).toFixed(1)),
    request_p99_ms: Number(percentile(timed.roundTrips, 99).toFixed(1)),
  });

  // Answers: each accept tells its listener (friend_accepted) and makes the two friends.
  const answers = await timeDeliveries(
    'accept',
    async (port, i) => (await post(port, `/api/friends/requests/${requests.get(i)}/accept`, `t-answerer${i}`)).status,
    (stream) => stream.arrived,
  );
  // Direct messages between the new friends: the first starts the conversation (straight to the listener's
  // inbox); the second is sent in it, the usual path of a chat.
  const conversationOf = new Map<number, number>();
  const starts = await timeDeliveries(
    'start',
    async (port, i) => {
      const { status, text } = await post(port, '/api/conversations', `t-answerer${i}`, {
        recipient_id: `listener${i}`,
        body: `Hello listener ${i}`,
        client_id: `bench-start-${i}`,
      });
      if (status === 201) conversationOf.set(i, (JSON.parse(text) as { conversation: { id: number } }).conversation.id);
      return status;
    },
    (stream) => stream.next(isMessage),
  );
  const sends = await timeDeliveries(
    'send',
    async (port, i) =>
      (
        await post(port, `/api/conversations/${conversationOf.get(i)}/messages`, `t-answerer${i}`, {
          body: `Again, listener ${i}`,
          client_id: `bench-send-${i}`,
        })
      ).status,
    (stream) => stream.next(isMessage),
  );
  const answerFigures = figures(answers);

  const grownKb = rssAfter.reduce((sum, kb, i) => sum + kb - (rssBefore[i] ?? 0), 0);
  const result = {
    processes,
    bus: useRedis ? 'redis' : 'in-process',
    streams: streamCount,
    answers: answers.latencies.length,
    concurrency,
    open_all_ms: Math.round(openMs),
    answers_per_second: answers.perSecond,
    p50_ms: answerFigures.p50_ms,
    p99_ms: answerFigures.p99_ms,
    max_ms: answerFigures.max_ms,
    answer_p50_ms: answerFigures.request_p50_ms,
    answer_p99_ms: answerFigures.request_p99_ms,
    // POST /conversations (a new conversation), then POST /conversations/:id/messages, to the listener's
    // `message` event.
    message_start: { sent: starts.latencies.length, per_second: starts.perSecond, ...figures(starts) },
    message_send: { sent: sends.latencies.length, per_second: sends.perSecond, ...figures(sends) },
    rss_before_mb: rssBefore.map((kb) => Math.round(kb / 1024)),
    rss_after_mb: rssAfter.map((kb) => Math.round(kb / 1024)),
    kb_per_stream: Number((grownKb / streamCount).toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  for (const stream of streams) stream.request.destroy();
} finally {
  for (const server of servers) server.kill('SIGTERM');
}
