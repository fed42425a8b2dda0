import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost, setUpMember } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The built web app as the server sends it: precompressed files by content negotiation, cache headers, the
 * page map of a prerendered build (and the shell of a build without one), and compressed API answers. The
 * dist is a temporary folder laid out as the web build lays it out.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A script worth compressing (over 1 KiB), as the build writes one, with its .br and .gz beside it. */
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${'<p>Rodeo news.</p>'.repeat(80)}</body></html>`;

async function writeDist(dist: string, files: Record<string, string>, precompress: string[]) {
  for (const [name, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), body);
  }
  for (const name of precompress) {
    const body = Buffer.from(files[name] ?? '');
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(body));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(body, { level: 9 }));
  }
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'corral-web-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A member whose timeline holds six posts (about 10 KiB), and the timeline asked with an Accept-Encoding. */
async function timelineOfSixPosts(t: TestApp) {
  const member = await setUpMember(t.app);
  for (let n = 0; n < 6; n += 1) {
    const created = await createPost(
      t.app,
      member.token,
      `Team roping practice ${n}: ${'bring your rope. '.repeat(60)}`,
    );
    expect(created.statusCode, created.body).toBe(200);
  }
  const timeline = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/home/timeline',
      headers: {
        authorization: `Bearer ${member.token}`,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });
  const plain = await timeline();
  expect(plain.statusCode).toBe(200);
  return { plain, timeline };
}

describe('a prerendered build', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(root, 'prerendered');
    await writeDist(
      dist,
      {
        'index.html': page('Corral home'),
        'app.html': page('Corral app shell'),
        'sign-in.html': page('Sign in'),
        'privacy_policy.html': page('Privacy policy, bare'),
        'robots.txt': 'User-agent: *\nAllow: /\n',
        'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
        'assets/app-AbCd_123.js': SCRIPT,
        'assets/tiny-Zy98-x7w.js': 'export const tiny = 1;\n',
        'assets/img/home/lasso.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      },
      ['index.html', 'app.html', 'sign-in.html', 'assets/app-AbCd_123.js'],
    );
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed script as brotli, else gzip, else as it is; always varying on Accept-Encoding', async () => {
    const br = await get('/assets/app-AbCd_123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/app-AbCd_123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-AbCd_123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const refused = await get('/assets/app-AbCd_123.js', 'br;q=0, gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);

    for (const response of [br, gzip, plain, refused]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('sends a small file that has no compressed copies as it is, still cached for good', async () => {
    const response = await get('/assets/tiny-Zy98-x7w.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export const tiny = 1;\n');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('caches unhashed public images briefly, and pages and root files not at all without asking', async () => {
    expect((await get('/assets/img/home/lasso.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('User-agent');
    expect(robots.headers['cache-control']).toBe('no-cache');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
  });

  it('answers / with the prerendered home, negotiated like any file', async () => {
    const response = await get('/', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Corral home</h1>');
  });

  it('answers a prerendered page’s path with its page, with or without the last slash', async () => {
    for (const url of ['/sign-in', '/sign-in/', '/sign-in?next=%2Fsocial_home']) {
      const response = await get(url, 'gzip');
      expect(response.statusCode, url).toBe(200);
      expect(gunzipSync(response.rawPayload).toString(), url).toContain('<h1>Sign in</h1>');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/sign-in' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    // No compressed copies of this one: sent as it is.
    const bare = await get('/privacy_policy', 'br, gzip');
    expect(bare.headers['content-encoding']).toBeUndefined();
    expect(bare.body).toContain('<h1>Privacy policy, bare</h1>');
  });

  it('answers every other page path with the app shell (the web router decides, a missing page too)', async () => {
    for (const url of ['/social_home/friend-list', '/social_home/post/12', '/no-such-page', '/onboarding']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<h1>Corral app shell</h1>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends a form posted to its own page back to the page, never taking its fields into the address', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=rider%40example.com&password=Buckle%232026',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/sign-in');
  });

  it('answers an unknown API path, a missing asset and other methods on a page path with the JSON 404', async () => {
    for (const response of [
      await get('/api/no-such-thing'),
      await get('/api'),
      await get('/assets/missing-AbCd_123.js', 'br, gzip'),
      await t.app.inject({ method: 'PUT', url: '/social_home' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('compresses API answers of 1 KiB or more with brotli 1, else gzip 1 (the default), and leaves smaller ones', async () => {
    const { plain, timeline } = await timelineOfSixPosts(t);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Over @fastify/compress's own bound for compressing in one call on two cores (8 KiB): ours is 64 KiB.
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);

    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'], // a browser on plain HTTP, which never offers brotli
    ] as const) {
      const response = await timeline(acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      // In one call, not streamed: its length is known.
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const decoded = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(decoded.toString()).toBe(plain.body);
    }
    // Brotli at quality 1 and gzip at level 1: what each makes of the same body, byte for byte.
    const brotli1 = brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect((await timeline('br')).rawPayload.equals(brotli1)).toBe(true);
    expect((await timeline('gzip')).rawPayload.equals(gzipSync(plain.rawPayload, { level: 1 }))).toBe(true);
    expect((await timeline('zstd')).headers['content-encoding']).toBeUndefined();

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: expect.anything() });
  });

  it('never compresses the live stream: its first event arrives at once, as text', async () => {
    const member = await setUpMember(t.app);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { headers, firstChunk } = await new Promise<{ headers: http.IncomingHttpHeaders; firstChunk: string }>(
      (resolve, reject) => {
        const request = http.get(
          `${base}/api/stream`,
          { headers: { authorization: `Bearer ${member.token}`, 'accept-encoding': 'br, gzip' } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
              // The retry line and the 'ready' event: the stream is flowing, not held back to be compressed.
              if (text.includes('event: ready')) {
                resolve({ headers: response.headers, firstChunk: text });
                request.destroy();
              }
            });
            response.on('error', () => undefined);
          },
        );
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
        request.setTimeout(5_000, () => reject(new Error('no stream event within 5 s')));
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(firstChunk).toMatch(/^retry: \d+/);
  });
});

describe('a build without the prerender step', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(root, 'spa-only');
    await writeDist(dist, { 'index.html': page('Corral single-page app'), 'assets/app-AbCd_123.js': SCRIPT }, [
      'index.html',
      'assets/app-AbCd_123.js',
    ]);
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every page path, / included, with index.html', async () => {
    for (const url of ['/', '/sign-in', '/social_home/friend-list']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString(), url).toContain('<h1>Corral single-page app</h1>');
    }
  });
});

describe('source maps', () => {
  /** A build with a script and its map (the web build writes them hidden: no sourceMappingURL comment). */
  async function appServing(name: string, env: Record<string, string>) {
    const dist = path.join(root, name);
    await writeDist(
      dist,
      { 'index.html': page('Corral'), 'assets/app-AbCd_123.js': SCRIPT, 'assets/app-AbCd_123.js.map': '{"version":3}' },
      [],
    );
    return createTestApp({ rateLimitScale: 1, env: { WEB_DIST_DIR: dist, ...env } });
  }

  it('are not served in production (the JSON 404), while the scripts are', async () => {
    const t = await appServing('production', {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
    });
    try {
      for (const url of ['/assets/app-AbCd_123.js.map', '/assets/app-AbCd_123.js.m%61p']) {
        const map = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(map.statusCode, url).toBe(404);
        expect(map.json(), url).toEqual({ message: MESSAGES.http.notFound });
      }
      expect((await t.app.inject({ method: 'GET', url: '/assets/app-AbCd_123.js' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('are served outside production, for developer tools', async () => {
    const t = await appServing('development', {});
    try {
      const map = await t.app.inject({ method: 'GET', url: '/assets/app-AbCd_123.js.map' });
      expect(map.statusCode).toBe(200);
      expect(map.body).toBe('{"version":3}');
    } finally {
      await t.close();
    }
  });
});

describe('no build at all', () => {
  it('answers page paths with the JSON 404 (the API still works)', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/social_home' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('API_COMPRESSION', () => {
  it('false (behind a proxy that compresses): no API answer is compressed, whatever the client accepts', async () => {
    const t = await createTestApp({ env: { API_COMPRESSION: 'false' } });
    try {
      const { plain, timeline } = await timelineOfSixPosts(t);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const acceptEncoding of ['gzip, deflate, br', 'gzip', 'br']) {
        const response = await timeline(acceptEncoding);
        expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
        expect(response.body).toBe(plain.body);
      }
    } finally {
      await t.close();
    }
  });

  it('br:4,gzip:6: brotli at quality 4 where the client takes it, else gzip at level 6', async () => {
    const t = await createTestApp({ env: { API_COMPRESSION: 'br:4,gzip:6' } });
    try {
      const { plain, timeline } = await timelineOfSixPosts(t);
      const br = await timeline('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(
        br.rawPayload.equals(brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })),
      ).toBe(true);
      const gzip = await timeline('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.rawPayload.equals(gzipSync(plain.rawPayload, { level: 6 }))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
