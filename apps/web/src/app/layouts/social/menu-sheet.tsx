import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { LeftSidebar } from './left-sidebar.tsx';
import { RightSidebar } from './right-sidebar.tsx';

/** On small screens the sidebars live in a slide-in Menu panel (focus trapped, Escape closes). */
export function MenuSheet() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label="Menu"
        className="inline-flex size-10 items-center justify-center rounded-full text-leather-800 hover:bg-leather-100 lg:hidden"
      >
        <Icon name="menu" />
      </Dialog.Trigger>
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
          <LeftSidebar onNavigate={() => setOpen(false)} />
          <RightSidebar />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
