import { EDIT_MESSAGES, type FeedItem } from '@corral/contract';
import type { RefObject } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { refocus } from '../../../ui/items/refocus.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';

/**
 * "Delete this post?" (or share): Delete removes it (it leaves every cached list at once), says so, and gives
 * the focus to the card after it (or before it), as the card of `opener` is gone. Loaded on first use.
 */
export function DeletePostDialog({
  item,
  opener,
  open,
  onOpenChange,
  onDeleted,
}: {
  item: FeedItem;
  /** The options button of the card, to find the card that comes next. */
  opener: RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeletePost();
  const isShare = item.type !== '1' && item.type !== '4';

  function confirm() {
    if (remove.isPending) return;
    const next = nextCardFocus(opener.current);
    remove.mutateAsync(item).then(
      () => {
        toast.success(EDIT_MESSAGES.postDeleted);
        onDeleted();
        refocus(next);
      },
      () => undefined,
    );
  }

  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      title={isShare ? EDIT_MESSAGES.deleteShareTitle : EDIT_MESSAGES.deletePostTitle}
      text={EDIT_MESSAGES.deletePostText}
      busy={remove.isPending}
      error={
        remove.error instanceof ApiError ? remove.error.message : remove.error ? 'The post could not be deleted.' : null
      }
      onConfirm={confirm}
    />
  );
}

/** What gets the focus once the card of `from` is gone: the next card's first control, else the previous one's. */
function nextCardFocus(from: HTMLElement | null) {
  const card = from?.closest('article');
  const cards = [...document.querySelectorAll('article')];
  const index = card ? cards.indexOf(card) : -1;
  const neighbour = index < 0 ? undefined : (cards[index + 1] ?? cards[index - 1]);
  return () => neighbour?.querySelector<HTMLElement>('a[href], button') ?? document.querySelector<HTMLElement>('main');
}
