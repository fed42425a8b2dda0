import { PROFILE_MESSAGES, type Profile } from '@corral/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useUnfriend } from '../../../entities/friendships/api/unfriend.ts';
import { useBlock } from '../../../entities/safety/api/block-member.ts';
import { useMute } from '../../../entities/safety/api/mute-member.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { Menu, MenuItem, MenuSeparator } from '../../../ui/menu.tsx';

const ReportModal = lazyDialog(() =>
  import('../../../entities/items/components/report-modal.tsx').then((module) => module.ReportModal),
);

const failed = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof ApiError ? error.message : fallback);

type Dialog = 'report' | 'block' | 'unfriend' | null;

/**
 * Another member's profile menu: Unfriend (friends only, behind a confirmation), Report the member, Mute or
 * Unmute (their posts and notifications leave the viewer's screens, silently), and Block behind a confirmation
 * saying what a block does. A block hides the profile from the viewer too (404), so the viewer is taken to
 * the timeline, where the toast says it is done.
 */
export function ProfileActionsMenu({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const block = useBlock();
  const mute = useMute();
  const unfriend = useUnfriend();
  const [open, setOpen] = useState<Dialog>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const name = profile.name;
  const closeDialog = (next: boolean) => {
    if (next) return;
    setOpen(null);
    refocus(trigger);
  };

  function toggleMute() {
    mute.mutate(
      { userId: profile.id, muted: !profile.is_muted },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: failed(profile.is_muted ? 'They could not be unmuted.' : 'They could not be muted.'),
      },
    );
  }

  function confirmBlock() {
    block.mutate(
      { userId: profile.id, blocked: true },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          navigate(paths.friendList, { replace: true });
        },
        onError: (error) => {
          setOpen(null);
          failed('They could not be blocked.')(error);
        },
      },
    );
  }

  return (
    <>
      <Menu
        className="min-w-52"
        sideOffset={4}
        trigger={
          <button
            ref={trigger}
            type="button"
            aria-label={`More actions for ${name}`}
            title="More actions"
            onPointerEnter={ReportModal.preload}
            onFocus={ReportModal.preload}
            className="inline-flex size-10 items-center justify-center rounded-lg border border-leather-300 text-leather-800 hover:bg-leather-50 data-[state=open]:bg-leather-50"
          >
            <Icon name="more" className="size-5" strokeWidth={3} />
          </button>
        }
      >
        {profile.friendship_status === 'friends' && (
          <>
            <MenuItem icon="user" onSelect={() => setOpen('unfriend')}>
              Unfriend
            </MenuItem>
            <MenuSeparator />
          </>
        )}
        <MenuItem icon="flag" onSelect={() => setOpen('report')}>
          Report
        </MenuItem>
        <MenuItem icon={profile.is_muted ? 'sound' : 'mute'} disabled={mute.isPending} onSelect={toggleMute}>
          {profile.is_muted ? 'Unmute' : 'Mute'}
        </MenuItem>
        <MenuItem icon="block" tone="danger" onSelect={() => setOpen('block')}>
          Block
        </MenuItem>
      </Menu>
      <ReportModal target={{ type: 'user', id: profile.id }} open={open === 'report'} onOpenChange={closeDialog} />
      <ConfirmDialog
        title={`Block ${name}?`}
        confirm="Block"
        open={open === 'block'}
        busy={block.isPending}
        onOpenChange={closeDialog}
        onConfirm={confirmBlock}
      >
        <p>Neither of you will see the other on Corral:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          <li>profiles, posts, events, comments and shares, in every list and in search;</li>
          <li>your friendship and any friend requests between you end, and no new ones can be sent;</li>
          <li>they are not told. You can unblock them from Blocked and muted, in your account menu.</li>
        </ul>
      </ConfirmDialog>
      <ConfirmDialog
        title={`Unfriend ${profile.first_name || name}?`}
        confirm="Unfriend"
        open={open === 'unfriend'}
        busy={unfriend.isPending}
        onOpenChange={closeDialog}
        onConfirm={() => {
          unfriend.mutate(profile.id, {
            onSuccess: () => toast.success(PROFILE_MESSAGES.unfriended),
            onError: failed('That did not work. Please try again.'),
          });
          closeDialog(false);
        }}
      >
        <p className="text-center">You will no longer see each other's friends-only posts and events.</p>
      </ConfirmDialog>
    </>
  );
}
