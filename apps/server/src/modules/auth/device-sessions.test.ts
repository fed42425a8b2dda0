import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES, type AccountSession } from '@corral/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sessions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

async function loginFrom(member: { email: string; password: string }, ua: string, ip: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'user-agent': ua },
    payload: { email: member.email, password: member.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().user.api_token;
}
const list = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().sessions as AccountSession[];
};
const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/verify', headers: bearer(token) });
const signOut = (token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${encodeURIComponent(id)}`, headers: bearer(token) });
const sessionCount = async (userId: string) =>
  (await t.ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n;

describe('GET /api/me/sessions', () => {
  it('lists the devices with browser, system and network, the current one first, and never a token', async () => {
    const member = await signUpMember(t.app);
    const phone = await loginFrom(member, IPHONE, '203.0.113.77');
    const laptop = await loginFrom(member, FIREFOX, '2001:db8:1234:5678::9');
    const response = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(laptop) });
    expect(response.body).not.toContain(phone);
    expect(response.body).not.toContain(laptop);
    expect(response.body).not.toContain('203.0.113.77');
    const listed = response.json().sessions as AccountSession[];
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({
      browser: 'Firefox 128',
      os: 'Linux',
      place: '2001:db8:1234::/48 network',
      current: true,
    });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed).toContainEqual(
      expect.objectContaining({ browser: 'Safari 17', os: 'iOS 17.1', place: '203.0.113.x network', current: false }),
    );
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual([
        'browser',
        'created_at',
        'current',
        'id',
        'last_used_at',
        'os',
        'place',
      ]);
      expect(Number.isNaN(Date.parse(session.last_used_at))).toBe(false);
    }
  });
});

describe('DELETE /api/me/sessions/{id}', () => {
  it("signs out one of the member's own devices, and only that one", async () => {
    const member = await signUpMember(t.app);
    const phone = await loginFrom(member, IPHONE, '198.51.100.4');
    const phoneSession = (await list(phone)).find((s) => s.current);
    if (!phoneSession) throw new Error('no current session');
    const response = await signOut(member.token, phoneSession.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: ACCOUNT_MESSAGES.sessionSignedOut });
    expect((await verify(phone)).statusCode).toBe(401);
    expect((await verify(member.token)).statusCode).toBe(200);
    expect((await signOut(member.token, phoneSession.id)).statusCode).toBe(404);
  });

  it("answers 404 for another member's session, a made-up id or a hostile one, and ends nothing", async () => {
    const member = await signUpMember(t.app);
    const stranger = await signUpMember(t.app);
    const theirs = (await list(stranger.token))[0];
    if (!theirs) throw new Error('no session');
    const missing = await signOut(member.token, randomUUID());
    const foreign = await signOut(member.token, theirs.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await verify(stranger.token)).statusCode).toBe(200);
    for (const id of ["' or 1=1 --", 'x'.repeat(65), '%00', '\u0000']) {
      const response = await signOut(member.token, id);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await sessionCount(stranger.user.id)).toBe(1);
    expect(await sessionCount(member.user.id)).toBe(1);
  });
});

describe('DELETE /api/me/sessions', () => {
  it("signs out every other device and keeps the caller's", async () => {
    const member = await signUpMember(t.app);
    const stranger = await signUpMember(t.app);
    const others = [await loginFrom(member, IPHONE, '10.0.0.2'), await loginFrom(member, FIREFOX, '10.0.0.3')];
    const response = await t.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: bearer(member.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: ACCOUNT_MESSAGES.otherSessionsSignedOut(2), count: 2 });
    for (const token of others) expect((await verify(token)).statusCode).toBe(401);
    expect((await verify(member.token)).statusCode).toBe(200);
    expect((await verify(stranger.token)).statusCode).toBe(200);
    expect(await list(member.token)).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
  });
});
