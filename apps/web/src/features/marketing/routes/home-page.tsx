import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The marketing home; a later issue completes it with the about, carousel, testimonial and feature sections. */
export function HomePage() {
  return (
    <main>
      <section className="bg-gradient-to-b from-leather-950 to-leather-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-20 sm:py-28">
          <p className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            Join 10K users
          </p>
          <h1 className="max-w-2xl font-display text-4xl leading-tight sm:text-6xl">
            Your rodeo family, all in one arena.
          </h1>
          <p className="max-w-xl text-lg text-leather-100">
            Share the ride, find the next rodeo with added money, and keep up with the friends you meet down the road.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link
              to={paths.socialHome}
              className="rounded-lg bg-white px-5 py-3 font-semibold text-leather-900 hover:bg-leather-100"
            >
              Know More
            </Link>
            <Link
              to={paths.signUp}
              className="rounded-lg border border-white/40 px-5 py-3 font-semibold hover:bg-white/10"
            >
              Sign up free
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
