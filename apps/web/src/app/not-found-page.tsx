import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="font-display text-6xl text-leather-600">404</p>
      <h1 className="font-display text-2xl text-leather-900">This trail goes nowhere</h1>
      <p className="text-stone-600">The page you asked for does not exist.</p>
      <Link to={paths.home} className="rounded-lg bg-leather-700 px-4 py-2 font-semibold text-white">
        Back to the home page
      </Link>
    </main>
  );
}
