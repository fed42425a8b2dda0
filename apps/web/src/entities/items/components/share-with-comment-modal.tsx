import type { FeedItem } from '@corral/contract';
import { useId } from 'react';
import { toast } from 'sonner';
import { useTextDraft } from '../../../lib/use-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { shareFailure, useShare } from '../api/share-item.ts';

/**
 * Share to Feed: the member's comment above the shared item; the share comes first in the feed. The comment is
 * the member's draft for the item until it is shared (lib/use-draft.ts): Cancel, a reload or a failure keeps it.
 */
export function ShareWithCommentModal({
  item,
  open,
  onOpenChange,
}: {
  item: FeedItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { text: comment, setText: setComment, clear } = useTextDraft('share', item.id);
  const share = useShare();
  const id = useId();
  const blank = comment.trim().length === 0;

  function submit() {
    if (blank || share.isPending) return;
    // A promise, not mutate's callback: the draft goes even if the page was left meanwhile.
    share.mutateAsync({ item, comment: comment.trim() }).then(
      () => {
        clear();
        toast.success('Shared to your feed.');
        onOpenChange(false);
      },
      () => undefined,
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Share to Feed"
      description={`Share ${item.first_name}'s post to your feed with a comment`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={blank} busy={share.isPending}>
            Share
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        Say something about this
      </label>
      <textarea
        id={id}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={2000}
        rows={3}
        className="w-full resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
      />
      <p className="mt-3 line-clamp-2 rounded-lg bg-leather-50 px-3 py-2 text-sm text-stone-600">
        {item.first_name} {item.last_name}: {item.title || 'Photos'}
      </p>
      {share.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {shareFailure(share.error)}
        </p>
      )}
    </Modal>
  );
}
