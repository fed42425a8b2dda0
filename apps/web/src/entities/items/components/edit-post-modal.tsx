import { EDIT_MESSAGES, FEED_MESSAGES, type FeedItem, LIMITS } from '@corral/contract';
import { useId } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { useEditDraft } from '../../../lib/use-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useEditPost } from '../api/edit-post.ts';

/** Whether `text` may replace the text of `item`, as the server rules: a change, and a post keeps text or photos. */
export function canSaveEdit(item: FeedItem, text: string) {
  const next = text.trim();
  if (next === (item.title ?? '').trim()) return false;
  const isShare = item.type === '2' || item.type === '5';
  return next !== '' || (!isShare && item.media.length > 0);
}

/**
 * 'Edit Post' (or Share: its comment): the text in a box, Save while it differs and may be saved. What is typed
 * is the member's draft for the item until it is saved (lib/use-draft.ts): closing, a reload or a refused
 * save keeps it; Discard changes goes back to the current text.
 */
export function EditPostModal({
  item,
  open,
  onOpenChange,
}: {
  item: FeedItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const current = item.title ?? '';
  const draft = useEditDraft('edit-post', item.id, current);
  const edit = useEditPost();
  const id = useId();
  const isShare = item.type === '2' || item.type === '5';

  function save() {
    if (!canSaveEdit(item, draft.text) || edit.isPending) return;
    // A promise, not mutate's callbacks: the draft goes even if the dialog was closed meanwhile.
    edit.mutateAsync({ item, title: draft.text.trim() }).then(
      () => {
        draft.clear();
        toast.success(EDIT_MESSAGES.postUpdated);
        onOpenChange(false);
      },
      () => undefined,
    );
  }

  const error =
    edit.error instanceof ApiError ? edit.error.message : edit.error ? 'Your changes could not be saved.' : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !edit.isPending && onOpenChange(next)}
      title={isShare ? EDIT_MESSAGES.editShareTitle : EDIT_MESSAGES.editPostTitle}
      description={isShare ? 'Change what you said about this share.' : 'Change the text of your post.'}
      footer={
        <>
          {draft.changed && (
            <Button variant="ghost" className="mr-auto" onClick={draft.clear} disabled={edit.isPending}>
              Discard changes
            </Button>
          )}
          <Button onClick={save} busy={edit.isPending} disabled={!canSaveEdit(item, draft.text)}>
            Save
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {isShare ? 'Your comment' : 'Post text'}
      </label>
      <textarea
        id={id}
        value={draft.text}
        onChange={(event) => draft.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) save();
        }}
        placeholder={isShare ? FEED_MESSAGES.commentPlaceholder : FEED_MESSAGES.createPostPlaceholder}
        maxLength={LIMITS.postTitleMax}
        rows={6}
        className="w-full resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
      />
      {item.media.length > 0 && <p className="mt-2 text-sm text-stone-500">Photos stay as they are.</p>}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </Modal>
  );
}
