import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { useUndoEmailChange } from '../api/account-api.ts';
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
 * Where the undo link sent to the former address lands (`/undo-email-change#token=…`). Undoing signs out every
 * device, so it waits for the member's press rather than running on arrival.
 */
export function UndoEmailPage() {
  const token = useLinkToken();
  const undo = useUndoEmailChange();

  if (!token) {
    return (
      <LinkCard title={LINK_STATE_TITLES.invalid}>
        <LinkError message={LINK_STATE_TEXTS.invalid} />
      </LinkCard>
    );
  }
  if (undo.isSuccess) {
    return (
      <LinkCard title="Your address is back">
        <p role="status" className="text-stone-700">
          {undo.data.message}
        </p>
        <LinkAction to={paths.forgotPassword}>Reset your password</LinkAction>
      </LinkCard>
    );
  }
  const state = undo.isError ? linkState(undo.error) : null;
  if (state) {
    return (
      <LinkCard title={LINK_STATE_TITLES[state]}>
        <LinkError message={undo.error?.message ?? LINK_STATE_TEXTS[state]} />
        {state === 'expired' && (
          <p className="text-sm text-stone-700">
            Undo links work for 7 days. If someone else changed your address, reset your password or write to us through
            the Help Center.
          </p>
        )}
        <LinkAction to={paths.signIn}>Log In</LinkAction>
      </LinkCard>
    );
  }
  return (
    <LinkCard title="Undo the email change">
      <p className="text-stone-700">
        If you did not change your Corral email address, put your former address back. Every device signed in to your
        account will be signed out.
      </p>
      {undo.isError && <LinkError message={undo.error.message} />}
      {/* Every session of the account ends, this browser's too if it was signed in to it: its next request
          answers 401 and the app signs it out, as after any sign-out elsewhere. */}
      <Button busy={undo.isPending} onClick={() => undo.mutate(token)}>
        Put my former address back
      </Button>
    </LinkCard>
  );
}
