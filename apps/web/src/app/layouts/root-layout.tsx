import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useVerifySessionOnce } from '../../features/auth/api/verify-session.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/**
 * Every page: the skip link (the first stop of the keyboard, to the page's content), the one-time session
 * check, smooth scroll to the top on navigation, the loading bar.
 */
export function RootLayout() {
  useVerifySessionOnce();
  useDocumentTitle();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every navigation
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return (
    <>
      <SkipLink />
      <LoadingBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * Moves the focus to the page's content (`#content`, focusable with tabIndex -1) without touching the URL's
 * fragment, which carries the password reset token; without JavaScript the plain link does the same.
 */
function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a link to the content; the handler only keeps the URL's fragment
    <a
      href="#content"
      className="skip-link"
      onClick={(event) => {
        const target = document.getElementById('content');
        if (!target) return;
        event.preventDefault();
        target.focus({ preventScroll: true });
        target.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}

/** The spec's global loading flag: on while any request is in flight. */
function LoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return (
    <div
      aria-hidden="true"
      data-testid="loading-bar"
      data-busy={busy}
      className={`fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity ${busy ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="h-full w-1/3 animate-[loading_1.2s_ease-in-out_infinite] bg-leather-500" />
    </div>
  );
}
