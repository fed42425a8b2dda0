import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The browser router, made once the route modules of the page being opened are loaded. React Router
 * would otherwise start uninitialised and render nothing (and warn about a missing HydrateFallback) while
 * they load; loaded first, the first render is the whole page, which is also what lets a prerendered
 * page be hydrated in place.
 */
export async function createAppRouter(): Promise<ReturnType<typeof createBrowserRouter>> {
  await loadRouteModules(routes, window.location.pathname);
  return createBrowserRouter(routes);
}

/** Resolves the `lazy` of every route matching `pathname`, in place (React Router's documented recipe). */
export async function loadRouteModules(all: RouteObject[], pathname: string): Promise<void> {
  const lazyMatches = (matchRoutes(all, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
