import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NEIGHBOURS, DEMO_STAFF } from '../src/seed/demo-community.ts';
import { ASSOCIATIONS, CIRCUITS, EVENT_TYPES } from '../src/seed/reference-data.ts';
import { ServerProcess } from '../test/server-process.ts';
import { PostgresCluster } from './postgres-cluster.ts';

/**
 * Server processes started together on an empty database: they take turns on the start-up advisory lock, so
 * the first migrates and seeds and the others find it done; all of them serve.
 */
let cluster: PostgresCluster;

beforeAll(async () => {
  cluster = await PostgresCluster.create();
});

afterAll(async () => {
  await cluster?.destroy();
});

async function migrationCount(): Promise<number> {
  const journal = path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json');
  return (JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

async function countOf(database: string, query: string): Promise<number> {
  const [row] = await cluster.query<{ n: number }>(`select (${query})::int as n`, database);
  return Number(row?.n);
}

describe.each([
  { processes: 2, seedDemo: false },
  { processes: 4, seedDemo: true },
])('$processes processes started together on an empty database (demo seed: $seedDemo)', ({ processes, seedDemo }) => {
  it('all serve; the migrations and the seeds ran once', async () => {
    const database = `corral_startup_${processes}`;
    const url = await cluster.createDatabase(database);
    const env = { DATABASE_URL: url, SEED_DEMO: String(seedDemo) };
    const servers = await Promise.all(Array.from({ length: processes }, () => ServerProcess.start({ env })));
    try {
      await Promise.all(servers.map((server) => server.ready(150_000)));
      for (const server of servers) {
        const lists = await fetch(`${server.url}/api/setup/event-types`);
        expect(lists.status).toBe(200);
      }

      expect(await countOf(database, 'select count(*) from drizzle.__drizzle_migrations')).toBe(await migrationCount());
      expect(await countOf(database, 'select count(*) from event_types')).toBe(EVENT_TYPES.length);
      expect(await countOf(database, 'select count(*) from associations')).toBe(ASSOCIATIONS.length);
      expect(await countOf(database, 'select count(*) from circuits')).toBe(CIRCUITS.length);
      expect(await countOf(database, 'select count(*) from users')).toBe(
        seedDemo ? DEMO_NEIGHBOURS.length + DEMO_STAFF.length + 1 : 0,
      );
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
});
