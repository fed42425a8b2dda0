import { clsx } from 'clsx';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A setting inside a Menu that flips on selection (role menuitemcheckbox, aria-checked): the menu stays
 * open so the member sees the new state, shown by `badge`.
 */
export function MenuSwitchItem({
  checked,
  onCheckedChange,
  disabled,
  badge,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.CheckboxItem
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      onSelect={(event) => event.preventDefault()}
      className={clsx(
        'flex cursor-pointer items-center justify-between gap-2 rounded-lg px-3 py-2 outline-none data-highlighted:bg-leather-50',
        'data-disabled:cursor-default data-disabled:opacity-60',
      )}
    >
      {children}
      {badge}
    </DropdownMenu.CheckboxItem>
  );
}
