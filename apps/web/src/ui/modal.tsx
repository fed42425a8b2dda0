import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { Icon } from './icons.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read by screen readers when the modal opens; hidden when the title says it all. */
  description?: ReactNode;
  /** Shows the description under the title (a promise the member should read, not only hear); else it is for screen readers. */
  showDescription?: boolean;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The app's modal (Radix Dialog): focus is trapped and returns to the opener, Escape and an outside
 * click close it, the page behind does not scroll. It animates in 0.3 s (spec: modal animation) and is
 * a bottom sheet on phones, leaving a band as tall as the top bar above it (where toasts show meanwhile).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  showDescription = false,
  children,
  footer,
  className,
}: ModalProps) {
  // Opened from state rather than a Dialog.Trigger, Radix may not know the opener when it closes (the opener
  // re-rendered meanwhile): the element that had focus when the modal opened gets it back.
  const opener = useRef<HTMLElement | null>(null);
  if (open && opener.current === null && typeof document !== 'undefined')
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const returnFocus = (event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
  // A form's first field gets the focus on opening (rather than the close button).
  const content = useRef<HTMLDivElement>(null);
  const focusFirstField = (event: Event) => {
    const field = content.current?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([type=file]):not([disabled]), textarea:not([disabled]), select:not([disabled])',
    );
    if (field) {
      event.preventDefault();
      field.focus();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          ref={content}
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={returnFocus}
          className={clsx(
            'modal-content fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-4rem)] flex-col rounded-t-2xl bg-white shadow-xl',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(36rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            className,
          )}
        >
          <header className="flex items-center justify-between gap-4 border-b border-leather-100 px-5 py-3">
            <Dialog.Title className="font-display text-xl text-leather-900">{title}</Dialog.Title>
            <Dialog.Close
              className="rounded-full p-2 text-stone-500 hover:bg-leather-50 hover:text-leather-900"
              aria-label="Close"
            >
              <Icon name="close" className="size-5" />
            </Dialog.Close>
          </header>
          <Dialog.Description
            className={showDescription && description ? 'px-5 pt-3 text-sm text-stone-600' : 'sr-only'}
          >
            {description ?? title}
          </Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <footer className="flex justify-end gap-2 border-t border-leather-100 px-5 py-3">{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
