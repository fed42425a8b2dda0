import { LIMITS } from '@corral/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from './query-client.ts';

/** The providers around the router: the browser's RouterProvider, or the prerender's StaticRouterProvider. */
export function App({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec: toasts close after 5000 ms, at most 20, newest on top. */}
      <Toaster
        position="top-right"
        // Below the top bar (4 rem), so toasts never cover its buttons.
        offset={{ top: 76, right: 16 }}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
        duration={LIMITS.toastDurationMs}
        visibleToasts={LIMITS.toastMax}
        expand
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
