import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';
import { StoreBadges } from '../../../ui/store-badges.tsx';

/** The download call to action: the apps are on their way; the web app works today. */
export function DownloadSection() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  return (
    <section id="download" aria-labelledby="download-title" className="scroll-mt-16 bg-white px-4 pb-16 sm:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-leather-950 to-leather-800 px-6 py-12 text-white sm:px-12 sm:py-16">
        <img
          src="/assets/img/logo-mark.svg"
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="pointer-events-none absolute -right-16 -bottom-16 size-72 opacity-10"
        />
        <div className="relative max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-leather-200 uppercase">Get the app</p>
          <h2 id="download-title" className="mt-2 font-display text-3xl leading-tight sm:text-4xl">
            Take Corral down the road
          </h2>
          <p className="mt-4 text-lg text-leather-100">
            Corral for iPhone and Android is on its way to the App Store and Google Play. Until then, Corral works in
            the browser of any phone or computer: same account, same friends, same events.
          </p>
          <StoreBadges className="mt-8" />
          <div className="mt-8 flex flex-wrap gap-3">
            {!isLoggedIn && (
              <a
                href={paths.signUp}
                data-guest-only
                className="rounded-lg bg-white px-5 py-3 font-semibold text-leather-900 hover:bg-leather-100"
              >
                Sign up free
              </a>
            )}
            <a
              href={paths.socialHome}
              className="rounded-lg border border-white/50 px-5 py-3 font-semibold hover:bg-white/10"
            >
              Know More
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
