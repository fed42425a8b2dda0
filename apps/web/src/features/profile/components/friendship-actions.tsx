import { FRIEND_MESSAGES, type FriendshipStatus, PROFILE_MESSAGES, type Profile } from '@corral/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useAcceptFriendRequest } from '../../../entities/friendships/api/accept-friend-request.ts';
import { useDeleteFriendRequest } from '../../../entities/friendships/api/delete-friend-request.ts';
import { useSendFriendRequest } from '../../../entities/friendships/api/send-friend-request.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { MessageButton } from './message-button.tsx';
import { ProfileIcon } from './profile-icons.tsx';

type FriendshipAction = 'add' | 'cancel' | 'accept' | 'decline';

const done: Record<FriendshipAction, string> = {
  add: PROFILE_MESSAGES.requestSent,
  cancel: PROFILE_MESSAGES.requestCancelled,
  accept: FRIEND_MESSAGES.accepted,
  decline: FRIEND_MESSAGES.removed,
};

/**
 * The buttons of another member's profile, by friendship status (spec section 4): not_friends: Add friend
 * and Message; pending_sent: Pending (disabled), Message and Cancel request; pending_received: Confirm and
 * Delete; friends: Friends (disabled) and Message (Unfriend is in the profile's menu: profile-actions-menu.tsx);
 * self: Edit Profile. Message opens the conversation with the member (MessageButton).
 */
export function FriendshipActions({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  // Each shows its outcome on the profile at once, puts it back if the server refuses, then refreshes
  // what the change affects (entities/friendships).
  const send = useSendFriendRequest();
  const accept = useAcceptFriendRequest();
  const remove = useDeleteFriendRequest();
  const answering = accept.isPending || remove.isPending;

  function act(which: FriendshipAction) {
    const callbacks = {
      onSuccess: (status: FriendshipStatus) =>
        toast.success(which === 'add' && status === 'friends' ? PROFILE_MESSAGES.nowFriends : done[which]),
      onError: (error: Error) =>
        toast.error(error instanceof ApiError ? error.message : 'That did not work. Please try again.'),
    };
    const request = { requestId: profile.friend_request_id ?? 0, userId: profile.id };
    if (which === 'add') send.mutate(profile.id, callbacks);
    else if (which === 'accept') accept.mutate(request, callbacks);
    else remove.mutate(request, callbacks);
  }

  switch (profile.friendship_status) {
    case 'self':
      return <Button onClick={() => navigate(paths.myProfile(profile.id))}>Edit Profile</Button>;
    case 'not_friends':
      return (
        <>
          <Button busy={send.isPending} onClick={() => act('add')}>
            <Icon name="plus" className="size-4" />
            Add friend
          </Button>
          <MessageButton userId={profile.id} />
        </>
      );
    case 'pending_sent':
      return (
        <>
          <Button variant="secondary" disabled>
            <span className="hidden sm:inline">
              <ProfileIcon name="clock" />
            </span>
            Pending
          </Button>
          <MessageButton userId={profile.id} />
          <Button
            variant="ghost"
            className="min-h-8 px-2 text-xs"
            busy={remove.isPending}
            disabled={profile.friend_request_id === null}
            onClick={() => act('cancel')}
          >
            Cancel request
          </Button>
        </>
      );
    case 'pending_received':
      return (
        <>
          <Button busy={accept.isPending} disabled={answering} onClick={() => act('accept')}>
            Confirm
          </Button>
          <Button variant="secondary" busy={remove.isPending} disabled={answering} onClick={() => act('decline')}>
            Delete
          </Button>
          <MessageButton userId={profile.id} />
        </>
      );
    case 'friends':
      return (
        <>
          <Button variant="secondary" disabled>
            <span className="hidden sm:inline">
              <ProfileIcon name="check" />
            </span>
            Friends
          </Button>
          <MessageButton userId={profile.id} />
        </>
      );
  }
}
