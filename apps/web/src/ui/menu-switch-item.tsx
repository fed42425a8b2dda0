import { type MenuSwitchItemProps, menuParts } from './menu.tsx';

/**
 * A setting inside a Menu that flips on selection (role menuitemcheckbox, aria-checked): the menu stays
 * open so the member sees the new state, shown by `badge`. Radix's part loads with the menu (ui/menu.lazy.tsx).
 */
export function MenuSwitchItem(props: MenuSwitchItemProps) {
  const { RadixMenuSwitchItem } = menuParts();
  return <RadixMenuSwitchItem {...props} />;
}
