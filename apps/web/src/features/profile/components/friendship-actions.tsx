import { FRIEND_MESSAGES, type FriendshipStatus, PROFILE_MESSAGES, type Profile } from '@corral/contract';
import { AlertDialog } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useAcceptFriendRequest } from '../../../entities/friendships/api/accept-friend-request.ts';
import { useDeleteFriendRequest } from '../../../entities/friendships/api/delete-friend-request.ts';
import { useSendFriendRequest } from '../../../entities/friendships/api/send-friend-request.ts';
import { useUnfriend } from '../../../entities/friendships/api/unfriend.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { Menu, MenuItem } from '../../../ui/menu.tsx';
import { ProfileIcon } from './profile-icons.tsx';

type FriendshipAction = 'add' | 'cancel' | 'accept' | 'decline' | 'unfriend';

const done: Record<FriendshipAction, string> = {
  add: PROFILE_MESSAGES.requestSent,
  cancel: PROFILE_MESSAGES.requestCancelled,
  accept: FRIEND_MESSAGES.accepted,
  decline: FRIEND_MESSAGES.removed,
  unfriend: PROFILE_MESSAGES.unfriended,
};

/**
 * The buttons of another member's profile, by friendship status (spec section 4): not_friends: Add friend
 * and Message; pending_sent: Pending (disabled), Message and Cancel request; pending_received: Confirm and
 * Delete; friends: Friends (disabled), Message, and Unfriend in a menu behind a confirmation; self: Edit
 * Profile. Message is not built yet: it says so and never pretends to send.
 */
export function FriendshipActions({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  // Each shows its outcome on the profile at once, puts it back if the server refuses, then refreshes
  // what the change affects (entities/friendships).
  const send = useSendFriendRequest();
  const accept = useAcceptFriendRequest();
  const remove = useDeleteFriendRequest();
  const unfriend = useUnfriend();
  const [confirming, setConfirming] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
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
    else if (which === 'unfriend') unfriend.mutate(profile.id, callbacks);
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
          <MessageButton />
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
          <MessageButton />
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
          <MessageButton />
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
          <MessageButton />
          <Menu
            className="min-w-44"
            sideOffset={4}
            trigger={
              <button
                ref={menuButton}
                type="button"
                aria-label="More friendship options"
                className="inline-flex size-10 items-center justify-center rounded-lg border border-leather-300 text-leather-800 hover:bg-leather-50 data-[state=open]:bg-leather-50"
              >
                <Icon name="more" className="size-5" strokeWidth={3} />
              </button>
            }
          >
            <MenuItem tone="danger" onSelect={() => setConfirming(true)}>
              Unfriend
            </MenuItem>
          </Menu>
          <UnfriendDialog
            name={profile.first_name}
            open={confirming}
            busy={unfriend.isPending}
            onOpenChange={(open) => {
              setConfirming(open);
              if (!open) setTimeout(() => menuButton.current?.focus(), 0);
            }}
            onConfirm={() => act('unfriend')}
          />
        </>
      );
  }
}

/** Messages come later: the button is there, disabled, and says so. */
function MessageButton() {
  const noteId = useId();
  return (
    <span title={PROFILE_MESSAGES.messageSoon} className="inline-flex">
      <Button variant="secondary" disabled aria-describedby={noteId}>
        <Icon name="chat" className="hidden size-4 sm:block" />
        Message
        <span className="rounded-full bg-leather-100 px-1.5 py-0.5 text-[0.65rem] font-semibold text-leather-700 uppercase">
          Soon
        </span>
      </Button>
      <span id={noteId} className="sr-only">
        {PROFILE_MESSAGES.messageSoon}
      </span>
    </span>
  );
}

function UnfriendDialog({
  name,
  open,
  busy,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl">
          <AlertDialog.Title className="font-display text-2xl text-leather-900">Unfriend {name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-stone-600">
            You will no longer see each other's friends-only posts and events.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-center gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              busy={busy}
              onClick={() => {
                onConfirm();
                onOpenChange(false);
              }}
            >
              Unfriend
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
