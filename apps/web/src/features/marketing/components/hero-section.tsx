import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';
import { StoreBadges } from '../../../ui/store-badges.tsx';

/** Decorative faces of the members claim: initials on the palette's colours. */
const FACES = [
  { initials: 'KR', className: 'bg-leather-600' },
  { initials: 'DM', className: 'bg-sage-600' },
  { initials: 'RT', className: 'bg-leather-700' },
  { initials: 'CB', className: 'bg-leather-300 text-leather-950' },
];

export function HeroSection() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  return (
    <section
      aria-labelledby="hero-title"
      className="overflow-hidden bg-gradient-to-b from-leather-950 via-leather-950 to-leather-900 text-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-6 lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-leather-100 uppercase">
            For riders, organisers and fans
          </p>
          <h1 id="hero-title" className="font-display text-4xl leading-tight sm:text-5xl lg:text-6xl">
            Your rodeo family, all in one arena.
          </h1>
          <p className="max-w-xl text-lg text-leather-100">
            Corral is the social and events app for the rodeo and western community. Share your runs and photos, find
            the next rodeo and its added money, and keep up with the friends you meet down the road.
          </p>
          <StoreBadges href="#download" />
          <div className="flex flex-wrap gap-3">
            <a
              href={paths.socialHome}
              className="rounded-lg bg-white px-5 py-3 font-semibold text-leather-900 hover:bg-leather-100"
            >
              Know More
            </a>
            {!isLoggedIn && (
              <a
                href={paths.signUp}
                data-guest-only
                className="rounded-lg border border-white/50 px-5 py-3 font-semibold hover:bg-white/10"
              >
                Sign up free
              </a>
            )}
          </div>
          <div className="flex items-center gap-3">
            <div aria-hidden="true" className="flex -space-x-2">
              {FACES.map((face) => (
                <span
                  key={face.initials}
                  className={`grid size-9 place-items-center rounded-full text-xs font-bold ring-2 ring-leather-950 ${face.className}`}
                >
                  {face.initials}
                </span>
              ))}
            </div>
            <p className="text-sm text-leather-100">
              <strong className="block text-base text-white">10K+ members</strong>
              riding with Corral across the rodeo trail
            </p>
          </div>
        </div>
        <img
          src="/assets/img/home/hero-app.svg"
          alt="The Corral app on a phone: a friend's post from the arena, an upcoming rodeo with its added money, and notifications"
          width={520}
          height={560}
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-sm lg:max-w-md"
        />
      </div>
    </section>
  );
}
