import { useState } from 'react';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { useEmailPasswordLink } from '../api/account-api.ts';

/**
 * A member who signed up with Google or Apple has no password (ADR 036): the Password section offers a link, sent
 * to their address, that sets one, the way a forgotten password is reset.
 */
export function SetPasswordByEmail() {
  const email = useSession((state) => state.currentUser?.email);
  const send = useEmailPasswordLink();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div className="flex max-w-md flex-col items-start gap-3">
      <p className="text-sm text-stone-700">
        You sign in with Google or Apple, so you have no password yet. Set one to sign in with your email address too;
        changing your email and two-factor sign-in ask for it.
      </p>
      {sent ? (
        <p role="status" className="rounded-lg bg-leather-50 px-3 py-2 text-sm text-leather-900">
          {sent}
        </p>
      ) : (
        <>
          {send.isError && (
            <p role="alert" className="text-sm text-red-800">
              {send.error.message || 'The link could not be sent. Please try again.'}
            </p>
          )}
          <Button
            busy={send.isPending}
            disabled={!email}
            onClick={() =>
              email &&
              send.mutate(email, {
                onSuccess: () =>
                  setSent(`We sent a link to ${email}. Open it to choose your password; it works for one hour.`),
              })
            }
          >
            Email me a link to set a password
          </Button>
        </>
      )}
    </div>
  );
}

/** In place of a form that asks for the password, for a member who has none yet. */
export function NeedsPassword({ what }: { what: string }) {
  return (
    <p className="text-sm text-stone-700">
      {what} asks for your password, and you have none yet:{' '}
      <a href="#password" className="font-semibold text-leather-700 underline">
        set a password
      </a>{' '}
      first.
    </p>
  );
}
