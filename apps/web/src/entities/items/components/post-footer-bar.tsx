import type { FeedItem } from '@corral/contract';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { useToggleLike } from '../api/toggle-like.ts';
import { ShareMenu } from './share-menu.tsx';

const CommentModal = lazyDialog(() => import('./comment-modal.tsx').then((module) => module.CommentModal));

/** Likes (toggled at once, highlighted when liked), Comments (the comment modal) and Shares (the share menu). */
export function PostFooterBar({ item }: { item: FeedItem }) {
  const like = useToggleLike();
  const [commenting, setCommenting] = useState(false);
  const commentsButton = useRef<HTMLButtonElement>(null);
  return (
    <footer className="mt-3 flex items-center gap-1 border-t border-leather-100 pt-3 text-sm text-stone-600 sm:gap-3">
      <button
        type="button"
        aria-pressed={item.is_liked}
        onClick={() => like.mutate(item.id)}
        className={clsx(
          'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 hover:bg-leather-50',
          item.is_liked && 'font-semibold text-leather-700',
        )}
      >
        <Icon name="heart" className="size-4" fill={item.is_liked ? 'currentColor' : 'none'} />
        {item.likes_count} Likes
      </button>
      <button
        ref={commentsButton}
        type="button"
        onClick={() => setCommenting(true)}
        onPointerEnter={CommentModal.preload}
        onFocus={CommentModal.preload}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 hover:bg-leather-50"
      >
        <Icon name="chat" className="size-4" />
        {item.comments_count} Comments
      </button>
      <span className="ml-auto" />
      <ShareMenu item={item} />
      <CommentModal
        item={item}
        open={commenting}
        onOpenChange={(open) => {
          setCommenting(open);
          if (!open) refocus(commentsButton);
        }}
      />
    </footer>
  );
}
