import {
  LIMITS,
  MESSAGES,
  type SendVerificationCodeResponse,
  type sendVerificationCodeRequestSchema,
  type ValidateVerificationCodeResponse,
  type validateVerificationCodeRequestSchema,
} from '@corral/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toCurrentUser } from '../auth/auth.mapper.ts';
import { assertWrongTriesLeft, consumeSendLimits, recordWrongTry } from './phone.limits.ts';
import {
  claimPhoneCodeTry,
  consumePhoneCode,
  deleteExpiredPhoneCodes,
  hasKilledPhoneCode,
  numberHeldByAnotherMember,
  releaseNumberFromDeletedMembers,
  selectUser,
  setVerifiedPhoneNumber,
  upsertPhoneCode,
} from './phone.queries.ts';
import { newPhoneCode, phoneCodeHash, sameHash } from './phone-code.ts';
import { maskPhone } from './phone-log.ts';

export type SendCodeInput = z.output<typeof sendVerificationCodeRequestSchema>;
export type ValidateCodeInput = z.output<typeof validateVerificationCodeRequestSchema>;

/** What the phone services need from the request: its logger, and a way to work after the answer. */
export interface PhoneRequestMeta {
  log: FastifyBaseLogger;
  later(job: () => Promise<unknown>): void;
}

const P = MESSAGES.phone;

/**
 * POST /contacts/send-verification-code: a 6-digit code by SMS, bound to this member and this number. It
 * replaces this member's previous code for the number, never another member's: each member asking for a
 * number has a code, and wrong tries, of their own.
 */
export async function sendVerificationCode(
  ctx: AppContext,
  viewer: Viewer,
  input: SendCodeInput,
  meta: PhoneRequestMeta,
): Promise<SendVerificationCodeResponse> {
  assertOnboarded(viewer);
  const userId = viewer.user.id;
  const phone = input.original_phone; // E.164, normalised by the contract's schema
  await assertWrongTriesLeft(ctx, userId, phone, meta.log);
  // Counted before the ownership check, so probing which numbers are taken costs sends too.
  const resendAfter = await consumeSendLimits(ctx, userId, phone);
  if (await numberHeldByAnotherMember(ctx.db, phone, userId)) throw numberInUse();

  const code = newPhoneCode();
  const now = ctx.clock.now();
  await deleteExpiredPhoneCodes(ctx.db, userId, new Date(now));
  await upsertPhoneCode(ctx.db, {
    userId,
    phoneNumber: phone,
    codeHash: phoneCodeHash(ctx.config.authSecret, userId, phone, code),
    expiresAt: new Date(now + LIMITS.otpExpiresInSeconds * 1000),
    now: new Date(now),
  });
  // The SMS leaves after the answer, so the answer's timing does not depend on the SMS provider.
  const minutes = LIMITS.otpExpiresInSeconds / 60;
  meta.later(() =>
    ctx.sms.send({ to: phone, text: `Your Corral verification code is ${code}. It expires in ${minutes} minutes.` }),
  );
  meta.log.info({ event: 'phone.code_sent', user_id: userId, phone: maskPhone(phone) }, 'phone code sent');
  return { status: true, message: P.codeSent, phone, resend_after: resendAfter };
}

/**
 * POST /contacts/validate-verification-code. Only the member's own live code for this number is looked
 * at, so no answer tells anything about another member's code. Every refusal counts as one of the
 * member's wrong tries of the day and answers the same 'Invalid verification code.', whatever the reason
 * (a wrong code, an expired or used one, none at all, one that only another member has); only the member's
 * own code killed by 5 wrong tries answers 'Too many wrong codes', as a new code is then the only way on.
 * The number is saved in the transaction that consumes the code, so re-verifying one's own number works.
 */
export async function validateVerificationCode(
  ctx: AppContext,
  viewer: Viewer,
  input: ValidateCodeInput,
  meta: PhoneRequestMeta,
): Promise<ValidateVerificationCodeResponse> {
  assertOnboarded(viewer);
  const userId = viewer.user.id;
  const phone = input.original_phone;
  const { log } = meta;
  const refuse = async (reason: 'no_live_code' | 'wrong_code') => {
    await recordWrongTry(ctx, userId);
    log.info({ event: 'phone.code_failed', user_id: userId, phone: maskPhone(phone), reason }, 'phone code refused');
    return codeError(P.codeInvalid);
  };

  await assertWrongTriesLeft(ctx, userId, phone, log);
  if (await numberHeldByAnotherMember(ctx.db, phone, userId)) {
    // No code can win this number: the try counts, so probing which numbers are taken costs tries.
    await recordWrongTry(ctx, userId);
    throw numberInUse();
  }

  const now = new Date(ctx.clock.now());
  const codeHash = await claimPhoneCodeTry(ctx.db, userId, phone, now, LIMITS.otpAllowedAttempts);
  if (codeHash === undefined) {
    if (await hasKilledPhoneCode(ctx.db, userId, phone, now, LIMITS.otpAllowedAttempts)) {
      await recordWrongTry(ctx, userId);
      log.warn({ event: 'phone.locked', user_id: userId, phone: maskPhone(phone) }, 'phone code killed by wrong tries');
      throw codeError(P.tooManyAttempts);
    }
    throw await refuse('no_live_code');
  }
  if (!sameHash(phoneCodeHash(ctx.config.authSecret, userId, phone, input.code), codeHash)) {
    throw await refuse('wrong_code');
  }

  const user = await saveVerifiedNumber(ctx, userId, phone, codeHash, now);
  // A concurrent request with the same code consumed it first.
  if (!user) throw await refuse('no_live_code');
  log.info({ event: 'phone.verified', user_id: userId, phone: maskPhone(phone) }, 'phone number verified');
  return { data: { user: toCurrentUser(user, viewer.token) } };
}

/** Consumes the code and gives the member the number, in one transaction; undefined if the code was gone. */
async function saveVerifiedNumber(ctx: AppContext, userId: string, phone: string, codeHash: string, now: Date) {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await consumePhoneCode(tx, userId, phone, codeHash))) return undefined;
      await releaseNumberFromDeletedMembers(tx, phone);
      await setVerifiedPhoneNumber(tx, userId, phone, now);
      const user = await selectUser(tx, userId);
      if (!user) throw new Error('the member vanished during phone verification');
      return user;
    });
  } catch (error) {
    // Another member verified the same number a moment earlier: the unique index refused this one.
    if (isUniqueViolation(error)) throw numberInUse();
    throw error;
  }
}

function assertOnboarded(viewer: Viewer): void {
  if (!viewer.user.isOnboard) throw new AppError(403, MESSAGES.http.notOnboarded);
}

const codeError = (message: string) => new AppError(400, message, { code: [message] });
const numberInUse = () => new AppError(422, P.numberInUse, { original_phone: [P.numberInUse] });

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error || (e && typeof e === 'object'); e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
