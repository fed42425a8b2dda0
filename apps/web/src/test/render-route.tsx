import type { CurrentUser } from '@corral/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { useSession } from '../lib/session-store.ts';

/** Any other page: says where the router went, for a test to read. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}`}</p>;
}

/**
 * Renders a page the way the app does (its route at `path`, a fresh query client, the toaster), opened at
 * `url`; every other address renders a marker saying where the page sent the member (`landedAt`).
 */
export function renderRoute(element: ReactElement, { path, url = path }: { path: string; url?: string }) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    ...view,
    router,
    queryClient: client,
    address: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

/** Where the page sent the member, once it has. */
export const landedAt = async () => (await screen.findByTestId('landed')).textContent;

/** A member signed in on this browser, at the given point of their setup. */
export function signInAs(changes: Partial<CurrentUser> = {}): CurrentUser {
  const user: CurrentUser = {
    id: 'member-1',
    first_name: 'Kaycee',
    last_name: 'Feild',
    email: 'kaycee@example.com',
    avatar: null,
    profile_image: '',
    api_token: 'token-1',
    is_onboard: 0,
    verified: 0,
    role: 'member',
    ...changes,
  };
  useSession.getState().setUser(user);
  return user;
}
