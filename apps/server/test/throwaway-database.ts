import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own on the PostgreSQL server of `baseUrl` (named `<prefix>_<random>`), and the way to drop
 * it: the API suites (test-app.ts), the backup test and the chaos files each make theirs.
 */
export async function createThrowawayDatabase(baseUrl: string, prefix = 'corral_test'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer(baseUrl, async (client) => {
        await connectionsGone(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pg's Pool.end() resolves before its sockets close: wait for them (five seconds at most, then the drop forces
 * them), so that the drop never cuts a connection still saying goodbye (an unhandled 57P01 otherwise).
 */
async function connectionsGone(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
