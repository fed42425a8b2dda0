import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { type RouteAccess, resolveRedirect } from './resolve-redirect.ts';

/** A layout route that lets its children render only for the viewers its access rule admits. */
export function Guard({ access }: { access: RouteAccess }) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const currentUser = useSession((state) => state.currentUser);
  const redirect = resolveRedirect(access, { isLoggedIn, currentUser });
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
