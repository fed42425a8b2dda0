import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../config/page-meta.ts';

/**
 * Names the document after the screen on every navigation (screen readers announce the new title). A layout
 * effect, so a screen's own effect may still name it otherwise (a staff page shown to a member as missing).
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
