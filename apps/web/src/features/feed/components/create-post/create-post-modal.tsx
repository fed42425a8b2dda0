import { FEED_MESSAGES, LIMITS } from '@corral/contract';
import { clsx } from 'clsx';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { Avatar } from '../../../../ui/avatar.tsx';
import { Button } from '../../../../ui/button.tsx';
import { canPublish } from '../../../../ui/crop/crop-image.ts';
import { PhotoCropper } from '../../../../ui/crop/photo-cropper.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { Modal } from '../../../../ui/modal.tsx';
import { ProgressBar } from '../../../../ui/progress-bar.tsx';
import { useCreatePost } from '../../api/create-post.ts';
import { PhotoGrid } from './photo-grid.tsx';
import { usePostPhotos } from './use-post-photos.ts';

export interface CreatePostModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the photo picker as the modal opens (the photo buttons beside the composer). */
  pickOnOpen?: boolean;
}

const TITLE_MAX = LIMITS.postTitleMax;

/**
 * The Create Post modal: text, up to 10 photos each through the crop step, a preview with Change Image,
 * and Post, disabled while there is neither text nor a photo. The upload shows its progress; a failure
 * keeps everything the member wrote and chose.
 */
export function CreatePostModal({ open, onOpenChange, pickOnOpen = false }: CreatePostModalProps) {
  const user = useSession((state) => state.currentUser);
  const [text, setText] = useState('');
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | undefined>(undefined);
  const textId = useId();
  const create = useCreatePost(setProgress);
  const { photos, room, cropping, ...edit } = usePostPhotos();

  useEffect(() => {
    if (open && pickOnOpen) fileInput.current?.click();
  }, [open, pickOnOpen]);

  function reset() {
    edit.clear();
    setText('');
    setProgress(0);
    create.reset();
  }

  function close(next: boolean) {
    if (!next && create.isPending) return; // the upload finishes or fails first
    onOpenChange(next);
  }

  function choose(files: File[], from: 'picker' | 'drop') {
    const replaces = replacing.current;
    replacing.current = undefined;
    edit.add(files, from, replaces);
  }

  function pick(replaces?: string) {
    replacing.current = replaces;
    fileInput.current?.click();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files], 'drop');
  }

  function publish() {
    setProgress(0);
    create.mutate(
      { title: text.trim(), images: photos.map((photo) => photo.jpeg) },
      {
        onSuccess: () => {
          toast.success('Your post is live.');
          reset();
          onOpenChange(false);
        },
      },
    );
  }

  const error =
    create.error instanceof ApiError ? create.error.message : create.error ? 'Your post could not be published.' : null;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Create Post"
      description="Write something, add up to 10 photos, then post."
      footer={
        cropping ? undefined : (
          <Button onClick={publish} busy={create.isPending} disabled={!canPublish(text, photos.length)}>
            Post
          </Button>
        )
      }
    >
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="post-photo-input"
        onChange={(event) => {
          choose([...(event.target.files ?? [])], 'picker');
          event.target.value = '';
        }}
      />
      {cropping ? (
        <PhotoCropper
          key={cropping.url}
          src={cropping.url}
          position={{ index: cropping.index, total: cropping.total }}
          onCancel={() => edit.finishCrop(null)}
          onConfirm={edit.finishCrop}
        />
      ) : (
        <fieldset
          disabled={create.isPending}
          className={clsx(
            'm-0 flex min-w-0 flex-col gap-4 rounded-xl border-0 p-0',
            dragging && 'ring-2 ring-leather-500 ring-offset-4',
          )}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <legend className="sr-only">New post</legend>
          <div className="flex gap-3">
            <Avatar src={user?.profile_image} name={name} />
            <label htmlFor={textId} className="sr-only">
              Post text
            </label>
            <textarea
              id={textId}
              value={text}
              maxLength={TITLE_MAX}
              onChange={(event) => setText(event.target.value)}
              placeholder={FEED_MESSAGES.createPostPlaceholder}
              rows={4}
              disabled={create.isPending}
              className="min-h-28 flex-1 resize-y rounded-xl border border-leather-200 px-3 py-2 text-base focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
            />
          </div>
          {text.length > TITLE_MAX - 200 && (
            <p className="-mt-2 text-right text-xs text-stone-500" aria-live="polite">
              {text.length} / {TITLE_MAX}
            </p>
          )}
          {photos.length > 0 && (
            <PhotoGrid photos={photos} disabled={create.isPending} onChange={pick} onRemove={edit.remove} />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-leather-300 px-3 py-2">
            <span className="text-sm text-stone-600">
              {photos.length === 0
                ? 'Add photos, or drop them here.'
                : `${photos.length} of ${LIMITS.postImagesMax} photos`}
            </span>
            <Button variant="ghost" onClick={() => pick()} disabled={room <= 0 || create.isPending}>
              <Icon name="image" className="size-5" />
              Photo
            </Button>
          </div>
          {create.isPending && photos.length > 0 && (
            <ProgressBar value={Math.round(progress * 100)} max={100} label="Uploading photos" />
          )}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </Modal>
  );
}
