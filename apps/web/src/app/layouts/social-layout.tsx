import { Outlet } from 'react-router';
import { useLiveStream } from '../../features/notifications/api/live-stream.ts';
import { LeftSidebar } from './social/left-sidebar.tsx';
import { RightSidebar } from './social/right-sidebar.tsx';
import { SocialTopBar } from './social/social-top-bar.tsx';

/** The social area: top bar, then three columns (left sidebar, routed content, right sidebar). */
export function SocialLayout() {
  useLiveStream();
  return (
    <div className="min-h-screen bg-leather-50">
      <SocialTopBar />
      <div className="mx-auto grid max-w-7xl gap-6 px-3 py-6 sm:px-4 lg:grid-cols-[16rem_minmax(0,1fr)_18rem]">
        <aside aria-label="Sections" className="hidden lg:block">
          <div className="sticky top-20">
            <LeftSidebar />
          </div>
        </aside>
        <main id="content" tabIndex={-1} className="min-w-0 outline-none">
          <Outlet />
        </main>
        <aside aria-label="Friends and events" className="hidden lg:block">
          <div className="sticky top-20">
            <RightSidebar />
          </div>
        </aside>
      </div>
    </div>
  );
}
