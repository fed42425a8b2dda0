import { FEED_MESSAGES } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTextDraft } from '../../../lib/use-draft.ts';
import { Button } from '../../../ui/button.tsx';
import { useAddComment } from '../api/add-comment.ts';
import { useComments } from '../api/comments.ts';
import { findCachedItem } from '../api/item-cache.ts';
import { CommentItem } from './comment-item.tsx';

/**
 * The comments of an item, oldest first, each with its options (comment-item.tsx), and the form to add one. Used by
 * the comment modal and the detail page.
 */
export function CommentThread({
  postId,
  ownerId: givenOwner,
  autoFocus = false,
}: {
  postId: number;
  /** Who wrote the item's row (a share's sharer), who may delete any comment here; else read from the cache. */
  ownerId?: string;
  autoFocus?: boolean;
}) {
  const comments = useComments(postId);
  const queryClient = useQueryClient();
  const cached = givenOwner === undefined ? findCachedItem(queryClient, postId) : undefined;
  const ownerId = givenOwner ?? (cached ? (cached.shared_by_user_id ?? cached.user_id) : undefined);
  const list = comments.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="flex flex-col gap-4">
      {comments.isPending && (
        <ul aria-hidden="true" className="flex flex-col gap-3">
          {[0, 1].map((n) => (
            <li key={n} className="h-12 animate-pulse rounded-xl bg-leather-50" />
          ))}
        </ul>
      )}
      {comments.isError && (
        <p role="alert" className="text-sm text-red-700">
          Comments could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => comments.refetch()}>
            Try again
          </button>
        </p>
      )}
      {comments.isSuccess && list.length === 0 && <p className="text-sm text-stone-500">{FEED_MESSAGES.noComments}</p>}
      {list.length > 0 && (
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} postId={postId} ownerId={ownerId} />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          variant="ghost"
          className="self-start"
          busy={comments.isFetchingNextPage}
          onClick={() => comments.fetchNextPage()}
        >
          Load more comments
        </Button>
      )}
      <CommentForm postId={postId} autoFocus={autoFocus} />
    </div>
  );
}

/**
 * The comment being written is the member's draft for this item (lib/use-draft.ts): closing the modal, leaving
 * the page, a reload or a refused send keeps it, in the modal and on the post's page alike; posted, it goes.
 */
function CommentForm({ postId, autoFocus }: { postId: number; autoFocus: boolean }) {
  const { text, setText, clear } = useTextDraft('comment', postId);
  const add = useAddComment(postId);
  const id = useId();
  const blank = text.trim().length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || add.isPending) return;
    // A promise, not mutate's callback: it settles even when the modal was closed meanwhile.
    add.mutateAsync(text.trim()).then(clear, () => undefined);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-leather-100 pt-3">
      <label htmlFor={id} className="sr-only">
        Comment
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
        }}
        placeholder={FEED_MESSAGES.commentPlaceholder}
        maxLength={2000}
        rows={2}
        // biome-ignore lint/a11y/noAutofocus: the comment modal opens to write a comment
        autoFocus={autoFocus}
        className="resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
      />
      {add.error && (
        <p role="alert" className="text-sm text-red-700">
          {add.error instanceof ApiError ? add.error.message : 'Your comment could not be posted.'}
        </p>
      )}
      <Button type="submit" className="self-end" disabled={blank} busy={add.isPending}>
        Post
      </Button>
    </form>
  );
}
