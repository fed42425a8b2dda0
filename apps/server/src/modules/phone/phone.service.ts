import {
  MESSAGES,
  type SendVerificationCodeResponse,
  type sendVerificationCodeRequestSchema,
  type UserResponse,
  type validateVerificationCodeRequestSchema,
} from '@corral/contract';
import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { toCurrentUser } from '../auth/auth.mapper.ts';
import { assertWrongTriesLeft, consumeSendLimits, recordWrongTry } from './phone.limits.ts';
import {
  deleteCodeRequest,
  numberHeldByAnotherMember,
  releaseNumberFromDeletedMembers,
  selectCodeRequester,
  selectUser,
  setVerifiedPhoneNumber,
  upsertCodeRequest,
} from './phone.queries.ts';
import { maskPhone } from './phone-log.ts';

export type SendCodeInput = z.output<typeof sendVerificationCodeRequestSchema>;
export type ValidateCodeInput = z.output<typeof validateVerificationCodeRequestSchema>;

const P = MESSAGES.phone;

/** POST /contacts/send-verification-code: a 6-digit code by SMS, bound to this member and this number. */
export async function sendVerificationCode(
  ctx: AppContext,
  viewer: Viewer,
  input: SendCodeInput,
  log: FastifyBaseLogger,
): Promise<SendVerificationCodeResponse> {
  assertOnboarded(viewer);
  const userId = viewer.user.id;
  const phone = input.original_phone; // E.164, normalised by the contract's schema
  await assertWrongTriesLeft(ctx, userId, phone, log);
  // Counted before the ownership check, so probing which numbers are taken costs sends too.
  await consumeSendLimits(ctx, userId, phone);
  if (await numberHeldByAnotherMember(ctx.db, phone, userId)) throw numberInUse();
  await upsertCodeRequest(ctx.db, phone, userId, new Date(ctx.clock.now()));
  // better-auth stores the code (10 minutes, 5 tries) and hands the SMS to ctx.sms outside the request.
  await ctx.auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone } });
  log.info({ event: 'phone.code_sent', user_id: userId, phone: maskPhone(phone) }, 'phone code sent');
  return { status: true, message: P.codeSent, phone };
}

/**
 * POST /contacts/validate-verification-code. The code must be the live one for this number, asked for
 * by this member. better-auth checks and consumes it (5 wrong tries kill it); the member's number is
 * then saved here, in one transaction, so re-verifying one's own number works too (better-auth's
 * `updatePhoneNumber` refuses any number already held, the member's own included).
 */
export async function validateVerificationCode(
  ctx: AppContext,
  viewer: Viewer,
  input: ValidateCodeInput,
  log: FastifyBaseLogger,
): Promise<UserResponse> {
  assertOnboarded(viewer);
  const userId = viewer.user.id;
  const phone = input.original_phone;
  const failed = (reason: string) =>
    log.info({ event: 'phone.code_failed', user_id: userId, phone: maskPhone(phone), reason }, 'phone code refused');
  await assertWrongTriesLeft(ctx, userId, phone, log);
  if (await numberHeldByAnotherMember(ctx.db, phone, userId)) throw numberInUse();

  const requester = await selectCodeRequester(ctx.db, phone);
  if (!requester) {
    failed('no_code');
    throw codeError(P.codeExpired);
  }
  if (requester !== userId) {
    // Another member's code for this number: a wrong code as far as this member is concerned.
    await recordWrongTry(ctx, userId, phone);
    failed('other_member');
    throw codeError(P.codeInvalid);
  }

  try {
    await ctx.auth.api.consumePhoneNumberOTP({ body: { phoneNumber: phone, code: input.code } });
  } catch (error) {
    const code = isAPIError(error) ? String(error.body?.code) : undefined;
    if (code === 'INVALID_OTP') {
      await recordWrongTry(ctx, userId, phone);
      failed('wrong_code');
      throw codeError(P.codeInvalid);
    }
    if (code === 'OTP_EXPIRED' || code === 'OTP_NOT_FOUND') {
      failed('expired');
      throw codeError(P.codeExpired);
    }
    if (code === 'TOO_MANY_ATTEMPTS') {
      log.warn({ event: 'phone.locked', user_id: userId, phone: maskPhone(phone) }, 'phone code killed by wrong tries');
      throw codeError(P.tooManyAttempts);
    }
    throw error;
  }

  const user = await saveVerifiedNumber(ctx, userId, phone);
  log.info({ event: 'phone.verified', user_id: userId, phone: maskPhone(phone) }, 'phone number verified');
  return { user: toCurrentUser(user, viewer.token) };
}

async function saveVerifiedNumber(ctx: AppContext, userId: string, phone: string) {
  const now = new Date(ctx.clock.now());
  try {
    const user = await ctx.db.transaction(async (tx) => {
      await releaseNumberFromDeletedMembers(tx, phone);
      await setVerifiedPhoneNumber(tx, userId, phone, now);
      await deleteCodeRequest(tx, phone);
      return selectUser(tx, userId);
    });
    if (!user) throw new Error('the member vanished during phone verification');
    return user;
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
