import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { type RouteAccess, resolveRedirect, waitsForSessionCheck } from './resolve-redirect.ts';

/**
 * A layout route that lets its children render only for the viewers its access rule admits. A stored session
 * is trusted only once GET /verify has answered: until then nothing below renders, so no query goes out with
 * a token the server may refuse.
 */
export function Guard({ access }: { access: RouteAccess }) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const currentUser = useSession((state) => state.currentUser);
  const sessionChecked = useSession((state) => state.verified);
  const here = useLocation();
  // A member who used these pages and then signed out (Logout, a deleted account) is not sent back to them
  // after the next sign-in, whoever signs in; a visitor who arrived signed out, or whose stored session proved
  // stale, is.
  const memberWasHere = useRef(false);
  const member = isLoggedIn && currentUser !== null;
  if (sessionChecked && member) memberWasHere.current = true;
  if (waitsForSessionCheck(access, { isLoggedIn, sessionChecked })) {
    return (
      <div className="flex flex-1 items-center justify-center py-24 text-leather-700">
        <Spinner className="size-6" label="Checking your session…" />
      </div>
    );
  }
  const signedOutHere = memberWasHere.current && !member;
  const redirect = resolveRedirect(access, { isLoggedIn, currentUser }, signedOutHere ? undefined : here);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
