import { clsx } from 'clsx';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useLogoutFlow } from '../../features/auth/api/use-logout-flow.ts';
import { useSession } from '../../lib/session-store.ts';
import { contextualLink } from '../../lib/setup-progress.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Logo } from '../../ui/logo.tsx';
import { Menu, MenuItem, MenuSeparator } from '../../ui/menu.tsx';

/** The top navigation of the public pages; `dark` for the home page's dark header. */
export function TopNav({ variant }: { variant: 'light' | 'dark' }) {
  const dark = variant === 'dark';
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  return (
    <header
      className={clsx(
        'sticky top-0 z-40 border-b',
        dark ? 'border-leather-900 bg-leather-950 text-white' : 'border-leather-100 bg-white/95 backdrop-blur',
      )}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo variant={dark ? 'dark' : 'light'} />
        {isLoggedIn ? (
          <UserMenu dark={dark} />
        ) : (
          <Link
            to={paths.signIn}
            className={clsx(
              'rounded-lg px-4 py-2 text-sm font-semibold',
              dark
                ? 'bg-white text-leather-900 hover:bg-leather-100'
                : 'bg-leather-700 text-white hover:bg-leather-800',
            )}
          >
            Sign In
          </Link>
        )}
      </nav>
    </header>
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
            'flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold',
            dark ? 'hover:bg-leather-900' : 'hover:bg-leather-50',
          )}
        >
          <Avatar src={user?.avatar} name="" className="size-8" />
          <span>Hello, {firstName}</span>
          <span aria-hidden="true">▾</span>
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
