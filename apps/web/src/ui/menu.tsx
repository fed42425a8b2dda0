import { clsx } from 'clsx';
import { DropdownMenu } from 'radix-ui';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

export interface MenuProps {
  /** The button that opens the menu (a `<button type="button">`); Radix gives it the menu's aria attributes. */
  trigger: ReactElement;
  children: ReactNode;
  /** Sizes the list, e.g. its least width ('min-w-56'). */
  className?: string;
  /** Pixels between the trigger and the list. */
  sideOffset?: number;
}

/**
 * The app's dropdown menu (Radix DropdownMenu): the list opens under the trigger, aligned to its end;
 * arrow keys move through the items; a choice, Escape or an outside click closes it and focus returns to
 * the trigger.
 */
export function Menu({ trigger, children, className, sideOffset = 8 }: MenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={sideOffset}
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

const tones = {
  default: 'data-highlighted:bg-leather-50',
  danger: 'text-red-700 data-highlighted:bg-red-50',
};

export interface MenuItemProps extends ComponentProps<typeof DropdownMenu.Item> {
  /** Drawn before the text; not with `asChild`, whose one child is the item. */
  icon?: IconName;
  tone?: keyof typeof tones;
}

/** One choice of a Menu: `onSelect` acts, or `asChild` makes a link the item. */
export function MenuItem({ icon, tone = 'default', className, children, ...props }: MenuItemProps) {
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

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="px-3 pt-2 pb-1 font-semibold text-leather-900">{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-leather-100" />;
}
