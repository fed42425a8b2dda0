import {
  type LoginResponse,
  type loginRequestSchema,
  MESSAGES,
  type OAuthProvider,
  type OkResponse,
  type SignedInResponse,
  type signupRequestSchema,
  type VerifyResponse,
} from '@corral/contract';
import { isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserRow, Viewer } from '../../lib/viewer.ts';
import { toCurrentUser } from './auth.mapper.ts';
import { isFindableUser, selectLiveUser, selectUserByEmail } from './auth.queries.ts';
import { emailKey, maskEmail, type RequestMeta } from './auth-log.ts';
import { deviceKeyOf, issueDeviceToken } from './device-token.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { suspended } from './suspension.ts';
import { passwordStepWithTwoFactor, providerSecondFactor } from './two-factor-login.service.ts';

export type SignupInput = z.output<typeof signupRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

const DUPLICATE_CODES = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

/** POST /signup: a new member, signed in at once (the answer carries the session token). */
export async function signUp(ctx: AppContext, input: SignupInput, meta: RequestMeta): Promise<SignedInResponse> {
  await ctx.limiter.consume(['signupPerIp', meta.ip]);
  assertPasswordAllowed(input.password);
  const emailInUse = () => new AppError(422, MESSAGES.signUp.emailInUse, { email: [MESSAGES.signUp.emailInUse] });

  let result: Awaited<ReturnType<AppContext['auth']['api']['signUpEmail']>>;
  try {
    result = await ctx.auth.api.signUpEmail({
      body: {
        name: `${input.first_name} ${input.last_name}`.trim(),
        email: input.email,
        password: input.password,
        firstName: input.first_name,
        lastName: input.last_name,
      },
      headers: meta.headers,
    });
  } catch (error) {
    if (isAPIError(error) && DUPLICATE_CODES.has(String(error.body?.code))) throw emailInUse();
    // Two sign-ups for one address at once: the unique index refuses the second.
    if (isAPIError(error) && (await findUserByEmail(ctx, input.email))) throw emailInUse();
    throw error;
  }
  if (!result.token) throw new Error('better-auth signed the new member up without a session');
  const user = await liveUser(ctx, result.user.id);
  if (!user) throw new Error('the new member vanished');
  meta.log.info({ event: 'signup', user_id: user.id }, 'member signed up');
  return {
    user: toCurrentUser(user, result.token),
    device_token: issueDeviceToken(ctx.config.authSecret, emailKey(input.email)),
  };
}

/**
 * POST /login. An unknown email, a wrong password and a deleted account all answer the same 401
 * (better-auth hashes a dummy password for unknown emails, so the timing matches too). A member with two-factor
 * sign-in on gets a challenge for the code step instead of a session (two-factor-login.service.ts).
 */
export async function logIn(ctx: AppContext, input: LoginInput, meta: RequestMeta): Promise<LoginResponse> {
  const account = emailKey(input.email);
  // A client that signed in here before counts against its device token; anyone else, against the account.
  const device = deviceKeyOf(ctx.config.authSecret, account, input.device_token);
  await ctx.limiter.consume(
    ['loginPerIpMinute', meta.ip],
    ['loginPerIp5Minutes', meta.ip],
    device ? ['loginPerDeviceHour', device] : ['loginPerAccountHour', account],
  );
  const refuse = () => {
    meta.log.info({ event: 'login.failure', email: maskEmail(input.email) }, 'login refused');
    return new AppError(401, MESSAGES.login.invalidCredential);
  };
  const secondFactor = await passwordStepWithTwoFactor(ctx, input, { account, device }, meta);
  if (secondFactor) return secondFactor;
  let result: Awaited<ReturnType<AppContext['auth']['api']['signInEmail']>>;
  try {
    result = await ctx.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: meta.headers,
    });
  } catch (error) {
    // Every refusal better-auth gives here (no such member, wrong password, session refused to a
    // deleted member) is the same answer; anything else is a fault and stays a 500.
    if (isAPIError(error) && error.statusCode < 500) throw refuse();
    throw error;
  }
  const user = await liveUser(ctx, result.user.id);
  if (!user) throw refuse();
  return completeSignIn(ctx, user, meta, { method: 'password', session: result.token });
}

/** How a sign-in proved its first factor, for completeSignIn. */
export type SignInProof =
  | { method: 'password'; session: string }
  | {
      method: OAuthProvider;
      /** This browser's remembered-device tokens of two-factor sign-in (one per account it remembers). */
      trusted: readonly string[];
    }
  | {
      method: OAuthProvider;
      /** Asked already (a link step), or by the member's own session (connecting from the Account page). */
      secondFactorProven: true;
    };

/**
 * The one end of every sign-in, by password (POST /login, whose session better-auth opened with the password
 * check, once the second factor was settled: two-factor-login.service.ts) or by Google or Apple
 * (modules/auth/oauth.service.ts, which open none before this, and whose second factor is asked here first): a
 * suspended member is refused with the date and the reason, anyone else gets a session and a device token for the
 * account.
 */
export async function completeSignIn(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  how: SignInProof,
): Promise<LoginResponse> {
  if ('trusted' in how) {
    // As after a password, the suspension is told only once both factors are proven (openSession there).
    const secondFactor = await providerSecondFactor(ctx, user.email, how.trusted, meta);
    if (secondFactor) return secondFactor;
  }
  const auth = await ctx.auth.$context;
  if (user.suspendedUntil && user.suspendedUntil.getTime() > ctx.clock.now()) {
    // The member proved who they are, so they may know why and until when; a session already opened ends.
    if (how.method === 'password') await auth.internalAdapter.deleteSession(how.session);
    meta.log.info({ event: 'login.suspended', user_id: user.id, method: how.method }, 'suspended member refused');
    throw await suspended(ctx, user.id, user.suspendedUntil);
  }
  let token = how.method === 'password' ? how.session : undefined;
  if (!token) {
    const session = await auth.internalAdapter.createSession(user.id, false, {
      ipAddress: meta.ip,
      userAgent: meta.userAgent ?? '',
    });
    // The session hook refuses a member deleted meanwhile: the answer of a wrong password.
    if (!session) throw new AppError(401, MESSAGES.login.invalidCredential);
    token = session.token;
  }
  meta.log.info({ event: 'login.success', user_id: user.id, method: how.method }, 'member logged in');
  return {
    user: toCurrentUser(user, token),
    device_token: issueDeviceToken(ctx.config.authSecret, emailKey(user.email)),
  };
}

/** POST /logout: the session of the token presented ends at once, for every server process. */
export async function logOut(ctx: AppContext, viewer: Viewer, meta: RequestMeta): Promise<OkResponse> {
  const auth = await ctx.auth.$context;
  await auth.internalAdapter.deleteSession(viewer.token);
  meta.log.info({ event: 'logout', user_id: viewer.user.id }, 'member logged out');
  return { status: true, message: MESSAGES.logout.success };
}

/** GET /verify: the member behind a live token, with that token. */
export function currentUser(viewer: Viewer): VerifyResponse {
  return { user: toCurrentUser(viewer.user, viewer.token), status: true };
}

/** A member who has not deleted the account. */
export function liveUser(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return selectLiveUser(ctx.db, id);
}

/** Whether the id names a member others may find: live, onboarded, phone verified (one short statement). */
export function isFindableMember(ctx: AppContext, id: string): Promise<boolean> {
  return isFindableUser(ctx.db, id);
}

/** The member holding an address, deleted or not; addresses are stored lowercase. */
export function findUserByEmail(ctx: AppContext, email: string) {
  return selectUserByEmail(ctx.db, email.toLowerCase());
}
