import { clsx } from 'clsx';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogoutFlow } from '../../features/auth/api/use-logout-flow.ts';
import { useSession } from '../../lib/session-store.ts';
import { contextualLink } from '../../lib/setup-progress.ts';
import { useEnhance } from '../../site/use-enhance.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Menu, MenuItem, MenuSeparator } from '../../ui/menu.tsx';

const MENU_ID = 'site-menu';

/** The public pages' links: sections of the home page and the about page (document navigations). */
const NAV_LINKS = [
  { label: 'Features', href: `${paths.home}#features` },
  { label: 'Community', href: `${paths.home}#community` },
  { label: 'Get the app', href: `${paths.home}#download` },
  { label: 'About us', href: paths.aboutUs },
];

/**
 * The logo linking to the home page, as a plain link: the public pages are static HTML without a router.
 * `dark` is for dark backgrounds.
 */
export function BrandLink({ variant, className }: { variant: 'light' | 'dark'; className?: string }) {
  return (
    <a href={paths.home} className={clsx('inline-flex shrink-0 rounded-md', className)}>
      <img src={`/assets/img/logo-${variant}.svg`} alt="Corral home" width={133} height={32} className="h-8 w-auto" />
    </a>
  );
}

/**
 * The top navigation of the public pages; `dark` for the home page's dark header. Wide screens show the links
 * in the bar; phones get a Menu button opening an off-canvas panel (its behaviour is in site/enhance.ts, so the
 * prerendered page works without React). Guests see Sign In; members their greeting and menu, and no sign-up.
 */
export function TopNav({ variant }: { variant: 'light' | 'dark' }) {
  const dark = variant === 'dark';
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const ref = useEnhance<HTMLElement>();
  return (
    <>
      <header
        ref={ref}
        className={clsx(
          'sticky top-0 z-40 border-b',
          dark ? 'border-leather-900 bg-leather-950 text-white' : 'border-leather-100 bg-white/95 text-stone-800',
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <BrandLink variant={dark ? 'dark' : 'light'} />
          <nav aria-label="Main" className="ml-6 hidden md:block">
            <ul className="flex items-center gap-1 text-sm font-medium">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className={clsx(
                      'rounded-md px-3 py-2',
                      dark ? 'text-leather-100 hover:bg-leather-900 hover:text-white' : 'hover:bg-leather-50',
                    )}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            {isLoggedIn ? (
              <UserMenu dark={dark} />
            ) : (
              <a
                href={paths.signIn}
                data-guest-only
                data-no-js-show
                className={clsx(
                  'hidden rounded-lg px-4 py-2 text-sm font-semibold md:inline-flex',
                  dark
                    ? 'bg-white text-leather-900 hover:bg-leather-100'
                    : 'bg-leather-700 text-white hover:bg-leather-800',
                )}
              >
                Sign In
              </a>
            )}
            <button
              type="button"
              data-menu-toggle
              data-js-only
              aria-expanded={false}
              aria-controls={MENU_ID}
              className={clsx(
                'inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold md:hidden',
                dark
                  ? 'border-leather-700 text-white hover:bg-leather-900'
                  : 'border-leather-200 text-leather-900 hover:bg-leather-50',
              )}
            >
              <Icon name="menu" className="size-5" />
              Menu
            </button>
          </div>
        </div>
      </header>
      <MenuPanel isLoggedIn={isLoggedIn} />
    </>
  );
}

/** The off-canvas menu of phones: hidden until the Menu button opens it. */
function MenuPanel({ isLoggedIn }: { isLoggedIn: boolean }) {
  return (
    <>
      <div
        data-menu-backdrop={MENU_ID}
        hidden
        className="fixed inset-0 z-50 bg-black/60 opacity-0 transition-opacity duration-200 data-[open]:opacity-100 motion-reduce:transition-none md:hidden"
      />
      <div
        id={MENU_ID}
        data-menu-panel
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        hidden
        className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] translate-x-full flex-col overflow-y-auto bg-leather-950 text-white shadow-2xl transition-transform duration-200 data-[open]:translate-x-0 motion-reduce:transition-none md:hidden"
      >
        <div className="flex h-16 items-center justify-between gap-3 border-b border-leather-900 px-4">
          <BrandLink variant="dark" />
          <button
            type="button"
            data-menu-close
            aria-label="Close menu"
            className="rounded-lg p-2 text-leather-100 hover:bg-leather-900 hover:text-white"
          >
            <Icon name="close" className="size-5" />
          </button>
        </div>
        {isLoggedIn && <MemberLinks />}
        <nav aria-label="Main menu" className="px-2 py-3">
          <ul className="flex flex-col text-base font-medium">
            {[{ label: 'Home', href: paths.home }, ...NAV_LINKS].map((link) => (
              <li key={link.href}>
                <a href={link.href} className="block rounded-lg px-3 py-3 text-leather-100 hover:bg-leather-900">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {!isLoggedIn && (
          <div data-guest-only className="mt-auto flex flex-col gap-3 border-t border-leather-900 p-4">
            <a
              href={paths.signIn}
              className="rounded-lg bg-white px-4 py-3 text-center font-semibold text-leather-900 hover:bg-leather-100"
            >
              Sign In
            </a>
            <a
              href={paths.signUp}
              className="rounded-lg border border-leather-600 px-4 py-3 text-center font-semibold text-white hover:bg-leather-900"
            >
              Sign up free
            </a>
          </div>
        )}
      </div>
    </>
  );
}

/** A member's part of the phone menu: the greeting, the next step (or the timeline), Logout. SPA only. */
function MemberLinks() {
  const user = useSession((state) => state.currentUser);
  const { logout, isPending } = useLogoutFlow();
  const link = contextualLink(user);
  return (
    <div className="border-b border-leather-900 px-4 py-4">
      <p className="flex items-center gap-3 font-semibold">
        <Avatar src={user?.avatar} name="" className="size-9" />
        Hello, {user?.first_name || 'User'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2 text-sm">
        <Link
          to={link.to}
          className="rounded-lg bg-white px-3 py-2 font-semibold text-leather-900 hover:bg-leather-100"
        >
          {link.label}
        </Link>
        <button
          type="button"
          onClick={logout}
          disabled={isPending}
          className="rounded-lg border border-leather-600 px-3 py-2 font-semibold hover:bg-leather-900 disabled:opacity-60"
        >
          Logout
        </button>
      </div>
    </div>
  );
}

function UserMenu({ dark }: { dark: boolean }) {
  const user = useSession((state) => state.currentUser);
  const { logout, isPending } = useLogoutFlow();
  const link = contextualLink(user);
  const firstName = user?.first_name || 'User';
  return (
    <Menu
      className="min-w-52"
      trigger={
        <button
          type="button"
          className={clsx(
            'flex items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-semibold sm:pr-3',
            dark ? 'hover:bg-leather-900' : 'hover:bg-leather-50',
          )}
        >
          <Avatar src={user?.avatar} name="" className="size-8" />
          {/* On phones the greeting is also at the top of the Menu panel; the avatar keeps the bar narrow. */}
          <span className="sr-only sm:not-sr-only">Hello, {firstName}</span>
          <span aria-hidden="true" className="hidden sm:inline">
            ▾
          </span>
        </button>
      }
    >
      <MenuItem asChild>
        <Link to={link.to}>{link.label}</Link>
      </MenuItem>
      <MenuSeparator />
      <MenuItem tone="danger" disabled={isPending} onSelect={logout}>
        Logout
      </MenuItem>
    </Menu>
  );
}
