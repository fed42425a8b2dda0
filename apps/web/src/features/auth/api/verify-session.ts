import { API_PATHS, type VerifyResponse } from '@corral/contract';
import { useEffect } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { getToken, useSession } from '../../../lib/session-store.ts';

export const verifySession = () => api.get<VerifyResponse>(API_PATHS.verify);

/**
 * The stored session is checked once, on the first navigation: a live token refreshes the stored
 * user, a refused one signs the member out; a network failure keeps the stored user (and is logged).
 */
export function useVerifySessionOnce(): void {
  useEffect(() => {
    const session = useSession.getState();
    if (session.verified) return;
    session.markVerified();
    if (!getToken()) {
      if (session.isLoggedIn) session.clear();
      return;
    }
    verifySession()
      .then(({ user }) => useSession.getState().setUser(user))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) useSession.getState().clear();
        else console.warn('Could not verify the stored session', error);
      });
  }, []);
}
