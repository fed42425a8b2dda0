import { FEED_MESSAGES, type FeedItem } from '@corral/contract';
import { DropdownMenu } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useShare } from '../api/post-actions.ts';

export const itemLink = (id: number) => new URL(paths.postDetail(id), window.location.origin).toString();

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'Sharing failed. Please try again.');

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-stone-800 outline-none data-[highlighted]:bg-leather-50';

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
      { onSuccess: () => toast.success('Shared to your feed.'), onError: (error) => toast.error(failure(error)) },
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
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            ref={trigger}
            type="button"
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 hover:bg-leather-50 data-[state=open]:bg-leather-50"
          >
            <Icon name="share" className="size-4" />
            {item.shares_count} Shares
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-30 min-w-56 rounded-xl border border-leather-100 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Item className={itemClass} onSelect={shareNow}>
              <Icon name="share" className="size-4 text-leather-700" />
              Share Now
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setComposing(true)}>
              <Icon name="chat" className="size-4 text-leather-700" />
              Share to Feed (with comment)
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={copyLink}>
              <Icon name="link" className="size-4 text-leather-700" />
              Copy link
            </DropdownMenu.Item>
            {canShareNatively && (
              <DropdownMenu.Item className={itemClass} onSelect={shareSheet}>
                <Icon name="more" className="size-4 text-leather-700" />
                Share via…
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ShareWithCommentModal
        item={item}
        open={composing}
        onOpenChange={(open) => {
          setComposing(open);
          // Radix gives focus back only to a Dialog.Trigger; this modal opens from a menu item.
          if (!open) setTimeout(() => trigger.current?.focus(), 0);
        }}
      />
    </>
  );
}

function ShareWithCommentModal({
  item,
  open,
  onOpenChange,
}: {
  item: FeedItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [comment, setComment] = useState('');
  const share = useShare();
  const id = useId();
  const blank = comment.trim().length === 0;

  function submit() {
    if (blank) return;
    share.mutate(
      { item, comment: comment.trim() },
      {
        onSuccess: () => {
          toast.success('Shared to your feed.');
          setComment('');
          onOpenChange(false);
        },
      },
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
        className="w-full resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-500 focus:outline-none"
      />
      <p className="mt-3 line-clamp-2 rounded-lg bg-leather-50 px-3 py-2 text-sm text-stone-600">
        {item.first_name} {item.last_name}: {item.title || 'Photos'}
      </p>
      {share.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure(share.error)}
        </p>
      )}
    </Modal>
  );
}
