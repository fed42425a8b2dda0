import { FEED_MESSAGES, type FeedItem } from '@corral/contract';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../ui/icons.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { Menu, MenuItem } from '../../../ui/menu.tsx';
import { shareFailure, useShare } from '../api/share-item.ts';

const ShareWithCommentModal = lazyDialog(() =>
  import('./share-with-comment-modal.tsx').then((module) => module.ShareWithCommentModal),
);

export const itemLink = (id: number) => new URL(paths.postDetail(id), window.location.origin).toString();

/**
 * The Shares popover: Share Now, Share to Feed (with comment), Copy link and, where the browser has one,
 * its share sheet. It closes after any choice or an outside click (a Radix menu: arrow keys move in it).
 */
export function ShareMenu({ item }: { item: FeedItem }) {
  const share = useShare();
  const [composing, setComposing] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  function shareNow() {
    share.mutate(
      { item },
      { onSuccess: () => toast.success('Shared to your feed.'), onError: (error) => toast.error(shareFailure(error)) },
    );
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(itemLink(item.id));
      toast.success(FEED_MESSAGES.linkCopied);
    } catch {
      toast.error(FEED_MESSAGES.copyFailed);
    }
  }

  function shareSheet() {
    navigator
      .share({ title: FEED_MESSAGES.shareTitle, url: itemLink(item.id) })
      .catch((error: unknown) => console.warn('Native share failed', error));
  }

  return (
    <>
      <Menu
        className="min-w-56"
        sideOffset={6}
        trigger={
          <button
            ref={trigger}
            type="button"
            onPointerEnter={ShareWithCommentModal.preload}
            onFocus={ShareWithCommentModal.preload}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 hover:bg-leather-50 data-[state=open]:bg-leather-50"
          >
            <Icon name="share" className="size-4" />
            {item.shares_count} Shares
          </button>
        }
      >
        <MenuItem icon="share" onSelect={shareNow}>
          Share Now
        </MenuItem>
        <MenuItem icon="chat" onSelect={() => setComposing(true)}>
          Share to Feed (with comment)
        </MenuItem>
        <MenuItem icon="link" onSelect={copyLink}>
          Copy link
        </MenuItem>
        {canShareNatively && (
          <MenuItem icon="more" onSelect={shareSheet}>
            Share via…
          </MenuItem>
        )}
      </Menu>
      <ShareWithCommentModal
        item={item}
        open={composing}
        onOpenChange={(open) => {
          setComposing(open);
          if (!open) refocus(trigger);
        }}
      />
    </>
  );
}
