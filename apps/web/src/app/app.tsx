import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToaster } from './app-toaster.tsx';
import { queryClient } from './query-client.ts';

/**
 * The providers around the router: the browser's RouterProvider, or the prerender's StaticRouterProvider. A
 * server render of a member's first screen brings its own cache (`client`), one per call.
 */
export function App({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
