import {
  type forgotPasswordRequestSchema,
  MESSAGES,
  type OkResponse,
  type resetPasswordRequestSchema,
} from '@corral/contract';
import { isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { selectResetTokenUserId } from './auth.queries.ts';
import { findUserByEmail, liveUser } from './auth.service.ts';
import { emailKey, maskEmail, type RequestMeta } from './auth-log.ts';
import { assertPasswordAllowed } from './password-policy.ts';

export type ForgotPasswordInput = z.output<typeof forgotPasswordRequestSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

/**
 * POST /forgot-password. The same answer whether or not the address belongs to a member, in the same
 * time: after the rate limits, everything (the member lookup, the token, the email) happens once the
 * answer has been sent. Deleted members get no mail.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: ForgotPasswordInput,
  meta: RequestMeta,
): Promise<OkResponse> {
  await ctx.limiter.consume(
    ['forgotPerIpMinute', meta.ip],
    ['forgotPerIpHour', meta.ip],
    ['forgotPerEmail', emailKey(input.email)],
  );
  meta.later(async () => {
    const member = await findUserByEmail(ctx, input.email);
    if (!member?.deletedAt) {
      await ctx.auth.api.requestPasswordReset({ body: { email: input.email }, headers: meta.headers });
    }
    meta.log.info(
      { event: 'password_reset.requested', email: maskEmail(input.email), user_id: member?.id },
      'password reset requested',
    );
  });
  return { status: true, message: MESSAGES.forgotPassword.success };
}

/**
 * POST /reset-password. The token is single use and lives one hour; better-auth consumes it and
 * revokes every session of the member in one transaction (revokeSessionsOnPasswordReset).
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordInput,
  meta: RequestMeta,
): Promise<OkResponse> {
  const invalid = () => new AppError(400, MESSAGES.resetPassword.invalidToken);
  // Asked first so that a dead link says so before any remark on the new password. On the server's clock,
  // like every rule; better-auth checks the expiry again on the system's, which is that clock outside tests.
  const userId = await selectResetTokenUserId(ctx.db, input.token, new Date(ctx.clock.now()));
  if (!userId || !(await liveUser(ctx, userId))) throw invalid();
  assertPasswordAllowed(input.password);
  try {
    await ctx.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: meta.headers,
    });
  } catch (error) {
    // Used by a concurrent request in the meantime, or expired: the same answer as a bad link.
    if (isAPIError(error) && error.statusCode < 500) throw invalid();
    throw error;
  }
  meta.log.info({ event: 'password_reset.completed', user_id: userId }, 'password reset completed');
  return { status: true, message: MESSAGES.resetPassword.success };
}
