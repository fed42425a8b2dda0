import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@corral/contract';
import {
  createAuthorizationURL,
  parseStringBoolean,
  validateAuthorizationCode,
  verifyProviderIdToken,
} from 'better-auth/oauth2';
import { createRemoteJWKSet, decodeJwt, importPKCS8, type JWTVerifyGetKey, SignJWT } from 'jose';
import type { Config } from '../../config.ts';

/**
 * Google and Apple through better-auth's OAuth 2.0 and OpenID Connect primitives (authorization URL with PKCE
 * and nonce, the code's exchange at the token endpoint, the ID token's verification against the provider's
 * keys, issuer, audience and nonce). The endpoints come from the issuer's discovery document, fetched when
 * first needed and kept; a failed fetch is tried again at the next sign-in, and never holds up anything else
 * (docs/decisions/036-google-and-apple-sign-in.md says why not the genericOAuth plugin, which fetches at start).
 */
export interface ProviderIdentity {
  provider: OAuthProvider;
  /** The provider's stable id of the person (`sub`). */
  subject: string;
  /** Lowercase; null when the provider shared none. */
  email: string | null;
  /** Only an explicit `email_verified: true` (or Apple's "true") counts. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

interface Discovery {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: JWTVerifyGetKey;
  algorithms: string[];
}

export interface ProviderSettings {
  id: OAuthProvider;
  clientId: string;
  issuer: string;
  clientSecret: () => Promise<string>;
  scopes: string[];
  /** Apple answers by a form POST (its `name` and `email` scopes require it); Google by a redirect. */
  responseMode?: 'form_post';
}

const DISCOVERY_TIMEOUT_MS = 5000;

export class OAuthProviders {
  private readonly settings = new Map<OAuthProvider, ProviderSettings>();
  private readonly discovered = new Map<OAuthProvider, Promise<Discovery>>();

  constructor(
    config: Config,
    private readonly redirectUri: (provider: OAuthProvider) => string,
  ) {
    const { google, apple } = config.oauth;
    if (google)
      this.settings.set('google', {
        id: 'google',
        clientId: google.clientId,
        issuer: google.issuer,
        clientSecret: async () => google.clientSecret,
        scopes: ['openid', 'email', 'profile'],
      });
    if (apple) {
      const { signingKey } = apple;
      const fixed = apple.clientSecret;
      this.settings.set('apple', {
        id: 'apple',
        clientId: apple.clientId,
        issuer: apple.issuer,
        clientSecret: signingKey
          ? appleClientSecret({ ...signingKey, clientId: apple.clientId, audience: apple.issuer })
          : async () => fixed ?? '',
        scopes: ['openid', 'email', 'name'],
        responseMode: 'form_post',
      });
    }
  }

  /** The providers this server is configured for, in the buttons' order. */
  enabled(): OAuthProvider[] {
    return (['google', 'apple'] as const).filter((id) => this.settings.has(id));
  }

  has(id: OAuthProvider): boolean {
    return this.settings.has(id);
  }

  /** The URL to send the browser to, with fresh PKCE verifier and nonce for the caller to keep. */
  async authorizationUrl(id: OAuthProvider, state: string) {
    const settings = this.require(id);
    const discovery = await this.discovery(id);
    const codeVerifier = randomBytes(32).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const url = await createAuthorizationURL({
      id,
      options: { clientId: settings.clientId, redirectURI: this.redirectUri(id) },
      authorizationEndpoint: discovery.authorizationEndpoint,
      redirectURI: this.redirectUri(id),
      state,
      codeVerifier,
      nonce,
      scopes: settings.scopes,
      responseMode: settings.responseMode,
    });
    return { url: url.toString(), codeVerifier, nonce };
  }

  /**
   * The provider's code to a verified identity: the token endpoint's ID token must be signed by the issuer's
   * keys, for our client, unexpired, with our nonce. Null when anything fails.
   */
  async identity(
    id: OAuthProvider,
    input: { code: string; codeVerifier: string; nonce: string; appleUser?: string },
  ): Promise<ProviderIdentity | null> {
    const settings = this.require(id);
    const discovery = await this.discovery(id);
    const tokens = await validateAuthorizationCode({
      code: input.code,
      codeVerifier: input.codeVerifier,
      redirectURI: this.redirectUri(id),
      options: { clientId: settings.clientId, clientSecret: await settings.clientSecret() },
      tokenEndpoint: discovery.tokenEndpoint,
      authentication: 'post',
    });
    if (!tokens.idToken) return null;
    const verified = await verifyProviderIdToken(
      {
        id,
        name: id,
        idToken: {
          jwks: discovery.jwks,
          issuer: settings.issuer,
          audience: settings.clientId,
          algorithms: discovery.algorithms,
          maxTokenAge: '1h',
        },
        options: {},
        // biome-ignore lint/suspicious/noExplicitAny: better-auth's provider type has many members this check never reads.
      } as any,
      tokens.idToken,
      input.nonce,
    );
    if (!verified) return null;
    const claims = decodeJwt(tokens.idToken);
    if (typeof claims.sub !== 'string' || claims.sub === '') return null;
    const email =
      typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
    const name = namesOf(claims, input.appleUser);
    return {
      provider: id,
      subject: claims.sub,
      email,
      emailVerified:
        email !== null && parseStringBoolean(claims.email_verified as string | boolean | undefined) === true,
      ...name,
    };
  }

  private require(id: OAuthProvider): ProviderSettings {
    const settings = this.settings.get(id);
    if (!settings) throw new Error(`${id} sign-in is not configured`);
    return settings;
  }

  private discovery(id: OAuthProvider): Promise<Discovery> {
    const known = this.discovered.get(id);
    if (known) return known;
    const pending = discover(this.require(id).issuer);
    this.discovered.set(id, pending);
    // A failure is not kept: the next sign-in asks again.
    pending.catch(() => this.discovered.delete(id));
    return pending;
  }
}

async function discover(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`discovery at ${issuer} answered ${response.status}`);
  const document = (await response.json()) as Record<string, unknown>;
  const { authorization_endpoint: authorization, token_endpoint: token, jwks_uri: jwks } = document;
  if (document.issuer !== issuer) throw new Error(`discovery at ${issuer} names another issuer`);
  if (typeof authorization !== 'string' || typeof token !== 'string' || typeof jwks !== 'string')
    throw new Error(`discovery at ${issuer} lacks an endpoint`);
  const algorithms = Array.isArray(document.id_token_signing_alg_values_supported)
    ? document.id_token_signing_alg_values_supported.filter(
        (alg): alg is string => typeof alg === 'string' && alg !== 'none',
      )
    : ['RS256'];
  return {
    authorizationEndpoint: authorization,
    tokenEndpoint: token,
    jwks: createRemoteJWKSet(new URL(jwks), { timeoutDuration: DISCOVERY_TIMEOUT_MS }),
    algorithms: algorithms.length > 0 ? algorithms : ['RS256'],
  };
}

const NAME_MAX = 50;
// Control characters and the marks that turn text around, as the sign-up form refuses them (contract/auth.ts).
const NAME_FORBIDDEN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const clean = (value: unknown) =>
  typeof value === 'string' ? value.replace(NAME_FORBIDDEN, '').trim().slice(0, NAME_MAX) : '';

/** Google's given and family names; Apple's come in the form's `user` JSON on the first sign-in only. */
function namesOf(claims: Record<string, unknown>, appleUser: string | undefined) {
  let first = clean(claims.given_name);
  let last = clean(claims.family_name);
  if (!first && appleUser) {
    try {
      const parsed = JSON.parse(appleUser) as { name?: { firstName?: unknown; lastName?: unknown } };
      first = clean(parsed.name?.firstName);
      last = clean(parsed.name?.lastName);
    } catch {
      // A malformed `user` field only costs the name.
    }
  }
  if (!first && typeof claims.name === 'string') {
    const [given = '', ...rest] = clean(claims.name).split(/\s+/);
    first = given;
    last = rest.join(' ').slice(0, NAME_MAX);
  }
  return { firstName: first, lastName: last };
}

/**
 * Apple's client secret is a JWT signed (ES256) with the key from Apple's developer account, good for at most
 * six months: made here on demand and kept until an hour before it expires.
 */
function appleClientSecret(key: {
  teamId: string;
  keyId: string;
  privateKey: string;
  clientId: string;
  audience: string;
}) {
  let cached: { value: string; until: number } | null = null;
  return async () => {
    const now = Math.floor(Date.now() / 1000);
    if (cached && cached.until > now) return cached.value;
    const lifetime = 24 * 60 * 60;
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .setIssuer(key.teamId)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetime)
      .setAudience(key.audience)
      .setSubject(key.clientId)
      .sign(await importPKCS8(key.privateKey, 'ES256'));
    cached = { value, until: now + lifetime - 60 * 60 };
    return value;
  };
}
