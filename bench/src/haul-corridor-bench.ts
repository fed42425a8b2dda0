/**
 * The corridor search (docs/decisions/030-hauling-board.md, "Matching"): GET /api/events/:id/hauling with and
 * without `near` over 100,000 open offers spread over 1,000 upcoming events, on PostgreSQL with the gazetteer,
 * and 20,000 completed bookings (the drivers' records). A popular event has 2,000 offers, a typical one 100.
 * Prints the EXPLAIN (ANALYZE, BUFFERS) of the offers statement for the popular event with `near`, as the
 * server runs it (prepared, generic plan); then sends each case `--requests` times (or for `--max-seconds`),
 * one at a time, to the real server in a process of its own: p50, p99.
 *
 *   node --import tsx bench/src/haul-corridor-bench.ts [--offers 100000] [--events 1000] [--bookings 20000]
 *     [--requests 300] [--max-seconds 60]
 *
 * Uses PostgreSQL at BENCH_DATABASE_URL's server (database corral_bench_corridor, made afresh).
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { POSTGRES_SESSION_OPTIONS } from '../../apps/server/src/db/client.ts';
import { benchDatabaseUrl } from './generate.ts';
import { closeConnections, quantile, send } from './lib/http-load.ts';
import { benchServerEnv, startServer, stopServer } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    events: { type: 'string', default: '1000' },
    bookings: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '300' },
    'max-seconds': { type: 'string', default: '60' },
    port: { type: 'string', default: '3943' },
  },
});
const offers = Number(values.offers);
const events = Number(values.events);
const bookings = Number(values.bookings);
const requests = Number(values.requests);
const maxMs = Number(values['max-seconds']) * 1000;
const POPULAR = 2_000;
const TYPICAL = 100;
const DRIVERS = 2_000;

const admin = new URL(benchDatabaseUrl());
admin.pathname = '/postgres';
const target = new URL(admin);
target.pathname = '/corral_bench_corridor';
const databaseUrl = target.toString();
const serverEnv = benchServerEnv(databaseUrl);

const fresh = new pg.Client({ connectionString: admin.toString() });
await fresh.connect();
await fresh.query('drop database if exists corral_bench_corridor with (force)');
await fresh.query('create database corral_bench_corridor');
await fresh.end();

// The app in this process migrates and loads the gazetteer, then records the statements of one request.
let recording: { sql: string; params: unknown[] }[] = [];
const recorder = await buildApp(loadConfig(serverEnv), {
  logger: false,
  onStatement: (text, params) => recording.push({ sql: text, params }),
});
const db = new pg.Client({ connectionString: databaseUrl, options: POSTGRES_SESSION_OPTIONS });
await db.connect();

const placeId = async (name: string, region: string) => {
  const { rows } = await db.query<{ id: number }>(
    'select id from places where search_name = $1 and region_code = $2 order by id limit 1',
    [name, region],
  );
  if (!rows[0]) throw new Error(`no place ${name}, ${region}`);
  return rows[0].id;
};
// Popular: Denver, near Colorado Springs (110 km south). Typical: Cody, WY, near Billings, MT (170 km).
const denver = await placeId('denver', 'CO');
const springs = await placeId('colorado springs', 'CO');
const cody = await placeId('cody', 'WY');
const billings = await placeId('billings', 'MT');

// Drivers and a viewer; events 1 (popular, Denver) and 2 (typical, Cody), the others on places spread over
// the gazetteer, 1-13 weeks ahead; offers from places spread likewise; completed bookings (drivers' records).
const seeding = performance.now();
const step = async (text: string) => {
  const started = performance.now();
  await db.query(text);
  console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s: ${text.trim().split('\n')[0]?.slice(0, 60)}`);
};
await step(`
  insert into users (id, name, email, first_name, last_name, is_onboard, phone_number_verified, phone_number)
  select 'driver' || g, 'Driver ' || g, 'driver' || g || '@bench.test', 'Bench', 'Driver' || g, true, true,
    '+1555' || lpad(g::text, 7, '0')
  from generate_series(0, ${DRIVERS - 1}) g
  union all select 'viewer', 'Viewer', 'viewer@bench.test', 'Bench', 'Viewer', true, true, '+15559999999'`);
await db.query(`insert into sessions (id, token, user_id, expires_at)
  values ('s-viewer', 't-viewer', 'viewer', now() + interval '1 day')`);
await step(`
  insert into posts (user_id, kind, title, sort_date)
  select 'driver' || (g % ${DRIVERS}), 'event', 'Corridor rodeo ' || g, now() from generate_series(1, ${events}) g`);
await step(`
  with e as (select id, row_number() over (order by id) as n from posts where kind = 'event')
  insert into event_details (post_id, from_date, to_date, location, address)
  select id, now() + make_interval(days => 7 + (n % 90)::int), now() + make_interval(days => 9 + (n % 90)::int),
    'Bench', '' from e`);
await step(`
  with e as (select id, row_number() over (order by id) as n from posts where kind = 'event'),
    pl as (select id, row_number() over (order by id) - 1 as k from places)
  insert into event_places (post_id, place_id)
  select e.id, case e.n when 1 then ${denver} when 2 then ${cody} else pl.id end
  from e join pl on pl.k = (e.n * 7919) % (select count(*) from places)`);
await step(`
  with e as (select p.id, d.from_date, row_number() over (order by p.id) as n
      from posts p join event_details d on d.post_id = p.id where p.kind = 'event'),
    pl as (select id, row_number() over (order by id) - 1 as k from places),
    g as (select g, case when g <= ${POPULAR} then 1 when g <= ${POPULAR + TYPICAL} then 2
      else 3 + g % ${events - 2} end as n from generate_series(1, ${offers}) g)
  insert into haul_offers (driver_id, event_id, origin_place_id, depart_from, depart_until, arrive_by,
    stalls_total, stalls_free, stall_kind, rate_type, price, price_unit, cap_per_horse, booking_mode, visibility,
    detour_km)
  select 'driver' || (g.g % ${DRIVERS}), e.id, pl.id, e.from_date - interval '2 days',
    e.from_date - interval '44 hours', e.from_date - interval '2 hours', 4, 1 + g.g % 4, 'slant', 'fill',
    40 + g.g % 60, 'horse', 120, case when g.g % 2 = 0 then 'instant' else 'request' end,
    case when g.g % 10 = 0 then 'friends' else 'everyone' end, 25 + (g.g % 12) * 25
  from g join e on e.n = g.n join pl on pl.k = (g.g::bigint * 104729) % (select count(*) from places)`);
await step(`
  insert into haul_bookings (offer_id, rider_id, stalls, status, completed_at)
  select o.id, 'driver' || ((o.id * 7 + 1) % ${DRIVERS}), 1, 'completed', now() - interval '30 days'
  from haul_offers o where o.id % 5 = 0 order by o.id limit ${bookings}`);
await step('vacuum analyze');
const counts = await db.query<{ offers: number; bookings: number; places: number }>(`select
  (select count(*)::int from haul_offers) as offers, (select count(*)::int from haul_bookings) as bookings,
  (select count(*)::int from places) as places`);
const { rows: picked } = await db.query<{ id: string; offers: number }>(`
  select p.id, count(o.id)::int as offers from posts p join haul_offers o on o.event_id = p.id
  where p.kind = 'event' group by p.id order by p.id limit 2`);
const [popular, typical] = picked.map((row) => Number(row.id));
console.log(
  `seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])};` +
    ` popular event ${popular} (${picked[0]?.offers} offers), typical ${typical} (${picked[1]?.offers})`,
);

const cases = [
  { name: 'popular, near', event: popular, near: springs },
  { name: 'popular, no near', event: popular },
  { name: 'typical, near', event: typical, near: billings },
  { name: 'typical, no near', event: typical },
];
const url = (event: number | undefined, near?: number) => `/api/events/${event}/hauling${near ? `?near=${near}` : ''}`;
const headers = { authorization: 'Bearer t-viewer' };

// What each case answers, and the offers statement of the popular event with `near`.
for (const c of cases) {
  recording = [];
  const response = await recorder.inject({ method: 'GET', url: url(c.event, c.near), headers });
  if (response.statusCode !== 200) throw new Error(`${c.name}: ${response.statusCode} ${response.body}`);
  const body = response.json() as { offers: unknown[] };
  console.log(`${c.name}: ${body.offers.length} offers listed, ${recording.length} statements`);
}
recording = [];
await recorder.inject({ method: 'GET', url: url(popular, springs), headers });
await recorder.close();
const statement = recording.find((s) => s.sql.includes('from haul_offers o'));
if (!statement) throw new Error('no offers statement recorded');
const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : `'${(value instanceof Date ? value.toISOString() : String(value)).replace(/'/g, "''")}'`;
await db.query(`prepare tab as ${statement.sql}`);
const execute = `execute tab(${statement.params.map(literal).join(', ')})`;
await db.query(execute); // as the server's connection would have: the generic plan cached
const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${execute}`);
console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the offers statement, popular event with near (generic plan):');
for (const row of plan.rows) console.log(row['QUERY PLAN']);
await db.end();

// Load: each case `requests` times, one at a time, against the server in its own process.
const server = await startServer(values.port, serverEnv);
console.log(`\n${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
console.log(`${requests} requests a case (or ${maxMs / 1000} s), one at a time, after 5 unmeasured:`);
try {
  for (const c of cases) {
    const request = { url: `http://127.0.0.1:${values.port}${url(c.event, c.near)}`, token: 't-viewer' };
    for (let i = 0; i < 5; i += 1) await send(request);
    const samples: number[] = [];
    const end = performance.now() + maxMs;
    for (let i = 0; i < requests && performance.now() < end; i += 1) {
      const sent = performance.now();
      const status = await send(request);
      if (status !== 200) throw new Error(`${c.name}: ${status}`);
      samples.push(performance.now() - sent);
    }
    samples.sort((a, b) => a - b);
    const ms = (q: number) => quantile(samples, q).toFixed(2);
    console.log(`  ${c.name.padEnd(18)} p50 ${ms(0.5)} ms, p99 ${ms(0.99)} ms (${samples.length} requests)`);
  }
  console.log(`${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
} finally {
  await stopServer(server);
  closeConnections();
}
