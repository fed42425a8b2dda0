import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../config/page-meta.ts';

/** Names the document after the screen on every navigation (screen readers announce the new title). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
