import {
  TWO_FACTOR_MESSAGES as M,
  type OkResponse,
  type RecoveryCodesResponse,
  type TwoFactorPasswordRequest,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
  type twoFactorVerifyRequestSchema,
} from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RequestMeta } from './auth-log.ts';
import { ownPasswordAccount } from './password-change.service.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  recoveryCodeHash,
  sealSecret,
} from './totp.ts';
import {
  countRecoveryCodes,
  deleteTwoFactor,
  markEnabled,
  replaceRecoveryCodes,
  selectTwoFactor,
  upsertPendingSecret,
} from './two-factor.queries.ts';

/*
 * The member's own two-factor settings (docs/decisions/034-two-factor.md): start (password), prove with a code
 * (then it is on and the recovery codes are shown once), turn off (password), new recovery codes (password).
 * Each call counts against twoFactorPerMember, so a session left open cannot be used to guess the password.
 */

/** GET /me/two-factor. */
export async function twoFactorStatus(ctx: AppContext, viewer: Viewer): Promise<TwoFactorStatusResponse> {
  const setup = await selectTwoFactor(ctx.db, viewer.user.id);
  const enabledAt = setup?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabled_at: enabledAt?.toISOString() ?? null,
    recovery_codes_left: enabledAt ? await countRecoveryCodes(ctx.db, viewer.user.id) : 0,
  };
}

/** POST /me/two-factor: a new secret for the app; nothing changes for sign-in until a code proves it. */
export async function startTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  input: TwoFactorPasswordRequest,
  meta: RequestMeta,
): Promise<TwoFactorSetupResponse> {
  await checkPassword(ctx, viewer, input.password);
  const userId = viewer.user.id;
  if ((await selectTwoFactor(ctx.db, userId))?.enabledAt) throw new AppError(409, M.alreadyOn);
  const secret = newTotpSecret();
  await upsertPendingSecret(ctx.db, userId, sealSecret(ctx.config.authSecret, secret), new Date(ctx.clock.now()));
  meta.log.info({ event: 'two_factor.setup_started', user_id: userId }, 'two-factor setup started');
  return { secret, otpauth_uri: otpauthUri(secret, viewer.user.email) };
}

/** POST /me/two-factor/verify: a right code turns two-factor on; the ten recovery codes are shown this once. */
export async function verifyTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof twoFactorVerifyRequestSchema>,
  meta: RequestMeta,
): Promise<RecoveryCodesResponse> {
  const userId = viewer.user.id;
  await ctx.limiter.consume(['twoFactorPerMember', userId]);
  const setup = await selectTwoFactor(ctx.db, userId);
  if (setup?.enabledAt) throw new AppError(409, M.alreadyOn);
  if (!setup) throw new AppError(422, M.noSetup);
  const now = ctx.clock.now();
  const step = matchingStep(openSecret(ctx.config.authSecret, setup.secret), input.code, now);
  if (step === null) throw new AppError(422, M.codeInvalid, { code: [M.codeInvalid] });
  const codes = newRecoveryCodes();
  const on = await ctx.db.transaction(async (tx) => {
    if (!(await markEnabled(tx, userId, step, new Date(now)))) return false;
    await replaceRecoveryCodes(tx, userId, hashesOf(ctx, userId, codes), new Date(now));
    return true;
  });
  if (!on) throw new AppError(409, M.alreadyOn);
  meta.log.info({ event: 'two_factor.enabled', user_id: userId }, 'two-factor sign-in turned on');
  meta.later(() => ctx.mailer.send(notice(ctx, viewer, 'on')));
  return { status: true, message: M.enabled, recovery_codes: codes };
}

/** DELETE /me/two-factor: off, with its secret, recovery codes, challenges and remembered devices. */
export async function disableTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  input: TwoFactorPasswordRequest,
  meta: RequestMeta,
): Promise<OkResponse> {
  await checkPassword(ctx, viewer, input.password);
  const userId = viewer.user.id;
  const setup = await selectTwoFactor(ctx.db, userId);
  if (!setup) throw new AppError(409, M.notOn);
  await ctx.db.transaction((tx) => deleteTwoFactor(tx, userId));
  if (setup.enabledAt) {
    meta.log.info({ event: 'two_factor.disabled', user_id: userId }, 'two-factor sign-in turned off');
    meta.later(() => ctx.mailer.send(notice(ctx, viewer, 'off')));
  }
  return { status: true, message: M.disabled };
}

/** POST /me/two-factor/recovery-codes: ten new codes; the old ones stop working at once. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  viewer: Viewer,
  input: TwoFactorPasswordRequest,
  meta: RequestMeta,
): Promise<RecoveryCodesResponse> {
  await checkPassword(ctx, viewer, input.password);
  const userId = viewer.user.id;
  if (!(await selectTwoFactor(ctx.db, userId))?.enabledAt) throw new AppError(409, M.notOn);
  const codes = newRecoveryCodes();
  await ctx.db.transaction((tx) =>
    replaceRecoveryCodes(tx, userId, hashesOf(ctx, userId, codes), new Date(ctx.clock.now())),
  );
  meta.log.info({ event: 'two_factor.recovery_codes', user_id: userId }, 'new recovery codes');
  meta.later(() => ctx.mailer.send(notice(ctx, viewer, 'codes')));
  return { status: true, message: M.codesRegenerated, recovery_codes: codes };
}

/** The member's password, asked again (counted: twoFactorPerMember); wrong is a 422 on the field. */
async function checkPassword(ctx: AppContext, viewer: Viewer, password: string): Promise<void> {
  await ctx.limiter.consume(['twoFactorPerMember', viewer.user.id]);
  if (!(await ownPasswordAccount(ctx, viewer.user.id, password))) {
    throw new AppError(422, M.wrongPassword, { password: [M.wrongPassword] });
  }
}

const hashesOf = (ctx: AppContext, userId: string, codes: string[]) =>
  codes.map((code) => recoveryCodeHash(ctx.config.authSecret, userId, code));

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The email that tells the member their second factor changed, with what to do if it was not them. */
function notice(ctx: AppContext, viewer: Viewer, what: 'on' | 'off' | 'codes') {
  const when = `${WHEN.format(new Date(ctx.clock.now()))} UTC`;
  const subject = {
    on: 'Two-factor sign-in is on for your Corral account',
    off: 'Two-factor sign-in is off for your Corral account',
    codes: 'New recovery codes for your Corral account',
  }[what];
  const happened = {
    on: `Two-factor sign-in was turned on for your Corral account on ${when}. From now on, signing in asks for a code from your authenticator app after your password.`,
    off: `Two-factor sign-in was turned off for your Corral account on ${when}. Signing in now asks for your password only.`,
    codes: `New recovery codes were made for your Corral account on ${when}. The earlier ones no longer work.`,
  }[what];
  return {
    to: viewer.user.email,
    subject,
    text: [
      `Hello ${viewer.user.firstName || viewer.user.name},`,
      '',
      happened,
      '',
      `If it was not you, reset your password now at ${ctx.config.publicUrl}/forgot-password and turn two-factor sign-in on again from your account settings.`,
    ].join('\n'),
  };
}
