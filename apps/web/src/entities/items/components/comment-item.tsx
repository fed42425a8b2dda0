import { type Comment, EDIT_MESSAGES } from '@corral/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { useEditDraft } from '../../../lib/use-draft.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { useEditComment } from '../api/edit-comment.ts';
import { CommentOptions } from './comment-options.tsx';
import { EditedMarker } from './edited-marker.tsx';

/**
 * One comment of a thread: its author, time, "edited" with its history, the text, and its options (Edit and
 * Delete for its author, Delete for the item's author, Report for others). Edit swaps the text for a box in
 * place, kept as the member's draft until saved (an unsaved edit reopens with the thread).
 */
export function CommentItem({ comment, postId, ownerId }: { comment: Comment; postId: number; ownerId?: string }) {
  const draft = useEditDraft('edit-comment', comment.id, comment.text);
  const [editing, setEditing] = useState(draft.changed);
  const row = useRef<HTMLLIElement>(null);
  return (
    <li ref={row} className="flex gap-3">
      <Link to={paths.userProfile(comment.user.id)} className="shrink-0">
        <Avatar src={comment.user.image} name={comment.user.name} className="size-9" />
      </Link>
      <div className="min-w-0 flex-1 rounded-xl bg-leather-50 px-3 py-2">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
            <span className="font-semibold text-leather-900">{comment.user.name}</span>
            <time dateTime={comment.timestamp} className="text-xs text-stone-500">
              {formatTimestamp(comment.timestamp)}
            </time>
            <EditedMarker target={{ type: 'comment', id: comment.id }} editedAt={comment.edited_at} />
          </div>
          <CommentOptions comment={comment} postId={postId} ownerId={ownerId} onEdit={() => setEditing(true)} />
        </div>
        {editing ? (
          <EditCommentForm
            comment={comment}
            postId={postId}
            draft={draft}
            onDone={() => {
              setEditing(false);
              refocus(() => row.current?.querySelector<HTMLElement>('button[aria-label^="Options for"]'));
            }}
          />
        ) : (
          <p className="whitespace-pre-line break-words text-stone-800">{comment.text}</p>
        )}
      </div>
    </li>
  );
}

/** The comment's text in a box: Save (or Ctrl/⌘+Enter, as the comment box) while changed and not blank; Cancel or Escape. */
function EditCommentForm({
  comment,
  postId,
  draft,
  onDone,
}: {
  comment: Comment;
  postId: number;
  draft: ReturnType<typeof useEditDraft>;
  onDone: () => void;
}) {
  const edit = useEditComment(postId);
  const id = useId();
  const next = draft.text.trim();
  const savable = next !== '' && next !== comment.text;

  function save(event: FormEvent) {
    event.preventDefault();
    if (!savable || edit.isPending) return;
    edit.mutateAsync({ id: comment.id, text: next }).then(
      () => {
        draft.clear();
        toast.success(EDIT_MESSAGES.commentUpdated);
        onDone();
      },
      () => undefined,
    );
  }

  function cancel() {
    draft.clear();
    onDone();
  }

  return (
    <form onSubmit={save} className="mt-1 flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        Edit your comment
      </label>
      <textarea
        id={id}
        value={draft.text}
        onChange={(event) => draft.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) save(event);
          if (event.key === 'Escape') {
            event.stopPropagation();
            cancel();
          }
        }}
        maxLength={2000}
        rows={2}
        // biome-ignore lint/a11y/noAutofocus: Edit was just chosen to write here
        autoFocus
        className="resize-y rounded-lg border border-leather-200 bg-white px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
      />
      {edit.error && (
        <p role="alert" className="text-sm text-red-700">
          {edit.error instanceof ApiError ? edit.error.message : 'Your comment could not be saved.'}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={cancel} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!savable} busy={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
