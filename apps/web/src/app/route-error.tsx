import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths.ts';

/** Shown when a route fails to load (a lost network while fetching its code, or a bug). */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-display text-3xl text-leather-900">
        {status === 404 ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="text-stone-600">Please reload the page. If it keeps happening, try again in a little while.</p>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-lg bg-leather-700 px-4 py-2 font-semibold text-white"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link to={paths.home} className="rounded-lg border border-leather-300 px-4 py-2 font-semibold text-leather-800">
          Home
        </Link>
      </div>
    </main>
  );
}
