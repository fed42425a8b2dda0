import {
  API_PATHS,
  type LoginResponse,
  type OAuthLinkRequiredResponse,
  type OAuthProvidersResponse,
  type OkResponse,
} from '@corral/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { oauthBinding } from '../../../lib/oauth-start.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { allTrustedDeviceTokens, rememberDeviceToken } from './device-tokens.ts';

/**
 * Google and Apple sign-in (docs/decisions/036-google-and-apple-sign-in.md). The browser keeps a random binding
 * in session storage while it is at the provider; the server's one-time code is good only with it.
 */
export const oauthProvidersKey = ['oauth-providers'] as const;

/** The providers this server offers; none while unknown or unreachable (the buttons stay disabled). */
export function useOAuthProviders() {
  return useQuery({
    queryKey: oauthProvidersKey,
    queryFn: () => api.get<OAuthProvidersResponse>(API_PATHS.oauthProviders),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The page to land on that the sign-in started from, once (then forgotten with the binding). */
export function takeOAuthNext(): string | null {
  const next = sessionStorage.getItem(STORAGE_KEYS.oauthNext);
  sessionStorage.removeItem(STORAGE_KEYS.oauthNext);
  return next;
}

/** Signed in, or a challenge for the code step (two-factor sign-in on); the trip's binding is spent either way. */
function answered(answer: LoginResponse): LoginResponse {
  if ('device_token' in answer) rememberDeviceToken(answer.user.email, answer.device_token);
  sessionStorage.removeItem(STORAGE_KEYS.oauthBinding);
  return answer;
}

/** The callback's (or the emailed link's) one-time code for a session, or for the code step's challenge. */
export async function exchangeOAuthCode(code: string): Promise<LoginResponse> {
  return answered(
    await api.post<LoginResponse>(API_PATHS.oauthExchange, {
      code,
      binding: oauthBinding(),
      trusted_device_tokens: allTrustedDeviceTokens(),
    }),
  );
}

export async function linkOAuthWithPassword(linkToken: string, password: string): Promise<LoginResponse> {
  return answered(
    await api.post<LoginResponse>(API_PATHS.oauthLink, {
      link_token: linkToken,
      binding: oauthBinding(),
      password,
      trusted_device_tokens: allTrustedDeviceTokens(),
    }),
  );
}

export function linkOAuthByEmail(linkToken: string): Promise<OkResponse> {
  return api.post<OkResponse>(API_PATHS.oauthLinkEmail, { link_token: linkToken, binding: oauthBinding() });
}

/** The exchange's 409: an account has this email, and must be proven first. */
export function linkRequiredIn(error: unknown): OAuthLinkRequiredResponse | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = (error.body ?? {}) as Partial<Record<keyof OAuthLinkRequiredResponse, unknown>>;
  if (body.code !== 'link_required' || typeof body.link_token !== 'string') return null;
  return {
    message: error.message,
    code: 'link_required',
    provider: body.provider === 'apple' ? 'apple' : 'google',
    email: typeof body.email === 'string' ? body.email : '',
    has_password: body.has_password === true,
    link_token: body.link_token,
  };
}
