import { LIMITS, MESSAGES, RATE_LIMITS } from '@corral/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onboardMember, signUpMember } from '../../../test/factories.ts';
import { sendCode, smsCode, validateCode, wrongCode } from '../../../test/phone-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../lib/clock.ts';

// The real limits of security.md (rateLimitScale 1), on a clock the tests move. Each test has its own
// server, so sign-ups (5 per 30 minutes per IP) and counters start fresh. Windows slide in tenths
// (lib/rate-limiter.ts): what passed in a tenth stops counting at the end of the eleventh tenth after it,
// so a minute's limit frees up 66 s after, an hour's 66 minutes after, a day's 26.4 hours after.
const SECOND = 1000;
const MINUTE_SLIDE = 66;
const HOUR_SLIDE = 66 * 60;
const DAY_SLIDE = 26.4 * 3600;
const P = MESSAGES.phone;
let t: TestApp;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 0, 1)); // on a boundary of every window
  t = await createTestApp({ rateLimitScale: 1, clock });
});
afterEach(() => t.close());

async function onboarded() {
  const member = await signUpMember(t.app);
  await onboardMember(t.app, member.token);
  return member;
}
const number = (line: number) => `+1406555${String(100 + line).padStart(4, '0')}`;

function expectLimited(response: LightMyRequestResponse, retryAfter: number, message: string) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(retryAfter));
  expect(response.json().message).toBe(message);
}
const tooMany = MESSAGES.http.tooManyRequests;

describe('codes sent', () => {
  it('allows 1 a minute and 5 an hour per number and per member', async () => {
    expect(RATE_LIMITS.phoneSendPerNumberMinute.points).toBe(1);
    expect(RATE_LIMITS.phoneSendPerMemberHour.points).toBe(5);
    const member = await onboarded();
    const other = await onboarded();
    // Each accepted send tells when the next one will be: the Resend button counts down to it.
    expect((await sendCode(t.app, member.token, number(1))).json().resend_after).toBe(MINUTE_SLIDE);
    clock.advance(20 * SECOND);
    expectLimited(await sendCode(t.app, member.token, number(1)), 46, tooMany(46));
    // Per member: another number waits too; per number: another member waits too.
    expectLimited(await sendCode(t.app, member.token, number(2)), 46, tooMany(46));
    expectLimited(await sendCode(t.app, other.token, number(1)), 46, tooMany(46));
    expect((await sendCode(t.app, other.token, number(3))).statusCode).toBe(200);

    clock.advance(46 * SECOND);
    let lastResendAfter = 0;
    for (let sent = 2; sent <= 5; sent++) {
      const accepted = await sendCode(t.app, member.token, number(1));
      expect(accepted.statusCode).toBe(200);
      lastResendAfter = accepted.json().resend_after;
      if (sent < 5) expect(lastResendAfter).toBe(MINUTE_SLIDE);
      clock.advance(MINUTE_SLIDE * SECOND);
    }
    const secondsLeft = HOUR_SLIDE - (clock.now() - Date.UTC(2026, 0, 1)) / SECOND;
    // The fifth of the hour said the hour's wait, not the minute's.
    expect(lastResendAfter).toBe(secondsLeft + MINUTE_SLIDE);
    expectLimited(await sendCode(t.app, member.token, number(1)), secondsLeft, tooMany(secondsLeft));
    expectLimited(await sendCode(t.app, member.token, number(4)), secondsLeft, tooMany(secondsLeft));
    clock.advance(secondsLeft * SECOND);
    expect((await sendCode(t.app, member.token, number(1))).statusCode).toBe(200);
    // Every accepted send went out; the refused ones did not.
    await smsCode(t.app, number(1), 6);
    expect((await t.ctx.outbox.list()).filter((m) => m.to === number(1))).toHaveLength(6);
  });

  it('allows 10 a day per member', async () => {
    const member = await onboarded();
    for (let batch = 0; batch < 2; batch++) {
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(t.app, member.token, number(batch * 5 + i))).statusCode).toBe(200);
        clock.advance(MINUTE_SLIDE * SECOND);
      }
      if (batch === 0) clock.advance((HOUR_SLIDE - 5 * MINUTE_SLIDE) * SECOND);
    }
    const elapsed = HOUR_SLIDE + 5 * MINUTE_SLIDE;
    expectLimited(await sendCode(t.app, member.token, number(11)), DAY_SLIDE - elapsed, tooMany(DAY_SLIDE - elapsed));
    clock.advance((DAY_SLIDE - elapsed) * SECOND);
    expect((await sendCode(t.app, member.token, number(11))).statusCode).toBe(200);
  });

  it('keeps a daily budget per country calling code', async () => {
    const member = await onboarded();
    const budget = RATE_LIMITS.phoneSendPerCountryDay.points;
    for (let i = 0; i < budget; i += 200) {
      await Promise.all(Array.from({ length: 200 }, () => t.ctx.limiter.record(['phoneSendPerCountryDay', '+44'])));
    }
    expectLimited(await sendCode(t.app, member.token, '+44 7911 123456'), DAY_SLIDE, tooMany(DAY_SLIDE));
    expect((await sendCode(t.app, member.token, number(1))).statusCode).toBe(200);
  });
});

describe('wrong codes', () => {
  it('allows 10 wrong codes a day per member, whatever the resends', async () => {
    const member = await onboarded();
    const phone = number(1);
    const tryWrong = async (nth: number, times: number) => {
      const code = await smsCode(t.app, phone, nth);
      for (let i = 0; i < times; i++) {
        expect((await validateCode(t.app, member.token, phone, wrongCode(code))).json().message).toBe(P.codeInvalid);
      }
      return code;
    };
    await sendCode(t.app, member.token, phone);
    await tryWrong(1, 5);
    clock.advance(MINUTE_SLIDE * SECOND);
    expect((await sendCode(t.app, member.token, phone)).statusCode).toBe(200);
    await tryWrong(2, 3);
    clock.advance(MINUTE_SLIDE * SECOND);
    expect((await sendCode(t.app, member.token, phone)).statusCode).toBe(200);
    const live = await tryWrong(3, 2);

    // Ten wrong codes: even the live code (2 wrong tries, so not killed) waits a day.
    const untilFree = DAY_SLIDE - 2 * MINUTE_SLIDE;
    expectLimited(await validateCode(t.app, member.token, phone, live), untilFree, P.tooManyAttempts);
    clock.advance(MINUTE_SLIDE * SECOND);
    expectLimited(await sendCode(t.app, member.token, number(2)), untilFree - MINUTE_SLIDE, P.tooManyAttempts);
    clock.advance((untilFree - MINUTE_SLIDE) * SECOND);
    expect((await sendCode(t.app, member.token, phone)).statusCode).toBe(200);
    expect((await validateCode(t.app, member.token, phone, await smsCode(t.app, phone, 4))).statusCode).toBe(200);
  });

  it('never lets another member’s wrong codes lock the number for its owner', async () => {
    const [first, second, prober, owner] = [await onboarded(), await onboarded(), await onboarded(), await onboarded()];
    const phone = number(1);
    // Two members kill a code of their own for the number; a third makes ten tries with no code at all.
    for (const [nth, member] of [first, second].entries()) {
      expect((await sendCode(t.app, member.token, phone)).statusCode).toBe(200);
      const code = await smsCode(t.app, phone, nth + 1);
      for (let i = 0; i < 5; i++) await validateCode(t.app, member.token, phone, wrongCode(code));
      clock.advance(MINUTE_SLIDE * SECOND);
    }
    for (let i = 0; i < 10; i++) {
      expect((await validateCode(t.app, prober.token, phone, '123456')).json().message).toBe(P.codeInvalid);
    }
    // Tries with no live code count: the prober is the one who waits a day.
    expectLimited(
      await validateCode(t.app, prober.token, phone, '123456'),
      DAY_SLIDE - 2 * MINUTE_SLIDE,
      P.tooManyAttempts,
    );

    expect((await sendCode(t.app, owner.token, phone)).statusCode).toBe(200);
    expect((await validateCode(t.app, owner.token, phone, await smsCode(t.app, phone, 3))).statusCode).toBe(200);
  });

  it('counts a try at another member’s code as the prober’s wrong code, never the asker’s', async () => {
    const [asker, prober] = [await onboarded(), await onboarded()];
    const phone = number(1);
    await sendCode(t.app, asker.token, phone);
    const code = await smsCode(t.app, phone);
    for (let i = 0; i < 10; i++) {
      expect((await validateCode(t.app, prober.token, phone, code)).json().message).toBe(P.codeInvalid);
    }
    expectLimited(await validateCode(t.app, prober.token, phone, code), DAY_SLIDE, P.tooManyAttempts);
    // The asker's code was neither spent nor locked.
    const verified = await validateCode(t.app, asker.token, phone, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user.verified).toBe(1);
  });

  it('never lets another member’s request replace a member’s pending code', async () => {
    const [asker, prober] = [await onboarded(), await onboarded()];
    const phone = number(1);
    await sendCode(t.app, asker.token, phone);
    const askerCode = await smsCode(t.app, phone);
    clock.advance(MINUTE_SLIDE * SECOND);
    expect((await sendCode(t.app, prober.token, phone)).statusCode).toBe(200);
    const proberCode = await smsCode(t.app, phone, 2);
    expect((await validateCode(t.app, asker.token, phone, askerCode)).statusCode).toBe(200);
    // Both codes were live; the number went to the asker, so the prober's code cannot take it.
    expect((await validateCode(t.app, prober.token, phone, proberCode)).statusCode).toBe(422);
  });

  it('answers every wrong code the same, and counts each one, live code or not', async () => {
    const start = clock.now();
    const [member, other] = [await onboarded(), await onboarded()];
    const refused = async (phone: string, code: string) => {
      const response = await validateCode(t.app, member.token, phone, code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: P.codeInvalid, errors: { code: [P.codeInvalid] } });
    };
    // A code lives 10 minutes: still good a second before, used up once it has served.
    await sendCode(t.app, member.token, number(1));
    const used = await smsCode(t.app, number(1));
    clock.advance((LIMITS.otpExpiresInSeconds - 1) * SECOND);
    expect((await validateCode(t.app, member.token, number(1), used)).statusCode).toBe(200);
    await refused(number(1), used);
    // Expired: the right code, ten minutes on.
    await sendCode(t.app, member.token, number(2));
    const expired = await smsCode(t.app, number(2));
    clock.advance(LIMITS.otpExpiresInSeconds * SECOND);
    await refused(number(2), expired);
    // Another member's live code, and a number never sent a code.
    await sendCode(t.app, other.token, number(3));
    await refused(number(3), await smsCode(t.app, number(3)));
    for (let i = 0; i < 6; i++) await refused(number(4), '123456');
    // A wrong code for a live code of the member's own: the tenth wrong try of the day.
    clock.advance(MINUTE_SLIDE * SECOND);
    await sendCode(t.app, member.token, number(5));
    await refused(number(5), wrongCode(await smsCode(t.app, number(5))));

    const untilFree = DAY_SLIDE - (clock.now() - start) / SECOND;
    expectLimited(await validateCode(t.app, member.token, number(4), '123456'), untilFree, P.tooManyAttempts);
  });
});
