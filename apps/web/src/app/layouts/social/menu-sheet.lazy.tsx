import { Dialog } from 'radix-ui';
import { Icon } from '../../../ui/icons.tsx';
import type { LoadedOverlayProps } from '../../../ui/lazy-overlay.tsx';
import { LeftSidebar } from './left-sidebar.tsx';
import { RightSidebar } from './right-sidebar.tsx';

/** The Radix part of the Menu panel (menu-sheet.tsx), loaded on its first use. */
export function MenuSheetDialog({ trigger, open, onOpenChange }: LoadedOverlayProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(88vw,20rem)] flex-col gap-4 overflow-y-auto bg-leather-50 p-4 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-display text-xl text-leather-900">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-leather-100"
            >
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Sections, friend requests and upcoming events</Dialog.Description>
          <LeftSidebar onNavigate={() => onOpenChange(false)} />
          <RightSidebar />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
