import type { FeedItem } from '@corral/contract';
import { Modal } from '../../../ui/modal.tsx';
import { CommentThread } from './comment-thread.tsx';

/** "{name}'s Post": the item's comments and the form to add one. */
export function CommentModal({
  item,
  open,
  onOpenChange,
}: {
  item: FeedItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`${item.first_name}'s Post`}
      description="Comments on this post"
    >
      {item.title && <p className="mb-4 line-clamp-3 whitespace-pre-line text-sm text-stone-600">{item.title}</p>}
      <CommentThread postId={item.id} ownerId={item.shared_by_user_id ?? item.user_id} autoFocus />
    </Modal>
  );
}
