import { LIMITS } from '@corral/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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
