import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServer } from '../test/redis-server.ts';
import { ServerProcess } from '../test/server-process.ts';
import { openStream } from '../test/sse-client.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database.ts';
import { type ChaosMember, signUp } from './members.ts';

/**
 * Redis stopped and started again under two server processes on the machine's PostgreSQL (a throwaway
 * database), while members' streams stay open and others open and close: no process exits; while Redis is
 * gone, sign-in and sign-up answer 503 with Retry-After and the rest is served; once it is back, live events
 * cross processes again, and every stream open across the outage has received what happened during it,
 * each notification and friend request exactly once.
 */
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SENDERS = 6;
/** How long Redis stays down at least: longer than the 7 s after which a process used to exit. */
const OUTAGE_MS = 10_000;

let redis: RedisServer;
let database: ThrowawayDatabase;
let processes: [ServerProcess, ServerProcess];
/** Whether streams keep opening and closing (stopped by the test, or by afterAll if it failed). */
let churning = false;

async function rows<T>(statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  redis = await RedisServer.start();
  database = await createThrowawayDatabase(BASE_URL, 'corral_chaos_redis');
  const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'corral-chaos:' };
  processes = [await ServerProcess.start({ env }), await ServerProcess.start({ env })];
  await Promise.all(processes.map((each) => each.ready()));
});

afterAll(async () => {
  churning = false;
  await Promise.all((processes ?? []).map((each) => each.stop()));
  await database?.drop();
  await redis?.remove();
});

const post = (server: ServerProcess, path: string, body: unknown, token?: string) =>
  fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

type Across = { host: ChaosMember; stream: Awaited<ReturnType<typeof openStream>> }[];

/** A stream of each host on each process, once it has said `ready`. */
async function openOnBoth(hosts: ChaosMember[]): Promise<Across> {
  const across: Across = [];
  for (const host of hosts)
    for (const server of processes) across.push({ host, stream: await openStream(server.url, host.token) });
  for (const { stream } of across) await stream.next('ready', 20_000);
  return across;
}

/** Each stream has received every notification and friend request of its host, each exactly once. */
async function expectEachEventOnce(across: Across): Promise<void> {
  for (const { host, stream } of across) {
    const stored = await rows<{ id: number }>(
      'select id::int as id from notifications where user_id = $1 order by id',
      [host.id],
    );
    const requests = await rows<{ id: number }>(
      'select id::int as id from friend_requests where recipient_id = $1 order by id',
      [host.id],
    );
    const notified = () =>
      stream.received.flatMap(({ event }) => (event.type === 'notification' ? [event.notification.id] : []));
    const asked = () =>
      stream.received.flatMap(({ event }) => (event.type === 'friend_request' ? [event.request.id] : []));
    await waitUntil(() => notified().length >= stored.length && asked().length >= requests.length, 'caught up');
    expect(notified().sort((a, b) => a - b)).toEqual(stored.map((row) => row.id));
    expect(asked().sort((a, b) => a - b)).toEqual(requests.map((row) => row.id));
    expect(stream.ended).toBe(false);
    stream.close();
  }
}

/** Every member onboarded with a verified phone of their own (the setup steps). */
const completeEverySetup = () =>
  rows(
    `update users u set is_onboard = true, phone_number_verified = true,
       phone_number = '+1555' || lpad((n.rank + (select count(*) from users where phone_number is not null))::text, 7, '0')
     from (select id, row_number() over (order by id) as rank from users where phone_number is null) n
     where n.id = u.id`,
  );

const SIGN_UP = { first_name: 'Late', last_name: 'Comer', email: 'late@example.com', password: 'Saddle#2026' };

const logIn = (server: ServerProcess) =>
  post(server, '/login', { email: 'nobody@example.com', password: 'Saddle#2026' });

describe('Redis stopped and started under two processes with streams open', () => {
  it('keeps both processes up, answers 503 where Redis is needed, and every stream catches up exactly once', async () => {
    const [first, second] = processes;
    const pids = processes.map((each) => each.pid);
    const hosts = [await signUp(first.url, 'HostOne'), await signUp(second.url, 'HostTwo')];
    const senders: ChaosMember[] = [];
    for (let index = 0; index < SENDERS + 1; index++) senders.push(await signUp(first.url, `Sender${index}`));
    const churner = await signUp(second.url, 'Churner');
    await completeEverySetup();

    // Streams open across the outage: each host on both processes.
    const across = await openOnBoth(hosts);

    // Streams that open and close all along, on both processes.
    churning = true;
    const churned: number[] = [];
    const churn = (async () => {
      for (let round = 0; churning; round++) {
        const stream = await openStream(processes[round % 2]?.url ?? '', churner.token).catch(() => undefined);
        churned.push(stream?.status ?? 0);
        if (!stream) continue;
        if (stream.status === 200) await stream.next('ready', 20_000).catch(() => undefined);
        stream.close();
      }
    })();

    await redis.stop();
    const outageEnds = Date.now() + OUTAGE_MS;
    for (const server of processes) {
      for (const answer of [await logIn(server), await post(server, '/signup', SIGN_UP)]) {
        expect(answer.status).toBe(503);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    // Everything else is served: each sender asks both hosts, through one process or the other.
    for (const [index, sender] of senders.slice(0, SENDERS).entries())
      for (const host of hosts) {
        const answer = await post(
          processes[index % 2] as ServerProcess,
          '/friends/requests',
          { user_id: host?.id },
          sender.token,
        );
        expect(answer.status).toBe(200);
      }
    const churnedBefore = churned.length;
    await waitUntil(() => Date.now() > outageEnds && churned.length > churnedBefore, 'the outage held', OUTAGE_MS * 3);
    await redis.resume();

    for (const server of processes) await waitUntil(async () => (await logIn(server)).status === 401, 'signing in');
    // Live again across processes: a request made through the first reaches the host's stream on the second.
    const late = senders[SENDERS] as ChaosMember;
    expect((await post(first, '/friends/requests', { user_id: hosts[0]?.id }, late.token)).status).toBe(200);
    await waitUntil(
      () =>
        across[0]?.stream.received.some(
          ({ event }) => event.type === 'friend_request' && event.request.user.id === late.id,
        ) ?? false,
      'the late request live on the other process',
    );
    churning = false;
    await churn;

    await expectEachEventOnce(across);
    expect(churned.length).toBeGreaterThan(churnedBefore);
    expect(churned.every((status) => status === 200)).toBe(true);
    expect(processes.map((each) => each.running)).toEqual([true, true]);
    expect(processes.map((each) => each.pid)).toEqual(pids);
    expect(processes.map((each) => each.log).join('')).not.toMatch(/unhandled|MaxRetriesPerRequestError/i);
  });

  it('keeps both processes up while Redis hangs, answers sign-in without waiting past the deadline, and catches up', async () => {
    const [first, second] = processes;
    const pids = processes.map((each) => each.pid);
    const hosts = [await signUp(first.url, 'HungOne'), await signUp(second.url, 'HungTwo')];
    const senders = [await signUp(first.url, 'HungSenderOne'), await signUp(second.url, 'HungSenderTwo')];
    await completeEverySetup();
    const across = await openOnBoth(hosts);

    redis.hang();
    try {
      // The first waits out the deadline, then the circuit answers at once; neither hangs.
      for (const server of processes) expect((await logIn(server)).status).toBe(503);
      for (const [index, sender] of senders.entries())
        for (const host of hosts) {
          const answer = await post(
            processes[index % 2] as ServerProcess,
            '/friends/requests',
            { user_id: host.id },
            sender.token,
          );
          expect(answer.status).toBe(200);
        }
    } finally {
      redis.wake();
    }

    for (const server of processes) await waitUntil(async () => (await logIn(server)).status === 401, 'signing in');
    await expectEachEventOnce(across);
    expect(processes.map((each) => each.running)).toEqual([true, true]);
    expect(processes.map((each) => each.pid)).toEqual(pids);
  });
});
