import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToaster } from './app-toaster.tsx';
import { queryClient } from './query-client.ts';

/** The providers around the router: the browser's RouterProvider, or the prerender's StaticRouterProvider. */
export function App({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
