import { PROFILE_MESSAGES, type Profile } from '@corral/contract';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { useProfile } from '../api/profile-api.ts';
import { FriendshipActions } from '../components/friendship-actions.tsx';
import { LockedNotice } from '../components/locked-notice.tsx';
import { ProfileActionsMenu } from '../components/profile-actions-menu.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { ProfileIcon } from '../components/profile-icons.tsx';
import { ProfileItems } from '../components/profile-items.tsx';

/**
 * Another member's profile (UserProfile): header, counts, friendship buttons and the menu (report, mute,
 * block), then their posts and events; a private profile of someone not a friend shows only name, photo, the
 * menu and the locked notice. A member who blocked the viewer, or whom the viewer blocked, is not found.
 */
export function UserProfilePage() {
  const { id = '' } = useParams();
  const profile = useProfile(id);
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm">
        {/* The page's heading: without a profile, what happened is what the page is about. */}
        <h1 className="font-semibold text-leather-900">
          {missing ? PROFILE_MESSAGES.userNotFound : PROFILE_MESSAGES.loadFailed}
        </h1>
        {!missing && (
          <Button variant="secondary" onClick={() => profile.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return <MemberProfile profile={profile.data} />;
}

function MemberProfile({ profile }: { profile: Profile }) {
  const locked = profile.counts === null;
  return (
    <div className="flex flex-col gap-4">
      <ProfileHeader
        name={profile.name}
        photo={<Avatar src={profile.avatar} name={profile.name} className="size-24 border-4 border-white sm:size-28" />}
        label={
          profile.is_private ? (
            <p className="flex items-center gap-1 text-sm text-stone-500">
              <ProfileIcon name="lock" className="size-3.5" />
              {PROFILE_MESSAGES.privateAccount}
            </p>
          ) : (
            <p className="text-sm text-stone-500">{PROFILE_MESSAGES.publicAccount}</p>
          )
        }
        counts={profile.counts}
        hauling={profile.hauling}
        actions={
          <>
            <FriendshipActions profile={profile} />
            {profile.friendship_status !== 'self' && <ProfileActionsMenu profile={profile} />}
          </>
        }
      />
      {locked ? (
        <LockedNotice firstName={profile.first_name} />
      ) : (
        <ProfileItems
          userId={profile.id}
          label={`Posts and events by ${profile.name}`}
          emptyText={
            profile.friendship_status === 'self'
              ? PROFILE_MESSAGES.noPosts
              : PROFILE_MESSAGES.theirNoPosts(profile.first_name || profile.name)
          }
        />
      )}
    </div>
  );
}

export function ProfileSkeleton({ label }: { label?: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm">
        <div className="h-24 bg-leather-200 sm:h-32" />
        <div className="flex items-end gap-4 px-6 pb-6">
          <div className="-mt-12 size-24 rounded-full border-4 border-white bg-leather-100" />
          <div className="h-6 w-40 animate-pulse rounded bg-leather-100" />
        </div>
        {label && <p className="px-6 pb-6 text-stone-600">{label}</p>}
      </div>
      <div aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-white/70 shadow-sm" />
    </div>
  );
}
