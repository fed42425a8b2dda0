import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useVerifySessionOnce } from '../../features/auth/api/verify-session.ts';

/** Every page: the one-time session check, smooth scroll to the top on navigation, the loading bar. */
export function RootLayout() {
  useVerifySessionOnce();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every navigation
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return (
    <>
      <LoadingBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** The spec's global loading flag: on while any request is in flight. */
function LoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity ${busy ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="h-full w-1/3 animate-[loading_1.2s_ease-in-out_infinite] bg-leather-500" />
    </div>
  );
}
