import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@corral/contract';
import { count } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, friendRequests, posts, reports } from '../src/db/schema.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { NUL_MESSAGE, UNICODE_MESSAGE } from '../src/lib/input-guard.ts';
import { logSerializers } from '../src/lib/log-serializers.ts';
import { bearer, createPost, setUpMember, signUpMember } from './factories.ts';
import { waitForMessage } from './outbox-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Regressions of the hostile probe (issue "Hardening"): each failed before its fix. */
const logLines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logSink: logLines });
});
afterAll(() => t.close());

const rowCount = async (table: typeof posts | typeof comments | typeof reports | typeof friendRequests) =>
  (await t.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('a NUL byte in any text', () => {
  it('answers 422 with a clear message and changes nothing, wherever it is', async () => {
    const author = await setUpMember(t.app);
    const reader = await setUpMember(t.app);
    const post = (await createPost(t.app, author.token, 'Steady')).json().data;
    const before = await Promise.all([posts, comments, reports, friendRequests].map(rowCount));
    const attempts = [
      { url: `/api/posts/${post.id}/comments`, payload: { text: 'nice\u0000ride' } },
      { url: `/api/posts/${post.id}/share`, payload: { comment: '\u0000' } },
      { url: `/api/posts/${post.id}/report`, payload: { reason: 'Other', text: 'bad\u0000' } },
      { url: '/api/friends/requests', payload: { user_id: `${author.user.id}\u0000` } },
      { url: '/api/reset-password', payload: { token: 'abc\u0000def', password: 'Lariat#2026' } },
      { url: '/api/login', payload: { email: 'a\u0000@example.com', password: 'Lariat#2026' } },
    ];
    for (const { url, payload } of attempts) {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: bearer(reader.token) });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message, url).toBe(NUL_MESSAGE);
    }
    const query = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${post.id}/comments?cursor=%00`,
      headers: bearer(reader.token),
    });
    expect(query.statusCode).toBe(422);
    expect(await Promise.all([posts, comments, reports, friendRequests].map(rowCount))).toEqual(before);
  });

  it('half a surrogate pair answers 422 too: it would be stored as another character than the one sent', async () => {
    const author = await setUpMember(t.app);
    const post = (await createPost(t.app, author.token, 'Steady')).json().data;
    for (const [method, url, payload] of [
      ['PATCH', `/api/posts/${post.id}`, { title: 'a\ud800b' }],
      ['POST', `/api/posts/${post.id}/comments`, { text: '\udc00 trailing half' }],
      ['POST', `/api/posts/${post.id}/comments`, { ['\ud83d']: 'x', text: 'a key' }],
    ] as const) {
      const response = await t.app.inject({ method, url, payload, headers: bearer(author.token) });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message, url).toBe(UNICODE_MESSAGE);
    }
    const whole = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      payload: { title: 'Steady 🐴' },
      headers: bearer(author.token),
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data.title).toBe('Steady 🐴');
  });

  it('in a bearer token is no token: 401, not a database error', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/verify',
      headers: { authorization: 'Bearer abc\u0000def' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('numbers and dates PostgreSQL would refuse', () => {
  it('refuses onboarding ids above 2^31 - 1 with the step’s message', async () => {
    const member = await signUpMember(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/on-board',
      headers: bearer(member.token),
      payload: {
        age: '1990-01-01',
        gender: 'male',
        transport_id: 1,
        event_type_ids: [2147483648],
        association_ids: [1],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(MESSAGES.onboarding.eventsRequired);
  });

  it('refuses cursors whose date JavaScript reads and PostgreSQL does not, on the timeline and on comments', async () => {
    const member = await setUpMember(t.app);
    const post = (await createPost(t.app, member.token, 'Cursor')).json().data;
    for (const cursor of ['WyIyMDIwIiwxXQ', Buffer.from('["2020-02-30T00:00:00Z",1]').toString('base64url')]) {
      for (const url of [`/api/home/timeline?cursor=${cursor}`, `/api/posts/${post.id}/comments?cursor=${cursor}`]) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(member.token) });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message).toBe('The cursor is not valid.');
      }
    }
  });
});

describe('the dev outbox', () => {
  it('answers loopback clients only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(
      200,
    );
    for (const remoteAddress of ['192.168.1.20', '10.0.0.7', '203.0.113.5']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.http.notFound });
    }
  });
});

describe('headers', () => {
  it('forbid framing both ways', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('logs', () => {
  it('carry route patterns, never query strings', async () => {
    const member = await setUpMember(t.app);
    logLines.length = 0;
    await t.app.inject({ method: 'GET', url: '/reset-password?token=Secret0Token0In0Query' });
    await t.app.inject({
      method: 'GET',
      url: '/api/home/timeline?cursor=Secret0Cursor&page=1',
      headers: bearer(member.token),
    });
    const text = JSON.stringify(logLines);
    expect(text).not.toContain('Secret0');
    expect(text).toContain('/api/home/timeline');
  });

  it('keep no SQL parameters of a failed statement', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "hunter2"'), { code: '22P02' });
    const error = new DrizzleQueryError('select * from users where id = $1', ['hunter2'], cause);
    const logged = JSON.stringify(logSerializers.err(error));
    expect(logged).not.toContain('hunter2');
    expect(logged).toContain('22P02');
    expect(logged).toContain('select * from users where id = $1');
  });
});

describe('a deleted member', () => {
  it('stops counting at once in the likes, comments and shares of what they touched', async () => {
    const author = await setUpMember(t.app);
    const leaver = await setUpMember(t.app);
    const stayer = await setUpMember(t.app);
    const post = (await createPost(t.app, author.token, 'Who was here')).json().data;
    const act = (token: string, path: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}${path}`,
        headers: bearer(token),
        payload: payload ?? {},
      });
    for (const member of [leaver, stayer]) {
      await act(member.token, '/like');
      await act(member.token, '/comments', { text: 'Nice run' });
      await act(member.token, '/share');
      await act(member.token, '/share', { comment: 'Look' });
    }
    const item = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: bearer(author.token) })).json().data;
    expect(await item()).toMatchObject({ likes_count: 2, comments_count: 2, shares_count: 4 });

    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(leaver.token) });
    expect(await item()).toMatchObject({ likes_count: 1, comments_count: 1, shares_count: 2 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${post.id}/comments`,
      headers: bearer(author.token),
    });
    expect(listed.json().data).toHaveLength(1);
  });

  it('has their photos answer 404 at once (the purge removes the files later)', async () => {
    const leaver = await setUpMember(t.app);
    const photo = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#8b5a2b' } })
      .jpeg()
      .toBuffer();
    const post = (await createPost(t.app, leaver.token, 'Last ride', [photo])).json().data;
    const src = new URL(post.media[0].src, 'http://corral.test').pathname;
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(leaver.token) });
    const gone = await t.app.inject({ method: 'GET', url: src });
    expect(gone.statusCode).toBe(404);
    expect(await t.ctx.storage.get(src.replace('/media/', ''))).not.toBeNull();
  });
});

describe('forgot password', () => {
  it('touches the database only after the answer, member or not', async () => {
    const statements: string[] = [];
    const app = await createTestApp({ statements });
    try {
      const member = await signUpMember(app.app);
      for (const email of [member.email, `nobody-${randomUUID()}@example.com`]) {
        statements.length = 0;
        const response = await app.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
        expect(response.statusCode).toBe(200);
        // (The account purge may run its own statements at any time; none of them looks an address up.)
        expect(
          statements.filter((statement) => /email|verifications/.test(statement)),
          email,
        ).toEqual([]);
        // The work that follows the answer looks the address up.
        await app.ctx.background.settled();
        expect(statements.some((statement) => statement.includes('email'))).toBe(true);
      }
      await waitForMessage(app.ctx, member.email);
    } finally {
      await app.close();
    }
  });
});

describe('sessions', () => {
  it('end after 7 days without use, and 30 days after sign-in whatever the use', async () => {
    const clock = new ManualClock();
    const app = await createTestApp({ clock });
    try {
      const verify = (token: string) => app.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(token) });
      const daily = await signUpMember(app.app);
      const idle = (
        await app.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: daily.email, password: daily.password },
        })
      ).json().user.api_token as string;
      const DAY = 86_400_000;
      for (let day = 1; day <= 29; day += 1) {
        clock.advance(DAY);
        expect((await verify(daily.token)).statusCode, `day ${day}`).toBe(200);
        if (day === 6) expect((await verify(idle)).statusCode).toBe(200);
        if (day === 14) expect((await verify(idle)).statusCode).toBe(401);
      }
      clock.advance(DAY + 60_000);
      expect((await verify(daily.token)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('Share Now', () => {
  it('takes a POST with no body at all, as a spec client sends it', async () => {
    const author = await setUpMember(t.app);
    const post = (await createPost(t.app, author.token, 'Share me')).json().data;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/share`,
      headers: bearer(author.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.type).toBe('3');
  });
});
