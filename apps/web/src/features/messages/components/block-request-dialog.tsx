import { AlertDialog } from 'radix-ui';
import { Button } from '../../../ui/button.tsx';

export interface BlockRequestDialogProps {
  /** The sender's name. */
  name: string;
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** Block the sender of a request? Cancel has the focus first; Block blocks them and deletes the request. */
export function BlockRequestDialog({ name, open, busy, onOpenChange, onConfirm }: BlockRequestDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-center font-display text-2xl text-leather-900">{`Block ${name}?`}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 text-sm text-stone-600">
              <p>Their request is deleted, and neither of you will see the other on Corral:</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>no messages either way, no profiles, posts, events or comments;</li>
                <li>they are not told. You can unblock them from Blocked and muted, in your account menu.</li>
              </ul>
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              Block
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
