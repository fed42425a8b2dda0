import { useEffect, useRef } from 'react';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useConfirmEmail } from '../api/account-api.ts';
import {
  LINK_STATE_TEXTS,
  LINK_STATE_TITLES,
  LinkAction,
  LinkCard,
  LinkError,
  linkState,
  useLinkToken,
} from '../components/link-card.tsx';

/**
 * Where the link sent to a new address lands (`/confirm-email#token=…`): opening it is the confirmation, so
 * the token is sent once, on arrival, from any device, signed in or not.
 */
export function ConfirmEmailPage() {
  const token = useLinkToken();
  const confirm = useConfirmEmail();
  const signedIn = useSession((state) => state.isLoggedIn);
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // Once per token, also when development mode runs effects twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const next = signedIn ? (
    <LinkAction to={paths.account}>Go to your account</LinkAction>
  ) : (
    <LinkAction to={paths.signIn}>Log In</LinkAction>
  );

  if (!token) {
    return (
      <LinkCard title={LINK_STATE_TITLES.invalid}>
        <LinkError message={LINK_STATE_TEXTS.invalid} />
      </LinkCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <LinkCard title="Email address confirmed">
        <p role="status" className="text-stone-700">
          {confirm.data.message} Sign in with it from now on.
        </p>
        {next}
      </LinkCard>
    );
  }
  if (confirm.isError) {
    const state = linkState(confirm.error);
    const retry =
      !state && (!(confirm.error instanceof ApiError) || confirm.error.isNetworkError || confirm.error.status >= 500);
    return (
      <LinkCard title={state ? LINK_STATE_TITLES[state] : 'The address could not be confirmed'}>
        <LinkError message={confirm.error.message} />
        {state === 'expired' && (
          <p className="text-sm text-stone-700">Ask for a new link on your Account page: it works for 24 hours.</p>
        )}
        {retry ? (
          <Button variant="secondary" onClick={() => mutate(token)}>
            Try again
          </Button>
        ) : (
          next
        )}
      </LinkCard>
    );
  }
  return (
    <LinkCard title="Confirming your email address">
      <p role="status" className="flex items-center gap-2 text-stone-700">
        <Spinner className="size-4" />
        Confirming…
      </p>
    </LinkCard>
  );
}
