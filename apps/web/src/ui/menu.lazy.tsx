import { clsx } from 'clsx';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { Icon } from './icons.tsx';
import { focusFirstMenuItem, type LoadedOverlayProps } from './lazy-overlay.tsx';
import type { MenuItemProps, MenuSwitchItemProps } from './menu-props.ts';

/**
 * The Radix part of ui/menu.tsx, loaded on a menu's first use (ui/lazy-overlay.tsx): the items render only
 * inside an open menu, so they come with it.
 */
export function RadixMenu({
  trigger,
  open,
  onOpenChange,
  openedByKeyboard,
  children,
  className,
  sideOffset,
}: LoadedOverlayProps & { children: ReactNode; className?: string; sideOffset: number }) {
  const content = useRef<HTMLDivElement>(null);
  const firstOpening = useRef(openedByKeyboard);
  // Radix focuses the first item when it saw the key that opened the menu; the first time, it was not mounted
  // yet: once it has settled (focus on the list), the first item gets the focus.
  useEffect(() => {
    if (!open || !firstOpening.current) return;
    const frame = requestAnimationFrame(() => {
      firstOpening.current = false;
      focusFirstMenuItem(content.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={content}
          align="end"
          sideOffset={sideOffset}
          // Clear of the screen's edges on a phone (a menu under a button near the left edge, aligned to its end).
          collisionPadding={8}
          className={clsx(
            'z-50 rounded-xl bg-white p-1 text-sm text-stone-800 shadow-lg ring-1 ring-leather-100',
            className,
          )}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

// The highlighted item (arrow keys or pointer) gets a tint and a bar on its left edge: a tint alone is too pale
// on white for the keyboard's position to be seen.
const tones = {
  default: 'data-highlighted:bg-leather-100 data-highlighted:shadow-[inset_3px_0_0_var(--color-leather-700)]',
  danger: 'text-red-700 data-highlighted:bg-red-50 data-highlighted:shadow-[inset_3px_0_0_var(--color-red-700)]',
};

export function RadixMenuItem({ icon, tone = 'default', className, children, ...props }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      {...props}
      className={clsx(
        'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 outline-none data-disabled:cursor-default data-disabled:opacity-50',
        tones[tone],
        className,
      )}
    >
      {icon ? (
        <>
          <Icon name={icon} className="size-4 text-leather-700" />
          {children}
        </>
      ) : (
        children
      )}
    </DropdownMenu.Item>
  );
}

export function RadixMenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="px-3 pt-2 pb-1 font-semibold text-leather-900">{children}</DropdownMenu.Label>;
}

export function RadixMenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-leather-100" />;
}

export function RadixMenuSwitchItem({ checked, onCheckedChange, disabled, badge, children }: MenuSwitchItemProps) {
  return (
    <DropdownMenu.CheckboxItem
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      onSelect={(event) => event.preventDefault()}
      className={clsx(
        'flex cursor-pointer items-center justify-between gap-2 rounded-lg px-3 py-2 outline-none data-highlighted:bg-leather-100 data-highlighted:shadow-[inset_3px_0_0_var(--color-leather-700)]',
        'data-disabled:cursor-default data-disabled:opacity-60',
      )}
    >
      {children}
      {badge}
    </DropdownMenu.CheckboxItem>
  );
}
