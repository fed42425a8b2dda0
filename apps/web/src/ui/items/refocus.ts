import type { RefObject } from 'react';

/**
 * Radix Dialog gives focus back only to a Dialog.Trigger; the feed's modals open from plain buttons and
 * menu items, so focus is put back on the opener by hand once the dialog has let go of it.
 */
export function refocus(target: RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined)) {
  setTimeout(() => (typeof target === 'function' ? target() : target.current)?.focus(), 0);
}
