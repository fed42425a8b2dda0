import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpMember } from '../../../test/factories.ts';
import { resetTokenOf, waitForMessage } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { maskEmail } from './auth-log.ts';

// The log lines themselves: this server logs into `lines`.
const lines: Record<string, unknown>[] = [];
let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ logSink: lines });
  app = t.app;
});
afterAll(() => t.close());

describe('security events', () => {
  it('logs one line per event, with no password, token or full email', async () => {
    const member = await signUpMember(app);
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password } });
    await login('Wrong#2026');
    const token = (await login(member.password)).json().user.api_token as string;
    await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: member.email } });
    const resetToken = resetTokenOf(await waitForMessage(app.ctx, member.email));
    await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: resetToken, password: 'Spurs&2027' },
    });
    const fresh = (await login('Spurs&2027')).json().user.api_token as string;
    await app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(fresh) });

    const events = lines.filter((line) => typeof line.event === 'string');
    const userId = member.user.id;
    expect(events.map((line) => line.event)).toEqual([
      'signup',
      'login.failure',
      'login.success',
      'logout',
      'password_reset.requested',
      'password_reset.completed',
      'login.success',
      'account.deleted',
    ]);
    expect(events.find((line) => line.event === 'login.failure')).toMatchObject({ email: maskEmail(member.email) });
    expect(events.find((line) => line.event === 'account.deleted')).toMatchObject({ user_id: userId });

    const everything = JSON.stringify(lines);
    for (const secret of [member.password, 'Spurs&2027', 'Wrong#2026', member.token, token, fresh, resetToken]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain(member.email);
  });
});
