import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig } from '../src/config.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  /** Multiplies every rate limit. Tests of the limits themselves pass 1; others default to 100. */
  rateLimitScale?: number;
  env?: Record<string, string>;
  /** Collects every log line (parsed JSON, level info and up) for tests of what the server logs. */
  logSink?: Record<string, unknown>[];
  /** Collects the text of every SQL statement the app sends, for tests that count them. */
  statements?: string[];
  /** Collects every SQL statement the app sends with its parameters, for tests that run them again. */
  recorded?: Array<{ sql: string; params: unknown[] }>;
}

/**
 * A whole server on a real database: in-memory PGlite by default, or a throwaway database on the
 * PostgreSQL of DATABASE_URL (and Redis of REDIS_URL, under a key prefix of its own) when CI sets them.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'corral-test-'));
  const throwaway = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://corral.test',
    DATABASE_URL: throwaway?.url,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `corral-test:${randomBytes(6).toString('hex')}:`,
    SEED_DEMO: 'false',
    // The gazetteer (20,000 places) costs about 350 ms a test app on PGlite: only the tests of places and of
    // the hauling board load it (env SEED_PLACES 'true').
    SEED_PLACES: 'false',
    LOG_LEVEL: options.logSink ? 'info' : 'silent',
    RATE_LIMIT_SCALE: String(options.rateLimitScale ?? 100),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const app = await buildApp(config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(throwaway ? {} : { pglitePath: 'memory://' }),
    logger: options.logSink ? { stream: sinkStream(options.logSink) } : false,
    ...(options.statements || options.recorded
      ? {
          onStatement: (statement: string, params: unknown[]) => {
            options.statements?.push(statement);
            options.recorded?.push({ sql: statement, params: [...params] });
          },
        }
      : {}),
  });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    async close() {
      await app.close();
      await throwaway?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function sinkStream(lines: Record<string, unknown>[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
}
