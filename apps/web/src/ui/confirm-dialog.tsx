import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The danger button's text ('Unfriend', 'Block', 'Close offer'). */
  confirm: string;
  open: boolean;
  busy?: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/**
 * A question before something hard to take back (Unfriend, Block, close an offer): Cancel has the focus first. The danger
 * button calls `onConfirm`; the caller closes the dialog (at once, or once the server has answered, showing
 * `busy` meanwhile) and tells the outcome (a toast).
 */
export function ConfirmDialog({
  title,
  children,
  confirm,
  open,
  busy = false,
  onOpenChange,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-center font-display text-2xl text-leather-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 text-stone-600">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              {confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
