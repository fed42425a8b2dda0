import { FEED_MESSAGES, LIMITS } from '@corral/contract';
import { clsx } from 'clsx';
import { type DragEvent, useId, useState } from 'react';
import { Avatar } from '../../../../ui/avatar.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { ProgressBar } from '../../../../ui/progress-bar.tsx';
import { PhotoGrid } from './photo-grid.tsx';
import type { Photo } from './use-post-photos.ts';

const TITLE_MAX = LIMITS.postTitleMax;

export interface PostEditorProps {
  author: { name: string; image: string | undefined };
  text: string;
  onTextChange: (text: string) => void;
  photos: Photo[];
  /** How many more photos fit (at most 10 in all). */
  room: number;
  onPick: (replaces?: string) => void;
  onDrop: (files: File[]) => void;
  onRemove: (id: string) => void;
  /** Set while the post uploads: everything is read-only and the progress shows. */
  uploading: boolean;
  progress: number;
  error: string | null;
}

/** What a post is made of while it is written: its text, its cropped photos, the upload's progress. */
export function PostEditor({
  author,
  text,
  onTextChange,
  photos,
  room,
  onPick,
  onDrop,
  onRemove,
  uploading,
  progress,
  error,
}: PostEditorProps) {
  const [dragging, setDragging] = useState(false);
  const textId = useId();

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    onDrop([...event.dataTransfer.files]);
  }

  return (
    <fieldset
      disabled={uploading}
      className={clsx(
        'm-0 flex min-w-0 flex-col gap-4 rounded-xl border-0 p-0',
        dragging && 'ring-2 ring-leather-500 ring-offset-4',
      )}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <legend className="sr-only">New post</legend>
      <div className="flex gap-3">
        <Avatar src={author.image} name={author.name} />
        <label htmlFor={textId} className="sr-only">
          Post text
        </label>
        <textarea
          id={textId}
          value={text}
          maxLength={TITLE_MAX}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder={FEED_MESSAGES.createPostPlaceholder}
          rows={4}
          disabled={uploading}
          className="min-h-28 flex-1 resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
        />
      </div>
      {text.length > TITLE_MAX - 200 && (
        <p className="-mt-2 text-right text-xs text-stone-500" aria-live="polite">
          {text.length} / {TITLE_MAX}
        </p>
      )}
      {photos.length > 0 && <PhotoGrid photos={photos} disabled={uploading} onChange={onPick} onRemove={onRemove} />}
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-leather-300 px-3 py-2">
        <span className="text-sm text-stone-600">
          {photos.length === 0
            ? 'Add photos, or drop them here.'
            : `${photos.length} of ${LIMITS.postImagesMax} photos`}
        </span>
        <Button variant="ghost" onClick={() => onPick()} disabled={room <= 0 || uploading}>
          <Icon name="image" className="size-5" />
          Photo
        </Button>
      </div>
      {uploading && photos.length > 0 && (
        <ProgressBar value={Math.round(progress * 100)} max={100} label="Uploading photos" />
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
