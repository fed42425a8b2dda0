/**
 * The last stall (docs/decisions/030-hauling-board.md, "Bookings"): 50 riders book the one free stall of an
 * instant offer at the same moment (POST /api/haul/offers/:id/bookings), over `--rounds` fresh offers. The
 * offer's row lock must let exactly one through each round (201 confirmed) and refuse the others (409), and
 * leave no stall free. Reports p50 and p99 of every booking request's round trip, per answer, and the count
 * confirmed (with the rounds that went wrong, if any).
 *
 *   node --import tsx bench/src/haul-bench.ts [--riders 50] [--rounds 20]
 *
 * Uses PostgreSQL at BENCH_DATABASE_URL's server (database corral_bench_haul, made afresh).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    riders: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '20' },
    port: { type: 'string', default: '3941' },
  },
});
const riders = Number(values.riders);
const rounds = Number(values.rounds);
const port = Number(values.port);
const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/corral_bench');
const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';
const databaseUrl = new URL(base);
databaseUrl.pathname = '/corral_bench_haul';

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query('drop database if exists corral_bench_haul with (force)');
  await admin.query('create database corral_bench_haul');
  await admin.end();
}

function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      DATA_DIR: path.join(tmpdir(), `corral-haul-bench-${port}`),
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
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

const ORIGIN = 2_000_000_001;
const EVENT_PLACE = 2_000_000_002;

/** A driver, the riders with sessions, two places and an upcoming event with its place, in SQL. */
async function seed(db: pg.Client): Promise<number> {
  await db.query(`
    insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified, phone_number)
    select 'hauler' || g, 'Bench ' || g, 'hauler' || g || '@bench.test', 'Bench', 'Hauler' || g, true, true,
      '+1555' || lpad(g::text, 7, '0')
    from generate_series(0, ${riders}) g`);
  await db.query(`
    insert into sessions (id, token, user_id, expires_at)
    select 's-' || u.id, 't-' || u.id, u.id, now() + interval '1 day' from users u`);
  await db.query(`
    insert into places (id, name, search_name, region, region_code, country, latitude, longitude)
    values (${ORIGIN}, 'Cheyenne', 'cheyenne', 'Wyoming', 'WY', 'US', 41.14, -104.82),
      (${EVENT_PLACE}, 'Denver', 'denver', 'Colorado', 'CO', 'US', 39.74, -104.99)
    on conflict (id) do nothing`);
  const { rows } = await db.query<{ id: string }>(`
    insert into posts (user_id, kind, title, sort_date) values ('hauler0', 'event', 'Bench rodeo', now())
    returning id`);
  const eventId = Number(rows[0]?.id);
  await db.query(`
    insert into event_details (post_id, from_date, to_date, location, address)
    values (${eventId}, now() + interval '7 days', now() + interval '8 days', 'Denver, CO', '4655 Humboldt St')`);
  await db.query(`insert into event_places (post_id, place_id) values (${eventId}, ${EVENT_PLACE})`);
  return eventId;
}

async function offerOfOneStall(db: pg.Client, eventId: number): Promise<number> {
  const { rows } = await db.query<{ id: string }>(`
    insert into haul_offers (driver_id, event_id, origin_place_id, depart_from, depart_until, arrive_by,
      stalls_total, stalls_free, stall_kind, rate_type, price, price_unit, cap_per_horse, booking_mode, visibility,
      detour_km)
    values ('hauler0', ${eventId}, ${ORIGIN}, now() + interval '6 days', now() + interval '6 days 4 hours',
      now() + interval '7 days', 1, 1, 'slant', 'fill', 50, 'horse', 80, 'instant', 'everyone', 50)
    returning id`);
  return Number(rows[0]?.id);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });

function book(offerId: number, token: string): Promise<{ status: number; ms: number; body: string }> {
  const payload = JSON.stringify({ stalls: 1, message: 'One mare.' });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `http://127.0.0.1:${port}/api/haul/offers/${offerId}/bookings`,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length})`;
};

await freshDatabase();
const server = await startServer();
const db = new pg.Client({ connectionString: databaseUrl.toString() });
await db.connect();
try {
  const eventId = await seed(db);
  const tokens = Array.from({ length: riders }, (_, i) => `t-hauler${i + 1}`);
  // One warm-up round (connections, prepared plans), not counted.
  const warmUp = await offerOfOneStall(db, eventId);
  await Promise.all(tokens.map((token) => book(warmUp, token)));
  const all: number[] = [];
  const won: number[] = [];
  const refused: number[] = [];
  let confirmed = 0;
  const wrong: string[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const offerId = await offerOfOneStall(db, eventId);
    const answers = await Promise.all(tokens.map((token) => book(offerId, token)));
    const ok = answers.filter((a) => a.status === 201 && JSON.parse(a.body).data.status === 'confirmed');
    const no = answers.filter((a) => a.status === 409);
    const { rows } = await db.query<{ stalls_free: number }>(
      `select stalls_free from haul_offers where id = ${offerId}`,
    );
    confirmed += ok.length;
    for (const a of answers) all.push(a.ms);
    for (const a of ok) won.push(a.ms);
    for (const a of no) refused.push(a.ms);
    if (ok.length !== 1 || no.length !== riders - 1 || rows[0]?.stalls_free !== 0)
      wrong.push(`round ${round}: ${ok.length} confirmed, ${no.length} refused, ${rows[0]?.stalls_free} free`);
  }
  console.log(`${rounds} rounds of ${riders} concurrent bookings of the last stall (instant offer)`);
  console.log(`all requests: ${summary(all)}`);
  console.log(`201 confirmed: ${summary(won)}`);
  console.log(`409 refused:   ${summary(refused)}`);
  console.log(`confirmed: ${confirmed} of ${rounds} rounds (one each expected)`);
  console.log(wrong.length === 0 ? 'every round: exactly one confirmed, no stall left' : wrong.join('\n'));
  if (wrong.length > 0) process.exitCode = 1;
} finally {
  await db.end();
  server.kill('SIGTERM');
  agent.destroy();
}
