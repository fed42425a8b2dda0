import { randomBytes } from 'node:crypto';
import {
  type LoginTwoFactorResponse,
  type loginRequestSchema,
  type loginTwoFactorRequestSchema,
  MESSAGES,
  type OAuthProvider,
  type SignedInResponse,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type TwoFactorRequiredResponse,
} from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/hashed-key.ts';
import type { LimitKey } from '../../lib/rate-limiter.ts';
import { readToken, signToken, TOKEN_PURPOSES } from '../../lib/signed-token.ts';
import { toCurrentUser } from './auth.mapper.ts';
import { selectLiveUser } from './auth.queries.ts';
import { emailKey, maskEmail, type RequestMeta } from './auth-log.ts';
import { issueDeviceToken } from './device-token.ts';
import { insertOneTime, insertProviderAccount, takeOneTime } from './oauth.queries.ts';
import { suspended } from './suspension.ts';
import { deviceFingerprint, matchingStep, openSecret, recoveryCodeHash } from './totp.ts';
import {
  addWrongTry,
  type ChallengeRow,
  consumeChallenge,
  countRecoveryCodes,
  insertChallenge,
  selectLiveChallenge,
  selectPasswordHash,
  selectTwoFactor,
  selectTwoFactorLogin,
  useRecoveryCode,
  useStep,
} from './two-factor.queries.ts';

type LoginInput = z.output<typeof loginRequestSchema>;
type CodeStepInput = z.output<typeof loginTwoFactorRequestSchema>;

/** Where a login's tries count (ADR 003): a valid device token's own key, else the account's. */
export interface LoginKeys {
  account: string;
  device: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const invalidCredential = () => new AppError(401, MESSAGES.login.invalidCredential);

/**
 * The password step of POST /login for a member whose two-factor sign-in is on; null for anyone else (their login
 * goes on the password-only way, untouched). The password is checked with better-auth's own hashing (one scrypt,
 * as for everyone), and no session is made: a remembered device goes straight in, any other client gets a
 * challenge for POST /login/two-factor (docs/decisions/034-two-factor.md).
 */
export async function passwordStepWithTwoFactor(
  ctx: AppContext,
  input: LoginInput,
  keys: LoginKeys,
  meta: RequestMeta,
): Promise<SignedInResponse | TwoFactorRequiredResponse | null> {
  const found = await selectTwoFactorLogin(ctx.db, input.email);
  if (!found) return null;
  const auth = await ctx.auth.$context;
  const passwordRight = found.passwordHash
    ? await auth.password.verify({ hash: found.passwordHash, password: input.password })
    : false;
  if (!passwordRight) {
    meta.log.info({ event: 'login.failure', email: maskEmail(input.email) }, 'login refused');
    throw invalidCredential();
  }
  if (input.trusted_device_token && isTrustedDevice(ctx, found, input.trusted_device_token)) {
    return openSession(ctx, found.userId, keys.account, meta, 'trusted-device');
  }
  return issueChallenge(ctx, found.userId, keys, meta);
}

/**
 * The second factor of a sign-in whose first was Google's or Apple's (auth.service.ts, completeSignIn): null for a
 * member without one (the sign-in goes on), a session when one of the browser's remembered-device tokens (one per
 * account it remembers) is this member's, else a challenge for the code step, as after a password.
 */
export async function providerSecondFactor(
  ctx: AppContext,
  email: string,
  trustedDeviceTokens: readonly string[],
  meta: RequestMeta,
  pendingLink?: PendingLink,
): Promise<SignedInResponse | TwoFactorRequiredResponse | null> {
  const found = await selectTwoFactorLogin(ctx.db, email);
  if (!found) return null;
  const account = emailKey(email);
  if (trustedDeviceTokens.some((token) => isTrustedDevice(ctx, found, token))) {
    return openSession(ctx, found.userId, account, meta, 'trusted-device');
  }
  // No device token here: the provider proved the first factor, so the code step counts against the account.
  const challenge = await issueChallenge(ctx, found.userId, { account, device: null }, meta);
  if (pendingLink) {
    const expiresAt = new Date(challenge.expires_at);
    await insertOneTime(ctx.db, pendingLinkKey(hashToken(challenge.challenge)), pendingLink, expiresAt);
  }
  return challenge;
}

/**
 * A provider identity to link to the account once the code step is passed: the link step proved the account's
 * password or email, not its second factor, and nothing about the account changes before both are in.
 */
export interface PendingLink {
  provider: OAuthProvider;
  subject: string;
}

/** Under oauth-… with the provider sign-in's other short-lived rows (swept with them when expired). */
const pendingLinkKey = (challengeId: string) => `oauth-pending-link:${challengeId}`;

/** The identity waiting on this challenge's code step, linked now that the member is in. */
async function linkPendingProvider(ctx: AppContext, challengeId: string, userId: string, meta: RequestMeta) {
  const pending = (await takeOneTime(
    ctx.db,
    pendingLinkKey(challengeId),
    new Date(ctx.clock.now()),
  )) as PendingLink | null;
  if (!pending) return;
  // Refused only by a race (the identity linked elsewhere meanwhile): the sign-in stands, the next one says why.
  const linked = await insertProviderAccount(ctx.db, userId, pending.provider, pending.subject);
  meta.log.info(
    { event: linked ? 'oauth.linked' : 'oauth.link.refused', user_id: userId, provider: pending.provider },
    linked ? 'provider linked' : 'provider not linked',
  );
}

/**
 * Whether a remembered-device token is this member's and still good: made for them, unexpired, and from their
 * current setup (turning two-factor off and on again, or a new password, forgets every remembered device).
 */
function isTrustedDevice(
  ctx: AppContext,
  found: { userId: string; enabledAt: Date; passwordHash: string | null },
  token: string,
): boolean {
  const trusted = readToken(ctx.config.authSecret, TOKEN_PURPOSES.trustedDevice, token, ctx.clock.now());
  const fingerprint = deviceFingerprint(ctx.config.authSecret, found.userId, found.enabledAt, found.passwordHash);
  return Boolean(trusted && trusted[0] === found.userId && trusted[1] === fingerprint);
}

/**
 * A challenge for the code step: the answer a sign-in gives instead of a session once the member's first factor is
 * proven. Other ways in (a provider's sign-in) that want the second factor answer this too.
 */
export async function issueChallenge(
  ctx: AppContext,
  userId: string,
  keys: LoginKeys,
  meta: RequestMeta,
): Promise<TwoFactorRequiredResponse> {
  const now = ctx.clock.now();
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + TWO_FACTOR.challengeSeconds * 1000);
  await insertChallenge(
    ctx.db,
    { id: hashToken(challenge), userId, accountKey: keys.account, deviceKey: keys.device, expiresAt },
    new Date(now),
  );
  meta.log.info({ event: 'login.two_factor_required', user_id: userId }, 'second factor asked');
  return { two_factor_required: true, challenge, expires_at: expiresAt.toISOString() };
}

/**
 * POST /login/two-factor: the challenge and a code from the app (good once: its time step is used up) or a recovery
 * code (deleted as it is used). Every try counts like a password try: per IP, and per device token or account as
 * the password step did; 5 wrong codes end the challenge. Then the sign-in finishes as a password-only one does.
 */
export async function completeTwoFactorLogIn(
  ctx: AppContext,
  input: CodeStepInput,
  meta: RequestMeta,
): Promise<LoginTwoFactorResponse> {
  const now = ctx.clock.now();
  const perIp: LimitKey[] = [
    ['loginPerIpMinute', meta.ip],
    ['loginPerIp5Minutes', meta.ip],
  ];
  const id = hashToken(input.challenge);
  const challenge = await selectLiveChallenge(ctx.db, id, new Date(now));
  const expired = () => new AppError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  if (!challenge) {
    await ctx.limiter.consume(...perIp);
    throw expired();
  }
  await ctx.limiter.consume(
    ...perIp,
    challenge.deviceKey ? ['loginPerDeviceHour', challenge.deviceKey] : ['loginPerAccountHour', challenge.accountKey],
  );
  const setup = await selectTwoFactor(ctx.db, challenge.userId);
  if (!setup?.enabledAt) {
    // Turned off since the password step: that sign-in is over; the next one needs no code.
    await consumeChallenge(ctx.db, id, new Date(now));
    throw expired();
  }
  const used = await useSecondFactor(ctx, id, challenge, setup.secret, input, now);
  if (used === 'expired') throw expired();
  if (used === 'wrong') {
    const tries = await addWrongTry(ctx.db, id);
    meta.log.info({ event: 'login.two_factor_failure', user_id: challenge.userId, tries }, 'wrong second factor');
    if (tries >= TWO_FACTOR.challengeWrongTries) {
      await consumeChallenge(ctx.db, id, new Date(now));
      throw new AppError(401, TWO_FACTOR_MESSAGES.tooManyWrongCodes);
    }
    const message = input.code ? TWO_FACTOR_MESSAGES.codeInvalid : TWO_FACTOR_MESSAGES.recoveryCodeInvalid;
    throw new AppError(401, message, { [input.code ? 'code' : 'recovery_code']: [message] });
  }
  const signedIn = await openSession(ctx, challenge.userId, challenge.accountKey, meta, used);
  await linkPendingProvider(ctx, id, challenge.userId, meta);
  if (used === 'recovery-code') meta.later(() => recoveryCodeUsedNotice(ctx, signedIn.user));
  if (!input.remember_device) return signedIn;
  const passwordHash = await selectPasswordHash(ctx.db, challenge.userId);
  const fingerprint = deviceFingerprint(ctx.config.authSecret, challenge.userId, setup.enabledAt, passwordHash);
  const trusted = signToken(
    ctx.config.authSecret,
    TOKEN_PURPOSES.trustedDevice,
    [challenge.userId, fingerprint],
    now + TWO_FACTOR.rememberDeviceDays * DAY_MS,
  );
  return { ...signedIn, trusted_device_token: trusted };
}

/** Thrown inside a transaction to undo it. */
class Undo extends Error {}

/**
 * Checks the code and, when it is right, uses the challenge and the code up together (one transaction): a
 * replayed code or recovery code is a wrong one, and a challenge used by a racing request is expired.
 */
async function useSecondFactor(
  ctx: AppContext,
  id: string,
  challenge: ChallengeRow,
  sealedSecret: string,
  input: CodeStepInput,
  now: number,
): Promise<'totp' | 'recovery-code' | 'wrong' | 'expired'> {
  const at = new Date(now);
  const step = input.code ? matchingStep(openSecret(ctx.config.authSecret, sealedSecret), input.code, now) : null;
  if (input.code && step === null) return 'wrong';
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await consumeChallenge(tx, id, at))) return 'expired';
      const used =
        step !== null
          ? await useStep(tx, challenge.userId, step, at)
          : await useRecoveryCode(
              tx,
              challenge.userId,
              recoveryCodeHash(ctx.config.authSecret, challenge.userId, input.recovery_code ?? ''),
            );
      if (!used) throw new Undo();
      return step !== null ? 'totp' : 'recovery-code';
    });
  } catch (error) {
    if (error instanceof Undo) return 'wrong';
    throw error;
  }
}

/**
 * A sign-in's end, as a password-only login's: a new session (better-auth's, refused to a deleted member by its
 * hook), then a suspended member's 403 with the session closed again; the answer carries the member's setup
 * flags, so onboarding and phone verification follow as after any login.
 */
async function openSession(
  ctx: AppContext,
  userId: string,
  accountKey: string,
  meta: RequestMeta,
  via: string,
): Promise<SignedInResponse> {
  const auth = await ctx.auth.$context;
  const session = await auth.internalAdapter
    .createSession(userId, false, { ipAddress: meta.ip, userAgent: meta.userAgent ?? '' })
    .catch(() => null);
  if (!session) throw invalidCredential();
  const user = await selectLiveUser(ctx.db, userId);
  if (!user) {
    await auth.internalAdapter.deleteSession(session.token);
    throw invalidCredential();
  }
  if (user.suspendedUntil && user.suspendedUntil.getTime() > ctx.clock.now()) {
    await auth.internalAdapter.deleteSession(session.token);
    meta.log.info({ event: 'login.suspended', user_id: user.id }, 'suspended member refused');
    throw await suspended(ctx, user.id, user.suspendedUntil);
  }
  meta.log.info({ event: 'login.success', user_id: user.id, second_factor: via }, 'member logged in');
  return {
    user: toCurrentUser(user, session.token),
    device_token: issueDeviceToken(ctx.config.authSecret, accountKey),
  };
}

/** A recovery code let someone in: the member is told, with how many are left (a stolen list shows up here). */
async function recoveryCodeUsedNotice(
  ctx: AppContext,
  { id, email, first_name: firstName }: SignedInResponse['user'],
): Promise<void> {
  const left = await countRecoveryCodes(ctx.db, id);
  await ctx.mailer.send({
    to: email,
    subject: 'A recovery code was used to sign in to Corral',
    text: [
      `Hello ${firstName},`,
      '',
      `A recovery code was used to sign in to your Corral account. ${left} of ${TWO_FACTOR.recoveryCodeCount} codes are left; you can make new ones from your account settings.`,
      '',
      `If it was not you, reset your password now at ${ctx.config.publicUrl}/forgot-password and make new recovery codes.`,
    ].join('\n'),
  });
}
