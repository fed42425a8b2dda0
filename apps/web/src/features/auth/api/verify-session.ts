import { API_PATHS, type VerifyResponse } from '@corral/contract';
import { useEffect } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { getToken, useSession } from '../../../lib/session-store.ts';

export const verifySession = () => api.get<VerifyResponse>(API_PATHS.verify);

let checked: Promise<void> | undefined;

/**
 * The stored session is checked once per page load, before anything else uses its token: a live token
 * refreshes the stored user, a refused one signs the member out; a network failure keeps the stored user (and
 * is logged). The session is marked verified when the answer is in (at once when there is no token), and the
 * guards hold the member area until then, so a stale token costs one 401, not one per query. Resolves then.
 */
export function verifyStoredSessionOnce(): Promise<void> {
  if (checked) return checked;
  const session = useSession.getState();
  if (!getToken()) {
    if (session.isLoggedIn) session.clear();
    session.markVerified();
    checked = Promise.resolve();
    return checked;
  }
  checked = verifySession()
    .then(({ user }) => useSession.getState().setUser(user))
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) useSession.getState().clear();
      else console.warn('Could not verify the stored session', error);
    })
    .finally(() => useSession.getState().markVerified());
  return checked;
}

/** Starts the check from the root layout (an effect: React may render more than once before it commits). */
export function useVerifySessionOnce(): void {
  useEffect(() => {
    void verifyStoredSessionOnce();
  }, []);
}
