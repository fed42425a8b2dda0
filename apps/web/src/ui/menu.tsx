import { type ReactElement, type ReactNode, useState } from 'react';
import { lazyOverlay } from './lazy-overlay.tsx';
import type { MenuItemProps, MenuSwitchItemProps } from './menu-props.ts';

export type { MenuItemProps, MenuSwitchItemProps };

export interface MenuProps {
  /** The button that opens the menu (a `<button type="button">`); Radix gives it the menu's aria attributes. */
  trigger: ReactElement;
  children: ReactNode;
  /** Sizes the list, e.g. its least width ('min-w-56'). */
  className?: string;
  /** Pixels between the trigger and the list. */
  sideOffset?: number;
}

/** The Radix module, once loaded: the items render only inside an open menu, so it is there when they do. */
let radix: typeof import('./menu.lazy.tsx') | undefined;

const LazyMenu = lazyOverlay<{ children: ReactNode; className?: string; sideOffset: number }>(
  () =>
    import('./menu.lazy.tsx').then((module) => {
      radix = module;
      return module.RadixMenu;
    }),
  { popup: 'menu', arrowDownOpens: true },
);

/** The loaded Radix parts of a menu (its items render inside an open menu only). */
export function menuParts(): typeof import('./menu.lazy.tsx') {
  if (!radix) throw new Error('A menu item renders inside a Menu.');
  return radix;
}

/**
 * The app's dropdown menu (Radix DropdownMenu, loaded on first use: see ui/lazy-overlay.tsx): the list opens
 * under the trigger, aligned to its end; arrow keys move through the items; a choice, Escape or an outside
 * click closes it and focus returns to the trigger. Not modal: Radix's modal menu marks the rest of the page
 * aria-hidden while its links stay focusable (axe: aria-hidden-focus); the menu keeps Tab inside it and closes
 * on an outside click all the same.
 */
export function Menu({ trigger, children, className, sideOffset = 8 }: MenuProps) {
  const [open, setOpen] = useState(false);
  return (
    <LazyMenu trigger={trigger} open={open} onOpenChange={setOpen} className={className} sideOffset={sideOffset}>
      {children}
    </LazyMenu>
  );
}

/** One choice of a Menu: `onSelect` acts, or `asChild` makes a link the item. */
export function MenuItem(props: MenuItemProps) {
  const { RadixMenuItem } = menuParts();
  return <RadixMenuItem {...props} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  const { RadixMenuLabel } = menuParts();
  return <RadixMenuLabel>{children}</RadixMenuLabel>;
}

export function MenuSeparator() {
  const { RadixMenuSeparator } = menuParts();
  return <RadixMenuSeparator />;
}
