import { NEWSLETTER_MESSAGES } from '@corral/contract';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useUnsubscribe } from '../api/unsubscribe.ts';

/**
 * Where a newsletter email's unsubscribe link lands (`/newsletter/unsubscribe?token=…`): it sends the token
 * once, on arrival, and shows the server's answer. Opening the link is the reader's request; the API call is
 * idempotent, so a second visit answers the same.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const sent = useRef<string | null>(null);
  const { mutate } = unsubscribe;

  useEffect(() => {
    // Once per token, also when development mode runs effects twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [token, mutate]);

  const error = token ? unsubscribe.error : null;
  const canRetry = error && (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500);
  const busy = Boolean(token) && !unsubscribe.isSuccess && !error;
  return (
    <UnsubscribeCard title={unsubscribe.isSuccess ? 'You are unsubscribed' : 'Unsubscribe'}>
      {/* One live region for the whole visit, so screen readers announce each change of its text. */}
      <p role="status" className="flex items-center gap-2 text-stone-700">
        {busy && <Spinner className="size-4" />}
        {busy && NEWSLETTER_MESSAGES.unsubscribing}
        {unsubscribe.isSuccess && unsubscribe.data.message}
      </p>
      {!token && <ErrorMessage message={NEWSLETTER_MESSAGES.invalidLink} />}
      {error && <ErrorMessage message={error.message} />}
      {canRetry && (
        <Button variant="secondary" onClick={() => mutate({ token })}>
          Try again
        </Button>
      )}
    </UnsubscribeCard>
  );
}

function UnsubscribeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-leather-100 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-leather-700">Corral newsletter</p>
        <h1 className="mt-1 font-display text-3xl text-leather-900">{title}</h1>
        <div className="mt-6 flex flex-col items-start gap-2">{children}</div>
        <Link to={paths.home} className="mt-4 inline-block font-semibold text-leather-700 underline">
          Back to the home page
        </Link>
      </div>
    </main>
  );
}

function ErrorMessage({ message }: { message: string }) {
  return (
    <p role="alert" className="w-full rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
