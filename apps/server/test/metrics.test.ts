import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createPost, setUpMember } from './factories.ts';
import { openStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Prometheus metrics on a port of their own (METRICS_PORT; 0 here: any free one), never on the public one:
 * request durations by route pattern and status, rate-limit refusals, open streams, the image queue, the
 * database pool on PostgreSQL, and Node's own.
 */

/** The value of one series in Prometheus's text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('with METRICS_PORT set', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 1, env: { METRICS_PORT: '0' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await fetch(String(t.app.metricsUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };

  it('serves them on 127.0.0.1, on a port that is not the public one', () => {
    const url = new URL(String(t.app.metricsUrl));
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe(new URL(base).port);
    expect(url.pathname).toBe('/metrics');
  });

  it('times requests by route pattern and status, never by URL', async () => {
    const member = await setUpMember(t.app);
    for (let i = 0; i < 3; i += 1)
      await t.app.inject({ method: 'GET', url: `/api/users/${member.user.id}`, headers: bearer(member.token) });
    await t.app.inject({ method: 'GET', url: '/api/users/not-a-member', headers: bearer(member.token) });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/users/:id",status_code="200"}'),
    ).toBe(3);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status_code="4\d\d"\} 1/,
    );
    expect(text).not.toContain(member.user.id);
  });

  it('counts rate-limit refusals by limit', async () => {
    const remoteAddress = '198.51.100.77';
    let refused = 0;
    for (let i = 0; i < 400 && refused < 2; i += 1) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/setup/event-types', remoteAddress });
      if (answer.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(2);
    expect(sample(await scrape(), 'corral_rate_limit_refusals_total{limit="apiPerIpAnonymous"}')).toBe(2);
  });

  it('counts open streams and the images processed', async () => {
    const member = await setUpMember(t.app);
    const stream = await openStream(base, member.token);
    try {
      await stream.next('ready');
      expect(sample(await scrape(), 'corral_streams_open')).toBe(1);
    } finally {
      stream.close();
    }
    await vi.waitFor(async () => expect(sample(await scrape(), 'corral_streams_open')).toBe(0), { timeout: 10_000 });

    const processedBefore = sample(await scrape(), 'corral_image_queue_processed_total') ?? 0;
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8b5a2b' } })
      .jpeg()
      .toBuffer();
    expect((await createPost(t.app, member.token, 'Counted', [photo])).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'corral_image_queue_processed_total')).toBeGreaterThan(processedBefore);
    for (const series of ['corral_image_queue_waiting', 'corral_image_queue_running', 'corral_image_queue_places'])
      expect(sample(text, series), series).toBe(0);
  });

  it('reports the database pool on PostgreSQL, and Node’s own metrics', async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (process.env.DATABASE_URL) {
      expect(sample(text, 'corral_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'corral_db_pool_waiting')).toBe(0);
    } else expect(text).not.toContain('corral_db_pool');
  });

  it('are not on the public port, and the metrics port answers nothing else', async () => {
    for (const path of ['/metrics', '/api/metrics']) expect((await fetch(base + path)).status, path).toBe(404);
    const other = new URL('/', String(t.app.metricsUrl));
    expect((await fetch(other)).status).toBe(404);
  });
});

describe('closing the app', () => {
  it('closes the metrics server too', async () => {
    const t = await createTestApp({ env: { METRICS_PORT: '0' } });
    const url = String(t.app.metricsUrl);
    expect((await fetch(url)).status).toBe(200);
    await t.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('without METRICS_PORT', () => {
  it('serves none', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.metricsUrl).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('the metrics settings', () => {
  it('refuse a host that is not an address and the public port', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: 'every interface' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({}).metrics).toBeUndefined();
  });
});

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
