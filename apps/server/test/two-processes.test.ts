import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpMember } from './factories.ts';
import { openStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Several server processes behave as one through Redis: a friend request sent through one process reaches
 * the recipient's stream opened on another. Process one is this test's own server; process two is the real
 * `main.ts` in a child process, on the same PostgreSQL database and the same Redis key prefix. PGlite is one
 * process's database, so this runs where CI sets DATABASE_URL and REDIS_URL.
 */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

let t: TestApp;
let child: ChildProcess | undefined;
let childUrl: string;
let childLog = '';
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls the second process's health until it answers, failing at once if the process has exited. */
async function waitForHealth(url: string, timeoutMs: number) {
  let exited = false;
  await vi.waitFor(
    async () => {
      if (child?.exitCode !== null) {
        exited = true;
        return;
      }
      const health = await fetch(`${url}/api/health`).catch(() => undefined);
      if (!health?.ok) throw new Error(`the second process did not start in ${timeoutMs} ms: ${childLog}`);
    },
    { timeout: timeoutMs, interval: 200 },
  );
  if (exited) throw new Error(`the second process exited: ${childLog}`);
}

describe.skipIf(!shared)('two server processes behind one Redis', () => {
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await mkdtemp(path.join(tmpdir(), 'corral-second-'));
    const port = await freePort();
    childUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://corral.test',
        DATABASE_URL: t.ctx.config.databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '100',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      childLog += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      childLog += chunk;
    });
    await waitForHealth(childUrl, 60_000);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('a request sent through one process reaches a stream opened on the other, and its answer comes back', async () => {
    const a = await setUpMember(t.app, { first_name: 'Process', last_name: 'One' });
    const b = await setUpMember(t.app, { first_name: 'Process', last_name: 'Two' });
    // B listens on the second process; A listens on the first, through HTTP too.
    const firstUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bStream = await openStream(childUrl, b.token);
    const aStream = await openStream(firstUrl, a.token);
    try {
      expect(bStream.status).toBe(200);
      await bStream.next('ready');
      await aStream.next('ready');

      // A asks through the first process.
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/friends/requests',
        headers: { authorization: `Bearer ${a.token}` },
        payload: { user_id: b.user.id },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const { request } = (await bStream.next('friend_request')).event;
      expect(request.user).toMatchObject({ id: a.user.id, name: 'Process One' });
      expect((await bStream.next('notification')).event.unread).toBe(1);

      // B confirms through the second process; A hears of it on the first.
      const accepted = await fetch(`${childUrl}/api/friends/requests/${request.id}/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${b.token}` },
      });
      expect(accepted.status).toBe(200);
      expect((await aStream.next('notification')).event.notification).toMatchObject({
        kind: 'friend_accepted',
        actor: { id: b.user.id },
      });
      expect((await aStream.next('friendship')).event.friendship_status).toBe('friends');
    } finally {
      aStream.close();
      bStream.close();
    }
  }, 30_000);
});
