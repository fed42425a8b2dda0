import { StoreBadges } from '../../../ui/store-badges.tsx';

/** 'Get The App' badges (spec, sign-up): the home page's store badges, which say the apps are coming soon. */
export function AppBadges() {
  return (
    <div className="flex flex-col items-center gap-3">
      <span className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Get The App</span>
      <StoreBadges className="justify-center" />
    </div>
  );
}
