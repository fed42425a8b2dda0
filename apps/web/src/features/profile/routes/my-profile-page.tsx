import { type CurrentUser, PROFILE_MESSAGES } from '@corral/contract';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { useProfile, useProfileCounts } from '../api/profile-api.ts';
import { AvatarEditor } from '../components/avatar-editor.tsx';
import { DeleteAccountButton } from '../components/delete-account-button.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { ProfileIcon } from '../components/profile-icons.tsx';
import { ProfileItems } from '../components/profile-items.tsx';
import { ProfileSkeleton } from './user-profile-page.tsx';

const EditNameModal = lazyDialog(() =>
  import('../components/edit-name-modal.tsx').then((module) => module.EditNameModal),
);

/**
 * The member's own profile (MyProfile): photo (change it through the crop step), name (edit it), whether
 * the account is public or private, counts of events, friends and mutual, the delete-account icon, then
 * their own posts and events. Someone else's id goes to their profile.
 */
export function MyProfilePage() {
  const { id = '' } = useParams();
  const user = useSession((state) => state.currentUser);
  const verified = useSession((state) => state.verified);
  if (!user || !verified) return <ProfileSkeleton label={PROFILE_MESSAGES.loading} />;
  if (id !== user.id) return <Navigate to={paths.userProfile(id)} replace />;
  return <OwnProfile user={user} />;
}

function OwnProfile({ user }: { user: CurrentUser }) {
  const profile = useProfile(user.id);
  const counts = useProfileCounts(user.id);
  const [editing, setEditing] = useState(false);
  if (profile.isPending || counts.isPending) return <ProfileSkeleton label={PROFILE_MESSAGES.loading} />;
  const name = `${user.first_name} ${user.last_name}`.trim();
  const isPrivate = profile.data?.is_private ?? false;
  return (
    <div className="flex flex-col gap-4">
      <ProfileHeader
        name={name}
        photo={<AvatarEditor src={user.avatar} name={name} className="size-24 border-4 border-white sm:size-28" />}
        nameAction={
          <button
            type="button"
            onClick={() => setEditing(true)}
            onPointerEnter={EditNameModal.preload}
            onFocus={EditNameModal.preload}
            aria-label="Edit name"
            className="rounded-full p-2 text-stone-500 hover:bg-leather-50 hover:text-leather-900"
          >
            <ProfileIcon name="pencil" />
          </button>
        }
        label={
          <p className="flex items-center gap-1 text-sm text-stone-500">
            {isPrivate && <ProfileIcon name="lock" className="size-3.5" />}
            {isPrivate ? PROFILE_MESSAGES.privateAccount : PROFILE_MESSAGES.publicAccount}
          </p>
        }
        counts={counts.data}
        hauling={profile.data?.hauling}
        corner={<DeleteAccountButton />}
      />
      <EditNameModal
        open={editing}
        onOpenChange={setEditing}
        current={{ first_name: user.first_name, last_name: user.last_name }}
      />
      <ProfileItems userId={user.id} label="Your posts and events" emptyText={PROFILE_MESSAGES.noPosts} />
    </div>
  );
}
