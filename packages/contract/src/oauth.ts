import { z } from 'zod';
import { OAUTH_PROVIDERS } from './oauth.constants.ts';

/** A random value the browser keeps (session storage) and shows again at the exchange: a code is good only there. */
const binding = z.string().regex(/^[\w-]{32,128}$/, { error: 'A sign-in binding is 32 to 128 URL-safe characters.' });
const oneTimeCode = z.string().min(16).max(200);

export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);

/** GET /api/auth/providers: which providers this server is configured for. */
export const oauthProvidersResponseSchema = z.object({ providers: z.array(oauthProviderSchema) });
export type OAuthProvidersResponse = z.infer<typeof oauthProvidersResponseSchema>;

export const oauthProviderParamsSchema = z.object({ provider: oauthProviderSchema });

/** POST /api/auth/oauth/{provider}/start. */
export const oauthStartRequestSchema = z.object({ binding });
export type OAuthStartRequest = z.input<typeof oauthStartRequestSchema>;
export const oauthStartResponseSchema = z.object({ url: z.string() });
export type OAuthStartResponse = z.infer<typeof oauthStartResponseSchema>;

/** GET (query) or POST (form_post) /api/auth/oauth/{provider}/callback: what the provider sends back. */
export const oauthCallbackSchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  /** Apple's first answer only: the member's name, as JSON. */
  user: z.string().max(2000).optional(),
});

/**
 * The browser's remembered-device tokens of two-factor sign-in, one per account it remembers (it does not know
 * which account a provider's identity is): one that is the member's skips the code step, as at POST /api/login.
 */
const trustedDeviceTokens = z.array(z.string().max(1000)).max(10).optional();

/**
 * POST /api/auth/oauth/exchange: the callback's one-time code (or the emailed link's), for a session; or, for a
 * member with two-factor sign-in on, a challenge for POST /api/login/two-factor (the answer of POST /api/login).
 */
export const oauthExchangeRequestSchema = z.object({
  code: oneTimeCode,
  binding: binding.optional(),
  trusted_device_tokens: trustedDeviceTokens,
});
export type OAuthExchangeRequest = z.input<typeof oauthExchangeRequestSchema>;

/** 409 of the exchange: the email belongs to an account that must be proven before the provider is linked. */
export const oauthLinkRequiredResponseSchema = z.object({
  message: z.string(),
  code: z.literal('link_required'),
  provider: oauthProviderSchema,
  email: z.string(),
  /** Whether the account has a password (else only the email link can prove it). */
  has_password: z.boolean(),
  link_token: z.string(),
});
export type OAuthLinkRequiredResponse = z.infer<typeof oauthLinkRequiredResponseSchema>;

/**
 * POST /api/auth/oauth/link: prove the account with its password; the provider is linked and the member signed in
 * (with two-factor sign-in on: both once the code step is passed).
 */
export const oauthLinkRequestSchema = z.object({
  link_token: oneTimeCode,
  binding,
  password: z.string().min(1).max(200),
  trusted_device_tokens: trustedDeviceTokens,
});
export type OAuthLinkRequest = z.input<typeof oauthLinkRequestSchema>;

/** POST /api/auth/oauth/link/email: prove the account by a link emailed to its address. */
export const oauthLinkEmailRequestSchema = z.object({ link_token: oneTimeCode, binding });
export type OAuthLinkEmailRequest = z.input<typeof oauthLinkEmailRequestSchema>;

/** GET /api/me/sign-in-methods. */
export const signInMethodsResponseSchema = z.object({
  has_password: z.boolean(),
  linked: z.array(z.object({ provider: oauthProviderSchema, linked_at: z.string() })),
  /** The providers this server offers (linking one from here is done by signing in with it: see ADR 036). */
  available: z.array(oauthProviderSchema),
});
export type SignInMethodsResponse = z.infer<typeof signInMethodsResponseSchema>;
