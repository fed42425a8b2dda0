import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../src/db/sql.ts';
import { bearer, createPost, setUpMember } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The app's PostgreSQL connections terminated under it (what a PostgreSQL restart does to them): the pool
 * drops them and opens others, the process keeps serving, and a request caught mid-statement answers 503,
 * never 500. Before the pool had an 'error' listener, the first terminated idle connection ended the process
 * (here: an uncaught exception that fails the run). PGlite has no connections to lose: PostgreSQL only.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
const logs: Record<string, unknown>[] = [];

beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ logSink: logs });
});
afterAll(async () => {
  await t?.close();
});

/** Terminates every connection to the app's database but the one asking; answers how many it ended. */
async function terminateAppConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!onPostgres)('PostgreSQL connections terminated under the app', () => {
  it('idle connections: the pool replaces them and the app keeps serving', async () => {
    const member = await setUpMember(t.app);
    const post = (await createPost(t.app, member.token, 'Still here')).json().data;
    const read = () => t.app.inject({ url: `/api/posts/${post.id}`, headers: bearer(member.token) });
    // Several requests at once, so that the pool holds several idle connections.
    await Promise.all(Array.from({ length: 8 }, read));
    const idle = t.ctx.database.poolStats()?.idle ?? 0;
    expect(idle).toBeGreaterThan(1);

    expect(await terminateAppConnections()).toBeGreaterThanOrEqual(idle);
    await vi.waitFor(() => expect(t.ctx.database.poolStats()?.total).toBe(0), { timeout: 10_000 });
    expect(logs.filter((line) => line.msg === 'a database connection was lost').length).toBeGreaterThan(0);

    const answers = await Promise.all(Array.from({ length: 8 }, read));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
  });

  it('connections in use: each request answers 200 or 503, every connection comes back, the app serves on', async () => {
    const member = await setUpMember(t.app);
    const post = (await createPost(t.app, member.token, 'Under way')).json().data;
    const comment = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/comments`,
        headers: bearer(member.token),
        payload: { text },
      });
    // Several rounds, so that terminations land on every step of a transaction (BEGIN included).
    for (let round = 0; round < 5; round++) {
      const writes = Array.from({ length: 20 }, (_, index) => comment(`comment ${round}.${index}`));
      await terminateAppConnections();
      const statuses = (await Promise.all(writes)).map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    }
    expect(logs.filter((line) => line.msg === 'unhandled error')).toEqual([]);
    // No connection stays checked out: a leaked one would be a pool slot lost for good.
    await vi.waitFor(() => expect(t.ctx.database.poolStats()?.idle).toBe(t.ctx.database.poolStats()?.total), {
      timeout: 10_000,
    });

    expect((await comment('after')).statusCode).toBe(200);
    const [counts] = await selectRows<{ rows: number; counter: number }>(
      t.ctx.db,
      sql`select (select count(*)::int from comments where post_id = ${post.id}) as rows,
                 (select comments_count from posts where id = ${post.id}) as counter`,
    );
    expect(counts?.counter).toBe(counts?.rows);
  });
});
