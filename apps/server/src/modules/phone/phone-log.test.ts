import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardMember, signUpMember } from '../../../test/factories.ts';
import { sendCode, smsCode, validateCode, wrongCode } from '../../../test/phone-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { maskPhone } from './phone-log.ts';

// The log lines themselves: this server logs into `lines`.
const lines: Record<string, unknown>[] = [];
let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ logSink: lines });
  app = t.app;
});
afterAll(() => t.close());

describe('phone security events', () => {
  it('masks every digit of the number but the last two', () => {
    expect(maskPhone('+14065550167')).toBe('+*********67');
  });

  it('logs code sent, failed, locked and verified without the code or the full number', async () => {
    const member = await signUpMember(app);
    await onboardMember(app, member.token);
    const phone = '+14065550167';
    await sendCode(app, member.token, phone);
    const code = await smsCode(app, phone);
    for (let i = 0; i < 5; i++) await validateCode(app, member.token, phone, wrongCode(code));
    await validateCode(app, member.token, phone, code); // killed by the wrong tries
    await sendCode(app, member.token, phone);
    await validateCode(app, member.token, phone, await smsCode(app, phone, 2));

    const events = lines.filter((line) => typeof line.event === 'string' && String(line.event).startsWith('phone.'));
    expect(events.map((line) => line.event)).toEqual([
      'phone.code_sent',
      ...Array(5).fill('phone.code_failed'),
      'phone.locked',
      'phone.code_sent',
      'phone.verified',
    ]);
    for (const line of events) expect(line).toMatchObject({ user_id: member.user.id, phone: '+*********67' });
    const texts = lines.flatMap(stringsIn);
    for (const secret of ['4065550167', code, member.token]) {
      expect(texts.filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});

describe('refused tries', () => {
  it('logs a try at another member’s code, or at no code, without the code or the full number', async () => {
    const [asker, prober] = [await signUpMember(app), await signUpMember(app)];
    await onboardMember(app, asker.token);
    await onboardMember(app, prober.token);
    const phone = '+14065550168';
    await sendCode(app, asker.token, phone);
    const code = await smsCode(app, phone);
    const from = lines.length;
    await validateCode(app, prober.token, phone, code);
    await validateCode(app, prober.token, '+14065550169', code);

    const events = lines.slice(from).filter((line) => String(line.event).startsWith('phone.'));
    expect(events).toEqual([
      expect.objectContaining({ event: 'phone.code_failed', user_id: prober.user.id, phone: '+*********68' }),
      expect.objectContaining({ event: 'phone.code_failed', user_id: prober.user.id, phone: '+*********69' }),
    ]);
    const texts = lines.flatMap(stringsIn);
    for (const secret of ['4065550168', '4065550169', code]) {
      expect(texts.filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});

/** Every string anywhere in a log line (numbers such as the time may hold any digits, strings may not). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
