import { LIMITS, MESSAGES } from '@corral/contract';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { clearMemberDrafts } from '../../../lib/drafts.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

const A = MESSAGES.account;

/** The delete-account icon of the own profile, with the spec's confirmation and result dialogs. */
export function DeleteAccountButton() {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        // The account is gone: so are its drafts on this browser (ADR 023).
        void clearMemberDrafts(useSession.getState().currentUser?.id ?? '');
        // 'Deleted' / 'Your account has been deleted.', then the member is signed out to sign-in.
        setTimeout(() => {
          useSession.getState().clear();
          navigate(paths.signIn, { replace: true });
        }, LIMITS.redirectDelayMs);
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !remove.isPending && !remove.isSuccess && setOpen(next)}>
      <AlertDialog.Trigger
        aria-label="Delete account"
        title="Delete account"
        className="inline-flex size-10 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
      >
        <TrashIcon />
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl">
          {remove.isSuccess ? (
            <>
              <AlertDialog.Title className="font-display text-2xl text-leather-900">{A.deletedTitle}</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-stone-600">{A.deletedText}</AlertDialog.Description>
            </>
          ) : (
            <>
              <AlertDialog.Title className="font-display text-2xl text-leather-900">{A.confirmTitle}</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-stone-600">{A.confirmText}</AlertDialog.Description>
              <div className="mt-6 flex justify-center gap-3">
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary" disabled={remove.isPending}>
                    Cancel
                  </Button>
                </AlertDialog.Cancel>
                <Button variant="danger" busy={remove.isPending} onClick={confirm}>
                  Yes, delete it!
                </Button>
              </div>
            </>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
