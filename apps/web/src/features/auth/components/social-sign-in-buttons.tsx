import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from '@corral/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { startOAuth } from '../../../lib/oauth-start.ts';
import { useOAuthProviders } from '../api/oauth-api.ts';

/**
 * Google and Apple sign-in. A button works only when the server is configured for its provider (GET
 * /auth/providers); until then it is shown, disabled, and says why. `next`: the member page to land on after.
 */
export function SocialSignInButtons({ label, next = null }: { label: string; next?: string | null }) {
  const providers = useOAuthProviders();
  const enabled = new Set<OAuthProvider>(providers.data?.providers ?? []);
  const [leaving, setLeaving] = useState<OAuthProvider | null>(null);
  const go = (provider: OAuthProvider) => {
    setLeaving(provider);
    startOAuth(provider, next).catch((error: unknown) => {
      setLeaving(null);
      toast.error(error instanceof ApiError ? error.message : 'Could not start the sign-in. Please try again.');
    });
  };
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-stone-500">
        <span className="h-px flex-1 bg-leather-100" />
        {label}
        <span className="h-px flex-1 bg-leather-100" />
      </div>
      <div className="mt-3 flex justify-center gap-3">
        {(
          [
            { id: 'google', icon: <GoogleIcon /> },
            { id: 'apple', icon: <AppleIcon /> },
          ] as const
        ).map(({ id, icon }) => {
          const name = OAUTH_PROVIDER_NAMES[id];
          return enabled.has(id) ? (
            <button
              key={id}
              type="button"
              onClick={() => go(id)}
              disabled={leaving !== null}
              aria-busy={leaving === id}
              aria-label={`${label} ${name}`}
              title={name}
              className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 bg-white hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-leather-700 disabled:opacity-60"
            >
              {icon}
            </button>
          ) : (
            <button
              key={id}
              type="button"
              disabled
              title={`${name} sign-in is not available yet`}
              aria-label={`${label} ${name} (not available yet)`}
              className="inline-flex size-11 cursor-not-allowed items-center justify-center rounded-full border border-stone-200 bg-white opacity-60"
            >
              {icon}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.6s1.7-.8 3.3-.8 2 .8 3.3.8 2.2-1.3 3-2.5c1-1.4 1.3-2.7 1.4-2.8-.1 0-2.6-1-2.6-4.2zM13.9 5c.7-.8 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z"
      />
    </svg>
  );
}
