import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect provider (panva's oidc-provider) standing in for Google and Apple in the tests: one
 * issuer on a random loopback port, with a client for each (`google-client`, `apple-client`), its development
 * login page (any password), and consent taken as given. The test users are set by the tests: the login name
 * typed at the provider's page is the key of `users`.
 */
export interface TestIdentity {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  users: Map<string, TestIdentity>;
  /** The environment that points the server's Google and Apple sign-in at this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const TEST_CLIENTS = {
  google: { id: 'google-client', secret: 'google-secret-for-tests-only' },
  apple: { id: 'apple-client', secret: 'apple-secret-for-tests-only' },
} as const;

export async function startOidcProvider(publicUrl: string): Promise<TestOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = new Map<string, TestIdentity>();
  const client = (id: 'google' | 'apple') => ({
    client_id: TEST_CLIENTS[id].id,
    client_secret: TEST_CLIENTS[id].secret,
    redirect_uris: [`${publicUrl}/api/auth/oauth/${id}/callback`],
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const provider = new Provider(issuer, {
    clients: [client('google'), client('apple')],
    scopes: ['openid', 'email', 'profile', 'name'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      name: ['name'],
    },
    // The scopes' claims go into the ID token too, as Google's and Apple's do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    findAccount: async (_ctx, login) => ({
      accountId: login,
      claims: async () => ({ sub: `sub-${login}`, ...(users.get(login) ?? {}) }),
    }),
    // Consent is taken as given: the grant covers whatever the client asked for.
    loadExistingGrant: async (ctx) => {
      const oidc = ctx.oidc;
      if (!oidc.session?.accountId || !oidc.client) return undefined;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(String(oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    renderError: async (ctx, out) => {
      ctx.type = 'text';
      ctx.body = JSON.stringify(out);
    },
  });
  provider.on('server_error', (_ctx: unknown, error: Error) => console.error('oidc-provider:', error));
  // Plain http on loopback: the provider sees no proxy.
  const callback = provider.callback();
  handler = (req, res) => callback(req, res);
  return {
    issuer,
    users,
    env: {
      GOOGLE_CLIENT_ID: TEST_CLIENTS.google.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENTS.google.secret,
      GOOGLE_ISSUER: issuer,
      APPLE_CLIENT_ID: TEST_CLIENTS.apple.id,
      APPLE_CLIENT_SECRET: TEST_CLIENTS.apple.secret,
      APPLE_ISSUER: issuer,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the provider sends the browser back with: a redirect (Google) or an auto-submitted form (Apple). */
export type ProviderAnswer =
  | { method: 'GET'; url: string }
  | { method: 'POST'; url: string; form: Record<string, string> };

/**
 * A browser at the provider, by fetch: follows the authorization URL through the login page (any password)
 * with the provider's cookies, and stops at the answer for the app's callback.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<ProviderAnswer> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(callbackPrefix)) return { method: 'GET', url };
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    keep(response);
    init = {};
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form?.[1]) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const action = new URL(form[1].replace(/&amp;/g, '&'), url).toString();
    const fields: Record<string, string> = {};
    for (const [input] of (form[2] ?? '').matchAll(/<input[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(input)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(input)?.[1] ?? '';
      if (name)
        fields[name] = value
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&');
    }
    if (action.startsWith(callbackPrefix)) return { method: 'POST', url: action, form: fields };
    if (fields.prompt === 'login') {
      fields.login = login;
      fields.password = 'any password';
    }
    url = action;
    init = {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many hops at the provider');
}
