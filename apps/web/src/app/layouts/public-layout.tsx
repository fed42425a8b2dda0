import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';

/** Pages outside the social area: the top navigation (dark on the home page), the page, the footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav variant={pathname === paths.home ? 'dark' : 'light'} />
      <div id="content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
