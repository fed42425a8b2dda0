import { useEffect } from 'react';

/**
 * While `active`, leaving the page (a reload, closing the tab, another address) asks first, with the
 * browser's own question: an upload under way would be cut off, and whether it reached the server unknown.
 */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before the standard's preventDefault ask only when returnValue is set.
      event.returnValue = 'An upload is still under way.';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
