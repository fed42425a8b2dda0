import type { Message } from '@corral/contract';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';

const DeleteMessageDialog = lazyDialog(() =>
  import('./delete-message-dialog.tsx').then((module) => module.DeleteMessageDialog),
);

type AskDelete = (message: Message, opener: HTMLElement | null) => void;
const AskDeleteContext = createContext<AskDelete>(() => undefined);

/** Opens "Delete this message?" for one of the viewer's messages, from its menu. */
export const useAskDelete = () => useContext(AskDeleteContext);
export const preloadDeleteDialog = () => DeleteMessageDialog.preload();

/**
 * The conversation's one "Delete this message?" dialog. It lives beside the messages rather than in one: a
 * deleted message loses its menu, and the dialog would go with it. Closed, the focus goes back to the menu's
 * button, or to the conversation once the message (and its menu) is emptied.
 */
export function MessageDeletion({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<{
    message: Message;
    opener: HTMLElement | null;
    log: HTMLElement | null;
  } | null>(null);
  const [open, setOpen] = useState(false);
  const ask: AskDelete = (message, opener) => {
    // The conversation is found now: the opener may be gone by the time the dialog closes.
    setTarget({ message, opener, log: opener?.closest<HTMLElement>('[role="log"]') ?? null });
    setOpen(true);
  };
  return (
    <AskDeleteContext value={ask}>
      {children}
      {target && (
        <DeleteMessageDialog
          message={target.message}
          open={open}
          onOpenChange={(next) => {
            if (next) return;
            setOpen(false);
            const { opener, log } = target;
            refocus(() => (opener?.isConnected ? opener : log));
          }}
        />
      )}
    </AskDeleteContext>
  );
}
