import { randomBytes } from 'node:crypto';
import {
  API_PATHS,
  API_PREFIX,
  type LoginResponse,
  MESSAGES,
  OAUTH_ERRORS,
  OAUTH_LIMITS,
  OAUTH_MESSAGES,
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  type OAuthErrorCode,
  type OAuthExchangeRequest,
  type OAuthLinkEmailRequest,
  type OAuthLinkRequest,
  type OAuthProvider,
  type OAuthStartResponse,
  type OkResponse,
  type SignedInResponse,
  type SignInMethodsResponse,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/hashed-key.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { completeSignIn, findUserByEmail, liveUser } from './auth.service.ts';
import { emailKey, maskEmail, type RequestMeta } from './auth-log.ts';
import {
  deleteExpiredOneTimes,
  deleteProviderAccounts,
  insertOneTime,
  insertProviderAccount,
  lockUser,
  peekOneTime,
  selectLinkedUserId,
  selectSignInAccounts,
  takeOneTime,
} from './oauth.queries.ts';
import type { OAuthProviders, ProviderIdentity } from './oauth-providers.ts';
import { providerSecondFactor } from './two-factor-login.service.ts';

/**
 * Google and Apple sign-in (docs/decisions/036-google-and-apple-sign-in.md). The browser starts here, goes to
 * the provider, comes back to the callback, which verifies the provider's answer and sends the browser to the
 * web's /auth/callback with a one-time code in the fragment; the web trades it (with the binding it kept) for
 * the same answer as POST /login. A provider identity never joins an existing account by itself: the member
 * proves the account by its password or by a link emailed to its address.
 */

/** Where the callback sends the browser: the web's page, which reads the fragment (never sent to a server). */
const webCallback = (ctx: AppContext, fragment: Record<string, string>) =>
  `${ctx.config.publicUrl}/auth/callback#${new URLSearchParams(fragment).toString()}`;

export const callbackUrl = (publicUrl: string, provider: OAuthProvider) =>
  `${publicUrl}${API_PREFIX}${API_PATHS.oauthCallback(provider)}`;

const secret = () => randomBytes(32).toString('base64url');
const stateKey = (state: string) => `oauth-state:${hashToken(state)}`;
const codeKey = (code: string) => `oauth-code:${hashToken(code)}`;
const linkKey = (token: string) => `oauth-link:${hashToken(token)}`;
const later = (ctx: AppContext, seconds: number) => new Date(ctx.clock.now() + seconds * 1000);
const now = (ctx: AppContext) => new Date(ctx.clock.now());

interface StateRow {
  provider: OAuthProvider;
  codeVerifier: string;
  nonce: string;
  binding: string;
  /** Set when a signed-in member connects the provider from the Account page. */
  connectTo?: string;
}
/** A one-time code: a fresh provider answer (bound to the browser that started), or an emailed proof. */
type CodeRow =
  | { kind: 'identity'; identity: ProviderIdentity; binding: string; connectTo?: string }
  | { kind: 'email-proof'; identity: ProviderIdentity; userId: string };
interface LinkRow {
  identity: ProviderIdentity;
  userId: string;
  binding: string;
}

const notConfigured = (provider: OAuthProvider) =>
  new AppError(404, OAUTH_MESSAGES.notConfigured(OAUTH_PROVIDER_NAMES[provider]));
const invalidCode = () => new AppError(400, OAUTH_MESSAGES.invalidCode);

/** GET /auth/providers. */
export function configuredProviders(providers: OAuthProviders) {
  return { providers: providers.enabled() };
}

/** POST /auth/oauth/{provider}/start: the provider's URL, with state, PKCE and nonce kept here. */
export async function startSignIn(
  ctx: AppContext,
  providers: OAuthProviders,
  provider: OAuthProvider,
  binding: string,
  meta: RequestMeta,
  connectTo?: string,
): Promise<OAuthStartResponse> {
  if (!providers.has(provider)) throw notConfigured(provider);
  await ctx.limiter.consume(['loginOauthStartPerIp', meta.ip]);
  const state = secret();
  let authorization: Awaited<ReturnType<OAuthProviders['authorizationUrl']>>;
  try {
    authorization = await providers.authorizationUrl(provider, state);
  } catch (error) {
    meta.log.warn({ err: error, provider }, 'provider discovery failed');
    throw new AppError(503, OAUTH_ERRORS.unavailable, undefined, { 'retry-after': '30' });
  }
  const row: StateRow = {
    provider,
    codeVerifier: authorization.codeVerifier,
    nonce: authorization.nonce,
    binding: hashToken(binding),
    ...(connectTo ? { connectTo } : {}),
  };
  await deleteExpiredOneTimes(ctx.db, now(ctx));
  await insertOneTime(ctx.db, stateKey(state), row, later(ctx, OAUTH_LIMITS.stateExpiresInSeconds));
  meta.log.info({ event: 'oauth.start', provider, connect: Boolean(connectTo) }, 'provider sign-in started');
  return { url: authorization.url };
}

/**
 * GET or POST /auth/oauth/{provider}/callback: where the provider sends the browser back. Always a redirect
 * to the web's callback page, with a one-time code or an error code.
 */
export async function finishAtProvider(
  ctx: AppContext,
  providers: OAuthProviders,
  provider: OAuthProvider,
  input: { state?: string; code?: string; error?: string; user?: string },
  meta: RequestMeta,
): Promise<string> {
  const fail = (error: OAuthErrorCode) => {
    meta.log.info({ event: 'oauth.callback.failure', provider, reason: error }, 'provider sign-in failed');
    return webCallback(ctx, { error });
  };
  if (!providers.has(provider)) return fail('unavailable');
  if (!input.state) return fail('state');
  const state = (await takeOneTime(ctx.db, stateKey(input.state), now(ctx))) as StateRow | null;
  if (!state || state.provider !== provider) return fail('state');
  if (input.error) return fail(input.error === 'access_denied' ? 'cancelled' : 'provider');
  if (!input.code) return fail('provider');
  let identity: ProviderIdentity | null;
  try {
    identity = await providers.identity(provider, {
      code: input.code,
      codeVerifier: state.codeVerifier,
      nonce: state.nonce,
      appleUser: input.user,
    });
  } catch (error) {
    meta.log.warn({ err: error, provider }, 'provider code exchange failed');
    return fail('provider');
  }
  if (!identity) return fail('provider');
  const code = secret();
  const row: CodeRow = {
    kind: 'identity',
    identity,
    binding: state.binding,
    ...(state.connectTo ? { connectTo: state.connectTo } : {}),
  };
  await insertOneTime(ctx.db, codeKey(code), row, later(ctx, OAUTH_LIMITS.codeExpiresInSeconds));
  return webCallback(ctx, { code });
}

/**
 * POST /auth/oauth/exchange: the one-time code for a session. An identity already linked signs in to its
 * account; a new verified email signs up; an email that has an account answers 409 with a link step. A member
 * with two-factor sign-in on answers a challenge for the code step instead of a session (as POST /login does).
 */
export async function exchangeCode(
  ctx: AppContext,
  input: OAuthExchangeRequest,
  meta: RequestMeta,
): Promise<LoginResponse> {
  await ctx.limiter.consume(['loginOauthExchangePerIp', meta.ip]);
  const row = (await takeOneTime(ctx.db, codeKey(input.code), now(ctx))) as CodeRow | null;
  if (!row) throw invalidCode();
  const trusted = input.trusted_device_tokens ?? [];
  if (row.kind === 'email-proof') return linkAndSignIn(ctx, row.identity, row.userId, meta, { trusted });
  // A code shown by another browser than the one that started (a sign-in forced on someone) is burnt.
  if (!input.binding || hashToken(input.binding) !== row.binding) throw invalidCode();
  // Connecting from the Account page: the member's session proved the account when the start was asked.
  if (row.connectTo) return linkAndSignIn(ctx, row.identity, row.connectTo, meta, { secondFactorProven: true });
  return signInWithIdentity(ctx, row.identity, row.binding, trusted, meta);
}

async function signInWithIdentity(
  ctx: AppContext,
  identity: ProviderIdentity,
  binding: string,
  trusted: readonly string[],
  meta: RequestMeta,
): Promise<LoginResponse> {
  const linkedTo = await selectLinkedUserId(ctx.db, identity.provider, identity.subject);
  if (linkedTo) return signInLinked(ctx, linkedTo, identity.provider, meta, { trusted });
  const { email } = identity;
  if (!email) throw new AppError(400, OAUTH_ERRORS.no_email);
  // An address the provider has not verified neither joins an account nor claims one.
  if (!identity.emailVerified) throw new AppError(400, OAUTH_ERRORS.unverified_email);
  const existing = await findUserByEmail(ctx, email);
  if (existing) return linkRequired(ctx, identity, existing.id, binding, meta);
  const auth = await ctx.auth.$context;
  let userId: string;
  try {
    const firstName = identity.firstName || email.split('@')[0]?.slice(0, 50) || 'Member';
    // Our own user fields (firstName, lastName) ride beside better-auth's, as sign-up's do.
    const newUser = {
      name: `${firstName} ${identity.lastName}`.trim(),
      email,
      emailVerified: true,
      image: null,
      firstName,
      lastName: identity.lastName,
    };
    const created = await auth.internalAdapter.createOAuthUser(newUser, {
      providerId: identity.provider,
      accountId: identity.subject,
    });
    userId = created.user.id;
  } catch (error) {
    // Two at once: the unique indexes (email; provider and subject) refuse the second, which finds the first.
    const linked = await selectLinkedUserId(ctx.db, identity.provider, identity.subject);
    if (linked) return signInLinked(ctx, linked, identity.provider, meta, { trusted });
    const now = await findUserByEmail(ctx, email);
    if (now) return linkRequired(ctx, identity, now.id, binding, meta);
    throw error;
  }
  meta.log.info({ event: 'signup', user_id: userId, provider: identity.provider }, 'member signed up with a provider');
  // A new account has no second factor yet.
  return signInLinked(ctx, userId, identity.provider, meta, { trusted });
}

/**
 * How far a provider sign-in has proven the member (completeSignIn's own terms): the browser's remembered-device
 * tokens for the second factor still to ask, or the second factor proven already (a link step that asked it, or
 * the member's own session connecting from the Account page).
 */
type Proof = { trusted: readonly string[] } | { secondFactorProven: true };

async function signInLinked(
  ctx: AppContext,
  userId: string,
  provider: OAuthProvider,
  meta: RequestMeta,
  proof: Proof,
): Promise<LoginResponse> {
  const user = await liveUser(ctx, userId);
  // A deleted account: the answer a password login gets.
  if (!user) throw new AppError(401, MESSAGES.login.invalidCredential);
  return completeSignIn(ctx, user, meta, { method: provider, ...proof });
}

async function linkRequired(
  ctx: AppContext,
  identity: ProviderIdentity,
  userId: string,
  binding: string,
  meta: RequestMeta,
): Promise<never> {
  const token = secret();
  const row: LinkRow = { identity, userId, binding };
  await insertOneTime(ctx.db, linkKey(token), row, later(ctx, OAUTH_LIMITS.linkExpiresInSeconds));
  const hasPassword = (await selectSignInAccounts(ctx.db, userId)).some(
    (a) => a.providerId === 'credential' && a.password,
  );
  meta.log.info({ event: 'oauth.link_required', user_id: userId, provider: identity.provider }, 'link step');
  const name = OAUTH_PROVIDER_NAMES[identity.provider];
  throw new AppError(409, OAUTH_MESSAGES.linkRequired(name), undefined, undefined, {
    code: 'link_required',
    provider: identity.provider,
    email: identity.email ?? '',
    has_password: hasPassword,
    link_token: token,
  });
}

/** The link step's row, for the browser that started it only. */
async function linkRow(ctx: AppContext, token: string, binding: string): Promise<LinkRow> {
  const row = (await peekOneTime(ctx.db, linkKey(token), now(ctx))) as LinkRow | null;
  if (!row || hashToken(binding) !== row.binding) throw invalidCode();
  return row;
}

/**
 * POST /auth/oauth/link: the account's password proves it. Counted like a login (per address and per
 * account), since it is one; a wrong password leaves the step open until it expires.
 */
export async function linkWithPassword(
  ctx: AppContext,
  input: OAuthLinkRequest,
  meta: RequestMeta,
): Promise<LoginResponse> {
  const row = await linkRow(ctx, input.link_token, input.binding);
  const user = await liveUser(ctx, row.userId);
  const account = emailKey(row.identity.email ?? row.userId);
  await ctx.limiter.consume(
    ['loginPerIpMinute', meta.ip],
    ['loginPerIp5Minutes', meta.ip],
    ['loginPerAccountHour', account],
  );
  if (!user) throw new AppError(401, MESSAGES.login.invalidCredential);
  const credential = (await selectSignInAccounts(ctx.db, user.id)).find((a) => a.providerId === 'credential');
  if (!credential?.password) throw new AppError(400, OAUTH_MESSAGES.noPassword);
  const auth = await ctx.auth.$context;
  if (!(await auth.password.verify({ hash: credential.password, password: input.password }))) {
    meta.log.info({ event: 'oauth.link.failure', email: maskEmail(user.email) }, 'link refused');
    throw new AppError(401, OAUTH_MESSAGES.wrongPassword, { password: [OAUTH_MESSAGES.wrongPassword] });
  }
  if (!(await takeOneTime(ctx.db, linkKey(input.link_token), now(ctx)))) throw invalidCode();
  return linkAndSignIn(ctx, row.identity, user.id, meta, { trusted: input.trusted_device_tokens ?? [] });
}

/** POST /auth/oauth/link/email: a link to the account's address proves it (opened in any browser). */
export async function linkByEmail(
  ctx: AppContext,
  input: OAuthLinkEmailRequest,
  meta: RequestMeta,
): Promise<OkResponse> {
  const row = await linkRow(ctx, input.link_token, input.binding);
  const user = await liveUser(ctx, row.userId);
  if (!user) throw new AppError(401, MESSAGES.login.invalidCredential);
  await ctx.limiter.consume(['loginOauthLinkEmailPerAccount', user.id]);
  const code = secret();
  const proof: CodeRow = { kind: 'email-proof', identity: row.identity, userId: user.id };
  await insertOneTime(ctx.db, codeKey(code), proof, later(ctx, OAUTH_LIMITS.emailLinkExpiresInSeconds));
  const name = OAUTH_PROVIDER_NAMES[row.identity.provider];
  const url = webCallback(ctx, { code });
  meta.later(() =>
    ctx.mailer.send({
      to: user.email,
      subject: OAUTH_MESSAGES.emailSubject,
      text: [
        `Hello ${user.firstName || user.name},`,
        '',
        `Someone signed in with ${name} using this address and asked to connect it to your Corral account. To connect it and sign in, open this link within one hour:`,
        '',
        url,
        '',
        'If it was not you, ignore this email: nothing changes.',
      ].join('\n'),
    }),
  );
  meta.log.info({ event: 'oauth.link.email', user_id: user.id }, 'link emailed');
  return { status: true, message: OAUTH_MESSAGES.linkEmailSent(user.email) };
}

async function linkAndSignIn(
  ctx: AppContext,
  identity: ProviderIdentity,
  userId: string,
  meta: RequestMeta,
  proof: Proof,
): Promise<LoginResponse> {
  const name = OAUTH_PROVIDER_NAMES[identity.provider];
  const pending = { provider: identity.provider, subject: identity.subject };
  let signedIn: SignedInResponse | null = null;
  if ('trusted' in proof) {
    // The second factor first: with one, the identity is linked only once the code step is passed.
    const user = await liveUser(ctx, userId);
    if (!user) throw new AppError(401, MESSAGES.login.invalidCredential);
    const owner = await selectLinkedUserId(ctx.db, identity.provider, identity.subject);
    if (owner !== undefined && owner !== userId) throw new AppError(409, OAUTH_MESSAGES.alreadyLinkedElsewhere(name));
    const secondFactor = await providerSecondFactor(ctx, user.email, proof.trusted, meta, pending);
    if (secondFactor && 'two_factor_required' in secondFactor) return secondFactor;
    signedIn = secondFactor;
  }
  const linked = await insertProviderAccount(ctx.db, userId, identity.provider, identity.subject);
  if (!linked) {
    const owner = await selectLinkedUserId(ctx.db, identity.provider, identity.subject);
    if (owner === undefined) throw new AppError(409, OAUTH_MESSAGES.otherAccountOfProvider(name));
    if (owner !== userId) throw new AppError(409, OAUTH_MESSAGES.alreadyLinkedElsewhere(name));
  }
  meta.log.info({ event: 'oauth.linked', user_id: userId, provider: identity.provider }, 'provider linked');
  // A remembered device passed the second factor with its session open already.
  return signedIn ?? signInLinked(ctx, userId, identity.provider, meta, { secondFactorProven: true });
}

/** GET /me/sign-in-methods. */
export async function signInMethods(
  ctx: AppContext,
  providers: OAuthProviders,
  viewer: Viewer,
): Promise<SignInMethodsResponse> {
  const rows = await selectSignInAccounts(ctx.db, viewer.user.id);
  const isProvider = (id: string): id is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(id);
  return {
    has_password: rows.some((row) => row.providerId === 'credential' && Boolean(row.password)),
    linked: rows.flatMap((row) =>
      isProvider(row.providerId) ? [{ provider: row.providerId, linked_at: row.createdAt.toISOString() }] : [],
    ),
    available: providers.enabled(),
  };
}

/**
 * POST /me/sign-in-methods/{provider}: a signed-in member connects the provider. The same trip as a sign-in;
 * at the exchange the identity joins this member (their session proved the account), whatever its email.
 */
export function startConnect(
  ctx: AppContext,
  providers: OAuthProviders,
  viewer: Viewer,
  provider: OAuthProvider,
  binding: string,
  meta: RequestMeta,
): Promise<OAuthStartResponse> {
  return startSignIn(ctx, providers, provider, binding, meta, viewer.user.id);
}

/** DELETE /me/sign-in-methods/{provider}: only while another way in remains. */
export async function unlinkProvider(
  ctx: AppContext,
  viewer: Viewer,
  provider: OAuthProvider,
  meta: RequestMeta,
): Promise<OkResponse> {
  await ctx.limiter.consume(['signInMethodsPerMember', viewer.user.id]);
  const name = OAUTH_PROVIDER_NAMES[provider];
  // Two unlinks at once (Google here, Apple in another tab) must not both pass the check: they take turns.
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, viewer.user.id);
    const rows = await selectSignInAccounts(tx, viewer.user.id);
    if (!rows.some((row) => row.providerId === provider)) throw new AppError(404, OAUTH_MESSAGES.notLinked(name));
    const others = rows.filter(
      (row) => row.providerId !== provider && (row.providerId !== 'credential' || Boolean(row.password)),
    );
    if (others.length === 0) throw new AppError(409, OAUTH_MESSAGES.lastMethod);
    await deleteProviderAccounts(tx, viewer.user.id, [provider]);
  });
  meta.log.info({ event: 'oauth.unlinked', user_id: viewer.user.id, provider }, 'provider unlinked');
  return { status: true, message: OAUTH_MESSAGES.unlinked(name) };
}
