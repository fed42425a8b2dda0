import { clsx } from 'clsx';

type Store = 'app-store' | 'google-play';

// The apps are not in the stores yet: the badges say so wherever they stand.
const STORES: Record<Store, { small: string; name: string }> = {
  'app-store': { small: 'Coming soon to the', name: 'App Store' },
  'google-play': { small: 'Coming soon on', name: 'Google Play' },
};

/** Our own glyphs (not the stores' marks): a phone for the App Store, a play triangle for Google Play. */
function StoreGlyph({ store }: { store: Store }) {
  return (
    <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden="true" className="shrink-0 sm:size-[26px]">
      {store === 'app-store' ? (
        <g fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
          <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
          <path d="M10.5 5h3M9.5 15.5l2.5-6 2.5 6M10.3 13.6h3.4" />
        </g>
      ) : (
        <path
          d="M6 3.6v16.8a1 1 0 0 0 1.5.9l14-8.4a1 1 0 0 0 0-1.8l-14-8.4A1 1 0 0 0 6 3.6z"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

const badgeClass =
  'inline-flex items-center gap-2 rounded-xl border border-white/40 bg-black px-3 py-2 text-left text-white sm:min-w-44 sm:gap-3 sm:px-4';

/**
 * The two store buttons. The apps are not in the stores yet, so they lead to the download section (`href`),
 * or, where they are that section, stand without a link.
 */
export function StoreBadges({ href, className }: { href?: string; className?: string }) {
  return (
    <ul className={clsx('flex flex-wrap gap-2 sm:gap-3', className)}>
      {(Object.keys(STORES) as Store[]).map((store) => {
        const { small, name } = STORES[store];
        const content = (
          <>
            <StoreGlyph store={store} />
            <span className="flex flex-col leading-tight">
              <span className="text-xs text-stone-200">{small}</span>
              <span className="text-base font-semibold sm:text-lg">{name}</span>
            </span>
          </>
        );
        return (
          <li key={store}>
            {href ? (
              <a href={href} className={clsx(badgeClass, 'hover:bg-stone-900')}>
                {content}
              </a>
            ) : (
              <span className={badgeClass}>{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
