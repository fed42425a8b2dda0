/** 'Get the app' badges. The native apps are not published yet, so the badges say so instead of linking. */
export function AppBadges() {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <span className="w-full text-center text-xs font-semibold tracking-wide text-stone-500 uppercase">
        Get The App
      </span>
      {['App Store', 'Google Play'].map((store) => (
        <span
          key={store}
          title="Coming to the stores soon"
          className="inline-flex items-center gap-2 rounded-lg bg-stone-900 px-3 py-2 text-xs font-semibold text-white"
        >
          <span>
            <span className="block text-[10px] font-normal opacity-80">
              {store === 'App Store' ? 'Download on the' : 'Get it on'}
            </span>
            {store}
          </span>
        </span>
      ))}
    </div>
  );
}
