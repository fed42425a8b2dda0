import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstScreenResponseSchema } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, befriend, createPost, setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const FEED = '/social_home/friend-list';
const screenUrl = (pathname: string) => `/api/first-screen?path=${encodeURIComponent(pathname)}`;

/** `answers` as sent: each address with the raw JSON text that follows it in the answer. */
function rawAnswers(body: string, urls: string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const url of urls) {
    const key = `${JSON.stringify(url)}:`;
    const start = body.indexOf(key);
    if (start < 0) continue;
    // The answer's value is a JSON document: the shortest prefix that parses.
    const rest = body.slice(start + key.length);
    for (let end = 1; end <= rest.length; end += 1) {
      const candidate = rest.slice(0, end);
      if (candidate.endsWith('}') || candidate.endsWith(']')) {
        try {
          JSON.parse(candidate);
          raw[url] = candidate;
          break;
        } catch {
          // not yet the whole value
        }
      }
    }
  }
  return raw;
}

describe('GET /first-screen with a stand-in SSR bundle', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    // The server finds the bundle beside the web build: <web>/dist-ssr/prerender.js for WEB_DIST_DIR <web>/dist.
    dir = await mkdtemp(path.join(tmpdir(), 'corral-first-screen-'));
    await mkdir(path.join(dir, 'dist-ssr'));
    await writeFile(
      path.join(dir, 'dist-ssr', 'prerender.js'),
      `export const firstScreenCalls = (p) => p === ${JSON.stringify(FEED)}
        ? ['/api/verify', '/api/notifications?filter=all&page=1', '/api/home/timeline', '/api/home/upcoming-events-home']
        : [];
      export const renderFirstScreen = async (p, answers) => '<p>' + answers['/api/verify'].user.first_name + '</p>';`,
    );
    t = await createTestApp({ env: { WEB_DIST_DIR: path.join(dir, 'dist') } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('needs a session: 401 without one, and with a revoked token', async () => {
    expect((await t.app.inject({ method: 'GET', url: screenUrl(FEED) })).statusCode).toBe(401);
    const member = await setUpMember(t.app);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(member.token) });
    expect(
      (await t.app.inject({ method: 'GET', url: screenUrl(FEED), headers: bearer(member.token) })).statusCode,
    ).toBe(401);
  });

  it('answers 404 for a page without a first screen', async () => {
    const member = await setUpMember(t.app);
    for (const pathname of ['/social_home/search', '/social_home', '/privacy-policy']) {
      const answer = await t.app.inject({ method: 'GET', url: screenUrl(pathname), headers: bearer(member.token) });
      expect(answer.statusCode, pathname).toBe(404);
    }
  });

  it('embeds each call’s answer byte for byte as the API answers it, never stored', async () => {
    const member = await setUpMember(t.app);
    const friend = await setUpMember(t.app);
    await befriend(t.app, member.user.id, friend.user.id);
    await createPost(t.app, friend.token, 'Saddle bronc at dawn');
    const answer = await t.app.inject({ method: 'GET', url: screenUrl(FEED), headers: bearer(member.token) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const parsed = firstScreenResponseSchema.parse(answer.json());
    expect(parsed.html).toBe(`<p>${member.user.first_name}</p>`);
    const urls = Object.keys(parsed.answers);
    expect(urls).toEqual([
      '/api/verify',
      '/api/notifications?filter=all&page=1',
      '/api/home/timeline',
      '/api/home/upcoming-events-home',
    ]);
    const raw = rawAnswers(answer.body, urls);
    for (const url of urls) {
      const own = await t.app.inject({ method: 'GET', url, headers: bearer(member.token) });
      expect(raw[url], url).toBe(own.body);
    }
    expect(answer.body).toContain('Saddle bronc at dawn');
  });
});

const SSR_BUNDLE = fileURLToPath(new URL('../../../../web/dist-ssr/prerender.js', import.meta.url));

describe.skipIf(!existsSync(SSR_BUNDLE))(
  'GET /first-screen with the web app’s SSR bundle (after npm run build)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      // No web build to serve (no dist), but the SSR bundle beside where it would be.
      t = await createTestApp({ env: { WEB_DIST_DIR: path.join(path.dirname(path.dirname(SSR_BUNDLE)), 'no-dist') } });
    });
    afterAll(() => t.close());

    it('draws the member’s feed from their own answers, and nothing of a stranger’s', async () => {
      const member = await setUpMember(t.app, { first_name: 'Dusty', last_name: 'Rhodes' });
      const friend = await setUpMember(t.app, { first_name: 'Wade', last_name: 'Lockhart' });
      const stranger = await setUpMember(t.app, { first_name: 'Zebulon', last_name: 'Quarrington' });
      await befriend(t.app, member.user.id, friend.user.id);
      await createPost(t.app, friend.token, 'Barrel racing clinic on Saturday');
      await createPost(t.app, stranger.token, 'Strictly between us: the secret pasture');
      const started = performance.now();
      const answer = await t.app.inject({ method: 'GET', url: screenUrl(FEED), headers: bearer(member.token) });
      const elapsed = performance.now() - started;
      expect(answer.statusCode, answer.body).toBe(200);
      const { html, answers } = firstScreenResponseSchema.parse(answer.json());
      expect(html).toContain('Barrel racing clinic on Saturday');
      expect(html).toContain('Wade Lockhart');
      expect(html).toContain('role="feed"');
      for (const text of ['secret pasture', 'Zebulon', 'Quarrington', stranger.token, friend.token]) {
        expect(answer.body, text).not.toContain(text);
      }
      // The member's own token is in the session check's answer (as GET /verify answers it), never in the HTML.
      expect(html).not.toContain(member.token);
      expect(Object.keys(answers)).toContain('/api/home/timeline');
      // A sanity bound for a small community (the measured cost is in ADR 018).
      expect(elapsed).toBeLessThan(2_000);
    });
  },
);
