import { useState } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { lazyOverlay } from '../../../ui/lazy-overlay.tsx';

// Radix's Dialog loads on the panel's first use (issue 10's budget for the feed).
const MenuSheetDialog = lazyOverlay(() => import('./menu-sheet.lazy.tsx').then((module) => module.MenuSheetDialog), {
  popup: 'dialog',
});

/** On small screens the sidebars live in a slide-in Menu panel (focus trapped, Escape closes). */
export function MenuSheet() {
  const [open, setOpen] = useState(false);
  return (
    <MenuSheetDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          aria-label="Menu"
          className="inline-flex size-10 items-center justify-center rounded-full text-leather-800 hover:bg-leather-100 lg:hidden"
        >
          <Icon name="menu" />
        </button>
      }
    />
  );
}
