import { FEEDBACK_MESSAGES } from '@corral/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setUpMember, signUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { feedback } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (app: TestApp['app'], token: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/feedback', headers: bearer(token), payload: payload as object });

const storedFor = (userId: string) => t.ctx.db.select().from(feedback).where(eq(feedback.userId, userId));

describe('POST /feedback', () => {
  it('stores what the member sent, trimmed, and answers a confirmation', async () => {
    const member = await setUpMember(t.app);
    const help = await send(t.app, member.token, { topic: 'help', message: '  How do I follow an event?  ' });
    expect(help.statusCode, help.body).toBe(200);
    expect(help.json()).toEqual({ status: true, message: FEEDBACK_MESSAGES.sent });
    const contact = await send(t.app, member.token, {
      topic: 'contact',
      message: 'Call me back',
      email: ' Reply@Example.com ',
      user_id: 'someone-else',
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const rows = await storedFor(member.user.id);
    expect(rows.map(({ topic, message, email, status }) => ({ topic, message, email, status }))).toEqual(
      expect.arrayContaining([
        { topic: 'help', message: 'How do I follow an event?', email: member.email.toLowerCase(), status: 'open' },
        { topic: 'contact', message: 'Call me back', email: 'reply@example.com', status: 'open' },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses a blank, missing or too long message, a bad topic or email, with clear messages and nothing stored', async () => {
    const member = await setUpMember(t.app);
    const cases: [unknown, string, string][] = [
      [{ topic: 'feedback', message: '   ' }, 'message', 'Value is required'],
      [{ topic: 'feedback' }, 'message', 'Value is required'],
      [{ topic: 'feedback', message: 'x'.repeat(2001) }, 'message', 'The maximum length allowed is 2000'],
      [{ topic: 'praise', message: 'Hi' }, 'topic', 'Please choose a topic.'],
      [{ message: 'Hi' }, 'topic', 'Please choose a topic.'],
      [{ topic: 'help', message: 'Hi', email: 'not-an-address' }, 'email', 'Value is not a valid email address'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(t.app, member.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await send(t.app, member.token, { topic: 'help', message: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect(await storedFor(member.user.id)).toHaveLength(1);
  });

  it('is for members who finished their setup only', async () => {
    const newcomer = await signUpMember(t.app);
    expect((await send(t.app, newcomer.token, { topic: 'help', message: 'Hi' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/feedback', payload: {} })).statusCode).toBe(401);
  });

  it('limits each member to 10 messages an hour', async () => {
    const clock = new ManualClock(Date.parse('2026-11-23T10:00:00Z'));
    const limited = await createTestApp({ clock, rateLimitScale: 1 });
    try {
      const member = await setUpMember(limited.app);
      for (let i = 0; i < 10; i += 1)
        expect((await send(limited.app, member.token, { topic: 'feedback', message: `Idea ${i}` })).statusCode).toBe(
          200,
        );
      const refused = await send(limited.app, member.token, { topic: 'feedback', message: 'One more' });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const rows = await limited.ctx.db.select().from(feedback).where(eq(feedback.userId, member.user.id));
      expect(rows).toHaveLength(10);
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      expect((await send(limited.app, member.token, { topic: 'feedback', message: 'Later' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
