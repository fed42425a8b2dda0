import type { DropdownMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import type { IconName } from './icons.tsx';

// The props of the menu's parts, apart from menu.tsx: the Radix half (menu.lazy.tsx) types its parts with them
// without importing the file that loads it.

export interface MenuItemProps extends ComponentProps<typeof DropdownMenu.Item> {
  /** Drawn before the text; not with `asChild`, whose one child is the item. */
  icon?: IconName;
  tone?: 'default' | 'danger';
}

export interface MenuSwitchItemProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  badge: ReactNode;
  children: ReactNode;
}
