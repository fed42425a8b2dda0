import { ACCOUNT_MESSAGES, type changePasswordRequestSchema, MESSAGES, type OkResponse } from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { passwordChangedEmail } from './account-settings.emails.ts';
import { deleteOtherSessions, selectPasswordAccount, updatePasswordHash } from './account-settings.queries.ts';
import { deleteResetTokensOf } from './auth.queries.ts';
import type { RequestMeta } from './auth-log.ts';
import { isCommonPassword } from './password-policy.ts';

export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

/**
 * The member's password account when `password` is theirs, else null: better-auth's scrypt verification, and a
 * password no account could hold (12 is the policy's most) is wrong without hashing it. Callers apply their
 * own limits around it (the settings' wrong tries here, two-factor's twoFactorPerMember).
 */
export async function ownPasswordAccount(
  ctx: AppContext,
  userId: string,
  password: string,
): Promise<{ id: string } | null> {
  const account = await selectPasswordAccount(ctx.db, userId);
  if (account?.hash == null || password.length > 128) return null;
  const auth = await ctx.auth.$context;
  return (await auth.password.verify({ hash: account.hash, password })) ? { id: account.id } : null;
}

/**
 * The member's password account, once the password typed is proved right. Wrong tries count against the
 * member (passwordWrongPerMemberHour, ADR 033): a stolen session guesses no faster than a login would. The
 * check is better-auth's scrypt verification; `field` names the form field a wrong password is shown under.
 */
export async function assertOwnPassword(
  ctx: AppContext,
  viewer: Viewer,
  password: string,
  field: string,
  meta: RequestMeta,
): Promise<{ id: string }> {
  const key = ['passwordWrongPerMemberHour', viewer.user.id] as const;
  await ctx.limiter.assertAvailable(key);
  const account = await ownPasswordAccount(ctx, viewer.user.id, password);
  if (!account) {
    await ctx.limiter.record(key);
    meta.log.info({ event: 'account.password_check_failed', user_id: viewer.user.id }, 'wrong current password');
    throw new AppError(422, ACCOUNT_MESSAGES.wrongPassword, { [field]: [ACCOUNT_MESSAGES.wrongPassword] });
  }
  return account;
}

/**
 * POST /me/password. The current password proved, the new one under sign-up's rules, then in one transaction
 * the new hash, every other session of the member ended and their unused reset links dropped; the caller's
 * session stays. better-auth's changePassword would end the caller's session too (it makes a new one), so the
 * hashing is better-auth's and the transaction ours. The member is emailed after the answer.
 */
export async function changePassword(
  ctx: AppContext,
  viewer: Viewer,
  input: ChangePasswordInput,
  meta: RequestMeta,
): Promise<OkResponse> {
  const account = await assertOwnPassword(ctx, viewer, input.current_password, 'current_password', meta);
  const refuse = (message: string) => new AppError(422, message, { new_password: [message] });
  if (input.new_password === input.current_password) throw refuse(ACCOUNT_MESSAGES.samePassword);
  if (isCommonPassword(input.new_password)) throw refuse(MESSAGES.signUp.weakPassword);

  const hash = await (await ctx.auth.$context).password.hash(input.new_password);
  const now = new Date(ctx.clock.now());
  const userId = viewer.user.id;
  const ended = await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, account.id, hash, now);
    await deleteResetTokensOf(tx, userId);
    return deleteOtherSessions(tx, userId, viewer.sessionId);
  });
  meta.log.info({ event: 'account.password_changed', user_id: userId, sessions_ended: ended }, 'password changed');
  const { email, firstName, name } = viewer.user;
  meta.later(() => ctx.mailer.send(passwordChangedEmail(ctx.config.publicUrl, email, firstName || name)));
  return { status: true, message: ACCOUNT_MESSAGES.passwordChanged };
}
