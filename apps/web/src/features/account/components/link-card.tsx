import { ACCOUNT_LINK_STATES, ACCOUNT_MESSAGES, type AccountLinkState } from '@corral/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The token of an emailed link: it rides in the fragment, which browsers never send to a server (nor to its
 * logs), like the reset link's.
 */
export function useLinkToken(): string {
  const { hash } = useLocation();
  return new URLSearchParams(hash.slice(1)).get('token') ?? '';
}

/** Why the server refused the link: expired, used or not valid; null for any other failure. */
export function linkState(error: unknown): AccountLinkState | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return ACCOUNT_LINK_STATES.find((state) => state === code) ?? 'invalid';
}

export const LINK_STATE_TITLES: Record<AccountLinkState, string> = {
  invalid: 'This link is not valid',
  expired: 'This link has expired',
  used: 'This link was already used',
};

export const LINK_STATE_TEXTS: Record<AccountLinkState, string> = {
  invalid: ACCOUNT_MESSAGES.linkInvalid,
  expired: ACCOUNT_MESSAGES.linkExpired,
  used: ACCOUNT_MESSAGES.linkUsed,
};

/**
 * The card the email change's links land on: a kicker, a title that takes the focus whenever it changes (the
 * page's state changed: screen readers read the new one), and what to do next.
 */
export function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(title);
  useEffect(() => {
    // Not on arrival (the document's title is announced then), on each change after.
    if (shown.current === title) return;
    shown.current = title;
    heading.current?.focus();
  });
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-leather-100 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-leather-700">Corral account</p>
        <h1 ref={heading} tabIndex={-1} className="mt-1 font-display text-3xl text-leather-900 focus:outline-none">
          {title}
        </h1>
        <div className="mt-6 flex flex-col items-start gap-3">{children}</div>
      </div>
    </main>
  );
}

export function LinkError({ message }: { message: string }) {
  return (
    <p role="alert" className="w-full rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function LinkAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex rounded-lg bg-leather-700 px-4 py-2 font-semibold text-white hover:bg-leather-800"
    >
      {children}
    </Link>
  );
}
