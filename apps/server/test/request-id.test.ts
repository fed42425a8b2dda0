import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember } from './factories.ts';
import { messagesTo } from './outbox-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every answer names its request (`X-Request-Id`), and every log line written for a request carries that id
 * as `reqId`: the request's own lines, and those of the work it leaves behind (mail sent after the answer).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('without a trusted proxy', () => {
  const logs: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logSink: logs, rateLimitScale: 1 });
  });
  afterAll(() => t.close());

  it('logs the mail a request sent after its answer with that request’s id', async () => {
    const { email } = await signUpMember(t.app);
    logs.length = 0;
    const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    expect(response.statusCode).toBe(200);
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(await messagesTo(t.ctx, email)).toHaveLength(1);

    const requested = logs.filter((line) => line.event === 'password_reset.requested');
    expect(requested.map((line) => line.reqId)).toEqual([id]);
    expect(logs.filter((line) => line.delivery === 'email').map((line) => line.reqId)).toEqual([id]);
    // Nothing the request caused is logged without its id (the id once, as the logger binds it).
    expect(logs.filter((line) => line.reqId !== id)).toEqual([]);
  });

  it('names every answer, refusals and unknown paths included, with an id of its own', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health/live' }),
      await t.app.inject({ method: 'GET', url: '/api/friends' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-path' }),
      await t.app.inject({ method: 'GET', url: '/no-such-file.js' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 404]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps naming the answers once a limit refuses them', async () => {
    const remoteAddress = '203.0.113.40';
    let refused: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
    for (let i = 0; i < 400 && !refused; i += 1) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/setup/event-types', remoteAddress });
      if (answer.statusCode === 429) refused = answer;
    }
    expect(refused?.headers['x-request-id']).toMatch(UUID);
  });

  it('does not take an id a client makes up', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'chosen-by-the-client-0001' },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const idOfAnswer = async (offered: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': offered } })).headers[
      'x-request-id'
    ];

  it('takes the proxy’s id when it is well formed (nginx’s $request_id, a UUID)', async () => {
    for (const offered of ['3f1c9a6e0b2d4e8f9a1b2c3d4e5f6a7b', '0b6e3a56-7c55-4f0e-9b1e-2f1d8f7d9c11'])
      expect(await idOfAnswer(offered)).toBe(offered);
  });

  it('makes its own when the offered one is not', async () => {
    for (const offered of ['short', 'a b c d e f g h', '{"json":"injection"}', 'x'.repeat(200), 'line\u00e9break'])
      expect(await idOfAnswer(offered)).toMatch(UUID);
  });
});
