import { clsx } from 'clsx';
import { Outlet, useMatches } from 'react-router';
import { LARGE_SCREEN } from '../../config/breakpoints.ts';
import { applyMessageEventLater } from '../../features/messages/api/message-event-types.ts';
import { useLiveStream } from '../../features/notifications/api/live-stream.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { LeftSidebar } from './social/left-sidebar.tsx';
import { RightSidebar } from './social/right-sidebar.tsx';
import { SocialTopBar } from './social/social-top-bar.tsx';

/** What a route of the social area may ask of the layout (its `handle`). */
export interface SocialRouteHandle {
  /** The page takes the right sidebar's room too (messages: the list and a conversation side by side). */
  wide?: boolean;
}

/**
 * The social area: top bar, then three columns (left sidebar, routed content, right sidebar); two for a wide
 * page (no right sidebar). Below `lg` the right sidebar is not rendered at all (it lives in the Menu panel): a
 * hidden column would still fetch its three lists and load its photos on every phone.
 */
export function SocialLayout() {
  useLiveStream(applyMessageEventLater);
  const wide = useMatches().some((match) => (match.handle as SocialRouteHandle | undefined)?.wide);
  const largeScreen = useMediaQuery(LARGE_SCREEN);
  return (
    <div className="min-h-screen bg-leather-50">
      <SocialTopBar />
      <div
        className={clsx(
          'mx-auto grid max-w-7xl gap-6 px-3 py-6 sm:px-4',
          wide ? 'lg:grid-cols-[16rem_minmax(0,1fr)]' : 'lg:grid-cols-[16rem_minmax(0,1fr)_18rem]',
        )}
      >
        <aside aria-label="Sections" className="hidden lg:block">
          <div className="sticky top-20">
            <LeftSidebar />
          </div>
        </aside>
        <main id="content" tabIndex={-1} className="min-w-0 outline-none">
          <Outlet />
        </main>
        {!wide && largeScreen && (
          <aside aria-label="Friends and events" className="hidden lg:block">
            <div className="sticky top-20">
              <RightSidebar />
            </div>
          </aside>
        )}
      </div>
    </div>
  );
}
