import { API_PATHS, type OAuthProvider, type OkResponse, type SignInMethodsResponse } from '@corral/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { startOAuth } from '../../../lib/oauth-start.ts';

/** The member's ways to sign in (docs/decisions/036-google-and-apple-sign-in.md). */
export const signInMethodsKey = ['account', 'sign-in-methods'] as const;

export function useSignInMethods() {
  return useQuery({
    queryKey: signInMethodsKey,
    queryFn: () => api.get<SignInMethodsResponse>(API_PATHS.signInMethods),
  });
}

/** Whether the member has a password; undefined until known (the sections show their forms meanwhile). */
export const useHasPassword = (): boolean | undefined => useSignInMethods().data?.has_password;

/** Unlinks a provider; the server refuses while it is the last way in. */
export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: OAuthProvider) => api.delete<OkResponse>(API_PATHS.signInMethod(provider)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInMethodsKey }),
  });
}

/** Connects a provider: off to the provider's page, back through /auth/callback to `returnTo` (the Account page). */
export function connectProvider(provider: OAuthProvider, returnTo: string): Promise<void> {
  return startOAuth(provider, returnTo, true);
}
