import type { Message } from '@corral/contract';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { Menu, MenuItem } from '../../../ui/menu.tsx';
import { preloadDeleteDialog, useAskDelete } from './message-deletion.tsx';

const ReportModal = lazyDialog(() =>
  import('../../../entities/items/components/report-modal.tsx').then((module) => module.ReportModal),
);

/**
 * A message's menu: Delete for one's own (after a confirmation), Report for the other member's. The button
 * shows on hover or focus where there is a pointer that hovers, and always on a touch screen; the keyboard
 * reaches it in the message's order, arrows move through its items. Delete's dialog is the conversation's
 * (message-deletion.tsx): the emptied message has no menu.
 */
export function MessageOptions({ message, mine, className }: { message: Message; mine: boolean; className?: string }) {
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const askDelete = useAskDelete();
  const preload = mine ? preloadDeleteDialog : ReportModal.preload;

  const close = (open: boolean) => {
    if (open) return;
    setReporting(false);
    refocus(trigger);
  };

  return (
    <>
      <Menu
        className="min-w-36"
        sideOffset={4}
        trigger={
          <button
            ref={trigger}
            type="button"
            aria-label="Message options"
            onPointerEnter={preload}
            onFocus={preload}
            className={clsx(
              'rounded-full p-1.5 text-stone-500 hover:bg-leather-100 hover:text-leather-900 focus-visible:opacity-100 data-[state=open]:bg-leather-100 data-[state=open]:opacity-100',
              '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100',
              className,
            )}
          >
            <Icon name="more" className="size-4" strokeWidth={3} />
          </button>
        }
      >
        {mine ? (
          <MenuItem icon="trash" tone="danger" onSelect={() => askDelete(message, trigger.current)}>
            Delete
          </MenuItem>
        ) : (
          <MenuItem icon="flag" onSelect={() => setReporting(true)}>
            Report
          </MenuItem>
        )}
      </Menu>
      {!mine && <ReportModal target={{ type: 'message', id: message.id }} open={reporting} onOpenChange={close} />}
    </>
  );
}
