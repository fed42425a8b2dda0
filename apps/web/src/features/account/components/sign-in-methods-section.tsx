import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from '@corral/contract';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { connectProvider, useSignInMethods, useUnlinkProvider } from '../api/sign-in-methods.ts';

/**
 * The Account page's "Sign-in methods": whether the member has a password, and Google and Apple, connected or
 * not, with Disconnect while another way in remains (docs/decisions/036-google-and-apple-sign-in.md).
 */
export function SignInMethodsSection() {
  const methods = useSignInMethods();
  const unlink = useUnlinkProvider();
  const [confirming, setConfirming] = useState<OAuthProvider | null>(null);
  const [connecting, setConnecting] = useState<OAuthProvider | null>(null);
  const here = useLocation().pathname;
  const data = methods.data;
  const providers = data
    ? ([...new Set([...data.available, ...data.linked.map((l) => l.provider)])] as OAuthProvider[])
    : [];
  const waysIn = data ? data.linked.length + (data.has_password ? 1 : 0) : 0;

  const connect = (provider: OAuthProvider) => {
    setConnecting(provider);
    connectProvider(provider, here).catch((error: unknown) => {
      setConnecting(null);
      toast.error(error instanceof ApiError ? error.message : 'Could not start connecting. Please try again.');
    });
  };
  const disconnect = (provider: OAuthProvider) =>
    unlink.mutate(provider, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not disconnect.'),
      onSettled: () => setConfirming(null),
    });

  return (
    <section aria-labelledby="sign-in-methods-heading" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="sign-in-methods-heading" className="font-display text-xl text-leather-900">
        Sign-in methods
      </h2>
      {methods.isPending && <p className="mt-3 text-sm text-stone-600">Loading…</p>}
      {methods.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Could not load your sign-in methods.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void methods.refetch()}>
            Try again
          </button>
        </p>
      )}
      {data && (
        <ul className="mt-3 divide-y divide-stone-100">
          <li className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-semibold text-stone-900">Password</p>
              <p className="text-sm text-stone-600">
                {data.has_password ? (
                  'You can sign in with your email and password.'
                ) : (
                  <>
                    No password yet. To set one,{' '}
                    <Link to={paths.forgotPassword} className="font-semibold text-leather-700 underline">
                      get a link by email
                    </Link>
                    .
                  </>
                )}
              </p>
            </div>
          </li>
          {providers.map((provider) => {
            const name = OAUTH_PROVIDER_NAMES[provider];
            const linked = data.linked.find((l) => l.provider === provider);
            const last = linked !== undefined && waysIn <= 1;
            return (
              <li key={provider} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{name}</p>
                  <p className="text-sm text-stone-600">
                    {linked
                      ? last
                        ? `Connected ${formatTimestamp(linked.linked_at)}. It is your only way to sign in, so it cannot be disconnected.`
                        : `Connected ${formatTimestamp(linked.linked_at)}.`
                      : `Not connected.`}
                  </p>
                </div>
                {!linked && data.available.includes(provider) && (
                  <Button
                    variant="secondary"
                    busy={connecting === provider}
                    disabled={connecting !== null}
                    onClick={() => connect(provider)}
                    aria-label={`Connect ${name}`}
                  >
                    Connect
                  </Button>
                )}
                {linked && !last && confirming !== provider && (
                  <Button variant="secondary" onClick={() => setConfirming(provider)} aria-label={`Disconnect ${name}`}>
                    Disconnect
                  </Button>
                )}
                {linked && confirming === provider && (
                  <div className="flex gap-2">
                    <Button
                      variant="danger"
                      busy={unlink.isPending}
                      onClick={() => disconnect(provider)}
                      aria-label={`Confirm: disconnect ${name}`}
                    >
                      Disconnect
                    </Button>
                    <Button variant="ghost" disabled={unlink.isPending} onClick={() => setConfirming(null)}>
                      Cancel
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
