import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useLogoutFlow } from '../../../features/auth/api/use-logout-flow.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Avatar } from '../../../ui/avatar.tsx';

const itemClass = 'flex items-center justify-between rounded-lg px-3 py-2 outline-none data-highlighted:bg-leather-50';

/** The profile dropdown of the top bar (spec "Social area"). */
export function ProfileMenu() {
  const user = useSession((state) => state.currentUser);
  const { logout, isPending } = useLogoutFlow();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : 'User';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="rounded-full p-0.5 hover:ring-2 hover:ring-leather-200"
      >
        <Avatar src={user?.avatar} name="" className="size-9" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-xl bg-white p-1 text-sm text-stone-800 shadow-lg ring-1 ring-leather-100"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-1 font-semibold text-leather-900">{name}</DropdownMenu.Label>
          {user && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={paths.myProfile(user.id)}>Edit</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClass} onSelect={(event) => event.preventDefault()}>
            Account privacy
            <span className="rounded-full bg-sage-500/15 px-2 py-0.5 text-xs font-semibold text-sage-600">Public</span>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-leather-100" />
          <DropdownMenu.Item asChild className={itemClass}>
            <a href="mailto:support@corral.app?subject=Help">Help Center</a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <a href="mailto:feedback@corral.app?subject=Feedback">Feedback Submission</a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.aboutUs}>Contact us</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-leather-100" />
          <DropdownMenu.Item
            disabled={isPending}
            onSelect={logout}
            className={`${itemClass} text-red-700 data-highlighted:bg-red-50`}
          >
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
