import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the health check after touching the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      ...(process.env.REDIS_URL ? { redis: 'ok' } : {}),
    });
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('describes the API with OpenAPI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/signup',
      '/api/login',
      '/api/verify',
      '/api/on-board',
      '/api/contacts/send-verification-code',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('refuses a malformed JSON body with a 400 and a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });

  it('serves the dev outbox while the outbox transports are in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('the dev outbox is gone', () => {
  it.each([
    ['with SMTP configured', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['with Twilio configured', { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+15005550006' }],
  ])('%s', async (_, env) => {
    const t = await createTestApp({ env });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('in production', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.outboxEnabled).toBe(false);
    expect(config.seedDemo).toBe(false);
  });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://corral.example',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'secret',
  TWILIO_FROM: '+15005550006',
};

describe('configuration', () => {
  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/corral-config-test' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('names every bad variable in one clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x' })).toThrowError(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/DATABASE_URL must be a postgres/);
    }
  });

  it('refuses unsafe production settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/AUTH_SECRET is required/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://a.example',
        RATE_LIMIT_SCALE: '10',
      }),
    ).toThrowError(/RATE_LIMIT_SCALE/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrowError(/must be set together/);
  });

  it('refuses production without a real mail and SMS transport, naming what is missing', () => {
    expect(() => loadConfig({ ...PRODUCTION, SMTP_URL: undefined })).toThrowError(/SMTP_URL is required/);
    const noSms = {
      ...PRODUCTION,
      TWILIO_ACCOUNT_SID: undefined,
      TWILIO_AUTH_TOKEN: undefined,
      TWILIO_FROM: undefined,
    };
    expect(() => loadConfig(noSms)).toThrowError(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are required/);
    expect(loadConfig(PRODUCTION).outboxEnabled).toBe(false);
  });

  it('takes proxies as a hop count or addresses, never "trust everything"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7']);
    for (const value of ['true', 'yes', '*', '10.0.0.0/33', 'proxy.example.com', '99'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrowError(/TRUST_PROXY must be/);
  });

  it('takes API_COMPRESSION as on (brotli 1, else gzip 1), off, or encodings with their levels', () => {
    const cheapest = [
      { encoding: 'br', level: 1 },
      { encoding: 'gzip', level: 1 },
    ];
    expect(loadConfig({}).apiCompression).toEqual(cheapest);
    expect(loadConfig({ API_COMPRESSION: 'true' }).apiCompression).toEqual(cheapest);
    expect(loadConfig({ API_COMPRESSION: 'false' }).apiCompression).toBe(false);
    expect(loadConfig({ API_COMPRESSION: 'br:4, gzip:6' }).apiCompression).toEqual([
      { encoding: 'br', level: 4 },
      { encoding: 'gzip', level: 6 },
    ]);
    for (const value of ['br', 'br:12', 'gzip:0', 'zstd:3', 'gzip:1,gzip:6', 'br:4;gzip:6', 'gzip:1:2'])
      expect(() => loadConfig({ API_COMPRESSION: value }), value).toThrowError(/API_COMPRESSION must be/);
  });
});

describe('behind a trusted proxy', () => {
  const logins = async (t: Awaited<ReturnType<typeof createTestApp>>, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 1; i <= 15; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { email: `nobody${i}@example.com`, password: 'Wrong#2026' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('with a hop count, the client cannot choose its address by writing X-Forwarded-For', async () => {
    const t = await createTestApp({ rateLimitScale: 1, env: { TRUST_PROXY: '1' } });
    try {
      // The proxy appends the address it saw (192.0.2.200); the entries before it are the client's words.
      const statuses = await logins(t, (i) => `203.0.113.${i}, 192.0.2.200`);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('with the proxies’ addresses, the first address outside them is the client', async () => {
    const t = await createTestApp({ rateLimitScale: 1, env: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const statuses = await logins(t, (i) => `198.51.100.${i}, 192.0.2.201, 10.9.9.9`);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    } finally {
      await t.close();
    }
  });
});

describe('the inline scripts the web build allows', () => {
  it('are read again from csp.json when a build rewrites it (the app shell’s script starts the web app)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'corral-csp-'));
    const dist = path.join(dir, 'dist');
    await mkdir(dist);
    const write = async (hash: string, time: number) => {
      await writeFile(path.join(dist, 'csp.json'), JSON.stringify({ scriptHashes: [`sha256-${hash}=`] }));
      await utimes(path.join(dist, 'csp.json'), time, time);
    };
    await write('first', 1_000);
    const t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const csp = async () =>
        String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(await csp()).toMatch(/script-src 'self' 'sha256-first='/);
      await write('second', 2_000);
      expect(await csp()).toMatch(/script-src 'self' 'sha256-second='/);
      await rm(path.join(dist, 'csp.json'));
      expect(await csp()).toMatch(/script-src 'self'( 'self')?;/);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
