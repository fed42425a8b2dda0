import { type Comment, EDIT_MESSAGES } from '@corral/contract';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { Menu, MenuItem } from '../../../ui/menu.tsx';
import { useDeleteComment } from '../api/delete-comment.ts';

const ReportModal = lazyDialog(() => import('./report-modal.tsx').then((module) => module.ReportModal));
const ConfirmDeleteDialog = lazyDialog(() =>
  import('./confirm-delete-dialog.tsx').then((module) => module.ConfirmDeleteDialog),
);

/**
 * A comment's menu: Edit and Delete for its author, Delete for the author of the item it is on (`ownerId`),
 * Report for everyone else. Focus comes back to the menu's button when a dialog closes; after a delete, to the
 * next comment's (or the comment box).
 */
export function CommentOptions({
  comment,
  postId,
  ownerId,
  onEdit,
}: {
  comment: Comment;
  postId: number;
  ownerId: string | undefined;
  onEdit: () => void;
}) {
  const me = useSession((state) => state.currentUser?.id);
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const remove = useDeleteComment(postId);
  const mine = comment.user.id === me;
  const canDelete = mine || (ownerId !== undefined && ownerId === me);

  const close = (open: boolean) => {
    if (open) return;
    setDialog(null);
    remove.reset();
    refocus(trigger);
  };

  function confirmDelete() {
    if (remove.isPending) return;
    const next = focusAfter(trigger.current);
    remove.mutateAsync(comment.id).then(
      () => {
        toast.success(EDIT_MESSAGES.commentDeleted);
        setDialog(null);
        refocus(next);
      },
      () => undefined,
    );
  }

  return (
    <>
      <Menu
        className="min-w-40"
        sideOffset={4}
        trigger={
          <button
            ref={trigger}
            type="button"
            aria-label={`Options for ${comment.user.name}'s comment`}
            onPointerEnter={mine ? undefined : ReportModal.preload}
            onFocus={mine ? undefined : ReportModal.preload}
            className="-mt-1 -mr-2 shrink-0 rounded-full p-1.5 text-stone-500 hover:bg-leather-100 hover:text-leather-900 data-[state=open]:bg-leather-100"
          >
            <Icon name="more" className="size-4" strokeWidth={3} />
          </button>
        }
      >
        {mine && (
          <MenuItem icon="pencil" onSelect={onEdit}>
            Edit
          </MenuItem>
        )}
        {canDelete && (
          <MenuItem icon="trash" tone="danger" onSelect={() => setDialog('delete')}>
            Delete
          </MenuItem>
        )}
        {!mine && (
          <MenuItem icon="flag" onSelect={() => setDialog('report')}>
            Report
          </MenuItem>
        )}
      </Menu>
      {!mine && (
        <ReportModal target={{ type: 'comment', id: comment.id }} open={dialog === 'report'} onOpenChange={close} />
      )}
      {canDelete && (
        <ConfirmDeleteDialog
          open={dialog === 'delete'}
          onOpenChange={close}
          title={EDIT_MESSAGES.deleteCommentTitle}
          text={EDIT_MESSAGES.deleteCommentText}
          busy={remove.isPending}
          error={
            remove.error instanceof ApiError
              ? remove.error.message
              : remove.error
                ? 'The comment could not be deleted.'
                : null
          }
          onConfirm={confirmDelete}
        />
      )}
    </>
  );
}

/** Once a comment is gone: the next comment's options, else the previous one's, else the thread's comment box. */
function focusAfter(from: HTMLElement | null) {
  const item = from?.closest('li');
  const list = item?.parentElement;
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const box = list?.closest('div')?.querySelector<HTMLElement>('textarea');
  return () => neighbour?.querySelector<HTMLElement>('button[aria-label^="Options for"]') ?? box ?? null;
}
