import { AlertDialog } from 'radix-ui';
import { Button } from '../../../ui/button.tsx';

/**
 * "Delete this …?": an alert dialog (focus on Cancel first, Escape cancels) whose Delete runs `onConfirm`; it
 * stays open, busy, until the caller closes it (on success) so a refusal can be read in place.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  text,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl">
          <AlertDialog.Title className="font-display text-2xl text-leather-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-stone-600">{text}</AlertDialog.Description>
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex justify-center gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
