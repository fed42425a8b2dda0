import type { ConversationBox } from '@corral/contract';
import { Popover } from 'radix-ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../ui/icons.tsx';
import type { LoadedOverlayProps } from '../../../ui/lazy-overlay.tsx';
import { BoxTabs } from './box-tabs.tsx';

export interface MessagesPopoverProps {
  box: ConversationBox;
  onBoxChange: (box: ConversationBox) => void;
}

/**
 * The Radix part of the chat icon's panel (Popover, and Tabs through BoxTabs), loaded on the icon's first use
 * (ui/lazy-overlay.tsx); its state lives in MessagesMenu. A row opens its conversation on the messages page.
 */
export function MessagesPopover({
  trigger,
  open,
  onOpenChange,
  box,
  onBoxChange,
}: LoadedOverlayProps & MessagesPopoverProps) {
  const headingId = useId();
  const close = () => onOpenChange(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={headingId}
          data-testid="messages-panel"
          className="z-50 flex max-h-[min(var(--radix-popover-content-available-height),36rem)] w-[min(calc(100vw-1.5rem),24rem)] flex-col rounded-2xl bg-white p-3 shadow-lg ring-1 ring-leather-100"
        >
          <div className="mb-2 flex shrink-0 items-center gap-2 px-1">
            <h2 id={headingId} className="font-semibold text-leather-900">
              Messages
            </h2>
            <Link
              to={box === 'requests' ? paths.messageRequests : paths.messages}
              onClick={close}
              className="ml-auto rounded-full px-2 py-1 text-sm font-semibold text-leather-700 hover:bg-leather-50"
            >
              See all
            </Link>
            <Popover.Close
              aria-label="Close messages"
              className="inline-flex size-8 items-center justify-center rounded-full text-stone-600 hover:bg-leather-100"
            >
              <Icon name="close" className="size-4" />
            </Popover.Close>
          </div>
          <BoxTabs box={box} onBoxChange={onBoxChange} onOpen={close} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
