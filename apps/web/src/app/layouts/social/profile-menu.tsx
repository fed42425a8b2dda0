import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useLogoutFlow } from '../../../features/auth/api/use-logout-flow.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../../ui/menu.tsx';

/** The profile dropdown of the top bar (spec "Social area"). */
export function ProfileMenu() {
  const user = useSession((state) => state.currentUser);
  const { logout, isPending } = useLogoutFlow();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : 'User';
  return (
    <Menu
      className="min-w-60"
      trigger={
        <button
          type="button"
          aria-label="Account menu"
          className="rounded-full p-0.5 hover:ring-2 hover:ring-leather-200"
        >
          <Avatar src={user?.avatar} name="" className="size-9" />
        </button>
      }
    >
      <MenuLabel>{name}</MenuLabel>
      {user && (
        <MenuItem asChild>
          <Link to={paths.myProfile(user.id)}>Edit</Link>
        </MenuItem>
      )}
      <MenuItem className="justify-between" onSelect={(event) => event.preventDefault()}>
        Account privacy
        <span className="rounded-full bg-sage-500/15 px-2 py-0.5 text-xs font-semibold text-sage-600">Public</span>
      </MenuItem>
      <MenuSeparator />
      <MenuItem asChild>
        <Link to={paths.help('help')}>Help Center</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to={paths.help('feedback')}>Feedback Submission</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to={paths.help('contact')}>Contact us</Link>
      </MenuItem>
      <MenuSeparator />
      <MenuItem tone="danger" disabled={isPending} onSelect={logout}>
        Logout
      </MenuItem>
    </Menu>
  );
}
