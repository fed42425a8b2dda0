import { RATE_LIMITS } from '@corral/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setUpMember } from '../../../test/factories.ts';
import { type Member, setUpStaff } from '../../../test/fixtures/moderation.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * Moderation routes do not exist for anyone but staff (ADR 028, lib/access.ts): a guest, a made-up token, a
 * member, or a moderator at an admin route gets the very answer of a path no route has, byte for byte (status,
 * headers, body), whatever the method and the body, and their call counts against no rate limit, as a
 * missing route's does not.
 */

let t: TestApp;
let member: Member;
let moderator: Member;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 1 });
  [member, moderator, admin] = await Promise.all([
    setUpMember(t.app),
    setUpStaff(t.app, 'moderator'),
    setUpStaff(t.app, 'admin'),
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const MODERATOR_ROUTES: [Method, string][] = [
  ['GET', '/api/moderation/reports'],
  ['GET', '/api/moderation/reports?status=resolved'],
  ['GET', '/api/moderation/reports/1'],
  ['POST', '/api/moderation/reports/1/actions'],
  // Longer than the router's default limit on a path segment (100), which once answered its own 414.
  ['GET', `/api/moderation/reports/${'9'.repeat(101)}`],
  ['POST', `/api/moderation/reports/${'9'.repeat(300)}/actions`],
];
const ADMIN_ROUTES: [Method, string][] = [
  ['GET', '/api/moderation/audit'],
  ['GET', '/api/moderation/members?q=ada'],
  ['PUT', '/api/moderation/members/someone/role/admin'],
  ['PUT', `/api/moderation/members/${'x'.repeat(101)}/role/admin`],
];
const MISSING = '/api/no-such-route/1';

const bodies = {
  'no body': {},
  'a JSON body': { payload: JSON.stringify({ action: 'ban', reason: 'x' }), 'content-type': 'application/json' },
  // A missing route once parsed its body first: 400 for these, 413 for the last, where a staff route said 404.
  'a body that is not JSON': { payload: '{bad json', 'content-type': 'application/json' },
  'an empty JSON body': { payload: '', 'content-type': 'application/json' },
  'a body over the limit': { payload: `"${'a'.repeat(2 * 1024 * 1024)}"`, 'content-type': 'application/json' },
} as const;

/** What a response is, less what differs between any two responses (the request id and the date). */
function bytes(response: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

async function send(method: Method, url: string, token: string | null, body: keyof typeof bodies, gzip = false) {
  const { payload, ...type } = bodies[body] as { payload?: string; 'content-type'?: string };
  return t.app.inject({
    method,
    url,
    headers: { ...type, ...(token ? bearer(token) : {}), ...(gzip ? { 'accept-encoding': 'br, gzip' } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Every route, method and body, for a caller: each answer equal to the missing route's for the same request. */
async function expectMissing(routes: [Method, string][], token: string | null) {
  for (const [method, url] of routes)
    for (const body of Object.keys(bodies) as (keyof typeof bodies)[])
      for (const gzip of [false, true]) {
        const missing = bytes(await send(method, MISSING, token, body, gzip));
        expect(missing.status).toBe(404);
        expect(bytes(await send(method, url, token, body, gzip)), `${method} ${url} ${body}`).toEqual(missing);
      }
}

describe('to anyone but staff, moderation routes are missing routes', () => {
  it('for a guest and a made-up token', async () => {
    await expectMissing([...MODERATOR_ROUTES, ...ADMIN_ROUTES], null);
    await expectMissing([...MODERATOR_ROUTES, ...ADMIN_ROUTES], 'made-up-token-0123456789abcdef');
  });

  it('for a member', () => expectMissing([...MODERATOR_ROUTES, ...ADMIN_ROUTES], member.token));

  it('for a moderator at the admin routes (and not at the queue)', async () => {
    await expectMissing(ADMIN_ROUTES, moderator.token);
    expect((await send('GET', '/api/moderation/reports', moderator.token, 'no body')).statusCode).toBe(200);
  });

  it('lets admins everywhere', async () => {
    for (const url of ['/api/moderation/reports', '/api/moderation/audit', '/api/moderation/members'])
      expect((await send('GET', url, admin.token, 'no body')).statusCode, url).toBe(200);
  });

  it('counts nothing against a member’s budget, and answers 404 (not 429) once the budget is spent', async () => {
    const spender = await setUpMember(t.app);
    const budget = RATE_LIMITS.apiPerMember.points;
    // All but one of the budget spent (recorded as the access hook counts calls).
    for (let i = 0; i < budget - 2; i += 1) await t.ctx.limiter.record(['apiPerMember', spender.user.id]);
    expect((await send('GET', '/api/verify', spender.token, 'no body')).statusCode).toBe(200);
    // Calls to moderation routes, like calls to missing ones, count nothing: the last call is still there.
    for (let i = 0; i < 3; i += 1) {
      expect((await send('GET', '/api/moderation/reports', spender.token, 'no body')).statusCode).toBe(404);
      expect((await send('GET', MISSING, spender.token, 'no body')).statusCode).toBe(404);
    }
    expect((await send('GET', '/api/verify', spender.token, 'no body')).statusCode).toBe(200);
    // Spent: a real route says 429, a missing one and a moderation route still 404, alike.
    expect((await send('GET', '/api/verify', spender.token, 'no body')).statusCode).toBe(429);
    await expectMissing(MODERATOR_ROUTES, spender.token);
  });
});
