import { PROFILE_MESSAGES } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { standingQuery, useStanding } from '../../../entities/safety/api/standing.ts';
import { useLogoutFlow } from '../../../features/auth/api/use-logout-flow.ts';
import { useAccountPrivacy } from '../../../features/profile/api/update-me.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../../ui/menu.tsx';
import { MenuSwitchItem } from '../../../ui/menu-switch-item.tsx';

/** The profile dropdown of the top bar (spec "Social area"). */
export function ProfileMenu() {
  const user = useSession((state) => state.currentUser);
  const { logout, isPending } = useLogoutFlow();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : 'User';
  const queryClient = useQueryClient();
  // Asked as the pointer or focus reaches the button, so 'Account standing' is there when the menu opens.
  const prefetchStanding = () => void queryClient.prefetchQuery(standingQuery());
  return (
    <Menu
      className="min-w-60"
      trigger={
        <button
          type="button"
          aria-label="Account menu"
          onPointerEnter={prefetchStanding}
          onFocus={prefetchStanding}
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
      <MenuItem asChild>
        <Link to={paths.account}>Account</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to={paths.hauling}>Hauling</Link>
      </MenuItem>
      <AccountPrivacyItem />
      <MenuItem asChild>
        <Link to={paths.messageSettings}>Who can message you</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to={paths.blockedMembers}>Blocked and muted</Link>
      </MenuItem>
      <StandingItem />
      {user && user.role !== 'member' && (
        <MenuItem asChild>
          <Link to={paths.moderation}>Moderation</Link>
        </MenuItem>
      )}
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

/** 'Account standing', only for a member moderators have warned, suspended or removed something of. */
function StandingItem() {
  const notices = useStanding().data?.notices.length ?? 0;
  if (notices === 0) return null;
  return (
    <MenuItem asChild>
      <Link to={paths.accountStanding} className="justify-between">
        Account standing
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{notices}</span>
      </Link>
    </MenuItem>
  );
}

/** Account privacy: the badge says Public or Private as the server has it; selecting it flips it (PATCH /me). */
function AccountPrivacyItem() {
  const { isPrivate, isPending, setPrivate } = useAccountPrivacy();
  const known = isPrivate !== undefined;
  function flip(next: boolean) {
    setPrivate(next).then(
      () => toast.success(next ? PROFILE_MESSAGES.nowPrivate : PROFILE_MESSAGES.nowPublic),
      (error: unknown) => toast.error(error instanceof ApiError ? error.message : 'Your privacy could not be changed.'),
    );
  }
  return (
    <MenuSwitchItem
      checked={isPrivate ?? false}
      disabled={!known || isPending}
      onCheckedChange={flip}
      badge={
        <span
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            isPrivate ? 'bg-leather-700/15 text-leather-800' : 'bg-sage-500/15 text-sage-700',
          )}
        >
          {known ? (isPrivate ? 'Private' : 'Public') : '…'}
        </span>
      }
    >
      Account privacy
    </MenuSwitchItem>
  );
}
