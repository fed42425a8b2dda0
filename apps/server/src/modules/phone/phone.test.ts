import { LIMITS, MESSAGES } from '@corral/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, onboardMember, signUpMember } from '../../../test/factories.ts';
import { sendCode, smsCode, validateCode, wrongCode } from '../../../test/phone-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { phoneCodes, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';

const P = MESSAGES.phone;
let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let numberSequence = 10;
/** A fresh fictional number, as a member would type it, and its E.164 form. */
function freshNumber() {
  numberSequence += 1;
  const line = `01${String(numberSequence).padStart(2, '0')}`;
  return { typed: `(307) 555-${line}`, e164: `+1307555${line}` };
}

async function onboarded() {
  const member = await signUpMember(t.app);
  await onboardMember(t.app, member.token);
  return member;
}

const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
const codeRows = (userId: string, e164: string) =>
  t.ctx.db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.userId, userId), eq(phoneCodes.phoneNumber, e164)));

describe('phone verification', () => {
  it('sends a 6-digit code by SMS and verifies the number with it', async () => {
    const member = await onboarded();
    const { typed, e164 } = freshNumber();
    const sent = await sendCode(t.app, member.token, typed);
    expect(sent.statusCode).toBe(200);
    // Limits are scaled up in this file: nothing stands between this code and the next.
    expect(sent.json()).toEqual({ status: true, message: P.codeSent, phone: e164, resend_after: 0 });
    const code = await smsCode(t.app, e164);
    expect(code).toMatch(/^\d{6}$/);
    // The database keeps a hash of the code, never the code.
    const [stored] = await codeRows(member.user.id, e164);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const response = await validateCode(t.app, member.token, typed, code);
    expect(response.statusCode).toBe(200);
    // The spec's table: the answer is read as data.user.
    expect(Object.keys(response.json())).toEqual(['data']);
    expect(response.json().data.user).toMatchObject({ id: member.user.id, verified: 1, is_onboard: 1 });
    expect(response.json().data.user.api_token).toBe(member.token);
    expect(await userRow(member.user.id)).toMatchObject({ phoneNumber: e164, phoneNumberVerified: true });
    expect(await codeRows(member.user.id, e164)).toEqual([]);
    // Single use: the same code again finds nothing to check.
    expect((await validateCode(t.app, member.token, e164, code)).json().message).toBe(P.codeInvalid);
    const verify = await t.app.inject({ url: '/api/verify', headers: bearer(member.token) });
    expect(verify.json().user.verified).toBe(1);
  });

  it('answers a wrong code with the spec message, and the right code still works', async () => {
    const member = await onboarded();
    const { e164 } = freshNumber();
    await sendCode(t.app, member.token, e164);
    const code = await smsCode(t.app, e164);
    const wrong = await validateCode(t.app, member.token, e164, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: P.codeInvalid, errors: { code: [P.codeInvalid] } });
    expect((await userRow(member.user.id))?.phoneNumberVerified).toBe(false);
    expect((await validateCode(t.app, member.token, e164, code)).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries; a new code works', async () => {
    const member = await onboarded();
    const { e164 } = freshNumber();
    await sendCode(t.app, member.token, e164);
    const code = await smsCode(t.app, e164);
    for (let i = 0; i < 5; i++) {
      expect((await validateCode(t.app, member.token, e164, wrongCode(code))).json().message).toBe(P.codeInvalid);
    }
    const killed = await validateCode(t.app, member.token, e164, code);
    expect(killed.statusCode).toBe(400);
    expect(killed.json().message).toBe(P.tooManyAttempts);
    // The code stays dead until a new one replaces it or it expires.
    expect((await validateCode(t.app, member.token, e164, code)).json().message).toBe(P.tooManyAttempts);
    expect((await userRow(member.user.id))?.phoneNumberVerified).toBe(false);

    await sendCode(t.app, member.token, e164);
    const fresh = await smsCode(t.app, e164, 2);
    expect((await validateCode(t.app, member.token, e164, fresh)).statusCode).toBe(200);
  });

  it('binds a code to the member who asked for it', async () => {
    const asker = await onboarded();
    const other = await onboarded();
    const { e164 } = freshNumber();
    await sendCode(t.app, asker.token, e164);
    const code = await smsCode(t.app, e164);
    const stolen = await validateCode(t.app, other.token, e164, code);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(P.codeInvalid);
    expect((await userRow(other.user.id))?.phoneNumberVerified).toBe(false);
    // The attempt did not spend the asker's code.
    expect((await validateCode(t.app, asker.token, e164, code)).statusCode).toBe(200);
  });

  it('never lets concurrent wrong tries look at a code more than 5 times', async () => {
    const member = await onboarded();
    const { e164 } = freshNumber();
    await sendCode(t.app, member.token, e164);
    const code = await smsCode(t.app, e164);
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => validateCode(t.app, member.token, e164, wrongCode(code))),
    );
    expect(tries.map((response) => response.statusCode)).toEqual(Array(8).fill(400));
    expect((await codeRows(member.user.id, e164))[0]?.attempts).toBe(LIMITS.otpAllowedAttempts);
    expect((await validateCode(t.app, member.token, e164, code)).json().message).toBe(P.tooManyAttempts);
    expect((await userRow(member.user.id))?.phoneNumberVerified).toBe(false);
  });

  it('keeps a code 10 minutes, then answers it as any wrong code', async () => {
    const member = await onboarded();
    const { e164 } = freshNumber();
    await sendCode(t.app, member.token, e164);
    const code = await smsCode(t.app, e164);
    clock.advance(LIMITS.otpExpiresInSeconds * 1000);
    const response = await validateCode(t.app, member.token, e164, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: P.codeInvalid, errors: { code: [P.codeInvalid] } });
    expect((await userRow(member.user.id))?.phoneNumberVerified).toBe(false);
  });

  it('answers a code for a number that was never sent one as any wrong code', async () => {
    const member = await onboarded();
    const response = await validateCode(t.app, member.token, freshNumber().e164, '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: P.codeInvalid, errors: { code: [P.codeInvalid] } });
  });

  it('keeps each member’s code for a number apart from another’s', async () => {
    const [first, second] = [await onboarded(), await onboarded()];
    const { e164 } = freshNumber();
    await sendCode(t.app, first.token, e164);
    const firstCode = await smsCode(t.app, e164);
    expect((await sendCode(t.app, second.token, e164)).statusCode).toBe(200);
    const secondCode = await smsCode(t.app, e164, 2);
    // The second member's wrong tries kill the second member's code only.
    for (let i = 0; i < 5; i++) await validateCode(t.app, second.token, e164, wrongCode(secondCode));
    expect((await codeRows(first.user.id, e164))[0]?.attempts).toBe(0);
    expect((await validateCode(t.app, first.token, e164, firstCode)).statusCode).toBe(200);
  });

  it('refuses a number another member has verified, and lets a member verify their own number again', async () => {
    const owner = await onboarded();
    const other = await onboarded();
    const { typed, e164 } = freshNumber();
    await sendCode(t.app, owner.token, typed);
    await validateCode(t.app, owner.token, e164, await smsCode(t.app, e164));

    for (const response of [
      await sendCode(t.app, other.token, typed),
      await validateCode(t.app, other.token, e164, '123456'),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: P.numberInUse, errors: { original_phone: [P.numberInUse] } });
    }

    expect((await sendCode(t.app, owner.token, e164)).statusCode).toBe(200);
    const again = await validateCode(t.app, owner.token, e164, await smsCode(t.app, e164, 2));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.verified).toBe(1);
    expect(await userRow(owner.user.id)).toMatchObject({ phoneNumber: e164, phoneNumberVerified: true });
  });

  it('moves a member to a new number', async () => {
    const member = await onboarded();
    const first = freshNumber();
    const second = freshNumber();
    await sendCode(t.app, member.token, first.e164);
    await validateCode(t.app, member.token, first.e164, await smsCode(t.app, first.e164));
    await sendCode(t.app, member.token, second.e164);
    expect((await validateCode(t.app, member.token, second.e164, await smsCode(t.app, second.e164))).statusCode).toBe(
      200,
    );
    expect((await userRow(member.user.id))?.phoneNumber).toBe(second.e164);
  });

  it('lets a live member take the number of a deleted account', async () => {
    const leaving = await onboarded();
    const { e164 } = freshNumber();
    await sendCode(t.app, leaving.token, e164);
    await validateCode(t.app, leaving.token, e164, await smsCode(t.app, e164));
    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(leaving.token) });

    const newcomer = await onboarded();
    expect((await sendCode(t.app, newcomer.token, e164)).statusCode).toBe(200);
    expect((await validateCode(t.app, newcomer.token, e164, await smsCode(t.app, e164, 2))).statusCode).toBe(200);
    expect((await userRow(leaving.user.id))?.phoneNumber).toBeNull();
  });

  it('refuses a member who has not onboarded with 403, and no token with 401', async () => {
    const member = await signUpMember(t.app);
    const { e164 } = freshNumber();
    for (const response of [
      await sendCode(t.app, member.token, e164),
      await validateCode(t.app, member.token, e164, '123456'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.http.notOnboarded });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/send-verification-code',
      payload: { original_phone: e164 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.ctx.outbox.list()).filter((m) => m.to === e164)).toEqual([]);
  });

  it('refuses what is not a phone number or not a code with the spec messages', async () => {
    const member = await onboarded();
    const bad = await sendCode(t.app, member.token, '12');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: P.phoneInvalid, errors: { original_phone: [P.phoneInvalid] } });
    expect((await sendCode(t.app, member.token, '')).json().message).toBe(P.phoneRequired);
    const shortCode = await validateCode(t.app, member.token, freshNumber().e164, '12345');
    expect(shortCode.statusCode).toBe(422);
    expect(shortCode.json().errors.code).toEqual([P.codeInvalid]);
  });
});
