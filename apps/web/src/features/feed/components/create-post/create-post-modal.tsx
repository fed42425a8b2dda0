import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { useLeaveWarning } from '../../../../lib/use-leave-warning.ts';
import { Button } from '../../../../ui/button.tsx';
import { canPublish } from '../../../../ui/crop/crop-image.ts';
import { PhotoCropper } from '../../../../ui/crop/photo-cropper.tsx';
import { Modal } from '../../../../ui/modal.tsx';
import { useCreatePost } from '../../api/create-post.ts';
import { PostEditor } from './post-editor.tsx';
import { usePostDraft } from './use-post-draft.ts';
import { usePostPhotos } from './use-post-photos.ts';

export interface CreatePostModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the photo picker as the modal opens (the photo buttons beside the composer). */
  pickOnOpen?: boolean;
}

/**
 * The Create Post modal: text, up to 10 photos each through the crop step, a preview with Change Image,
 * and Post, disabled while there is neither text nor a photo. What the member writes and chooses is kept
 * as their draft until it is posted or discarded, across a reload or a closed tab; leaving the page
 * during the upload asks first. A failed upload keeps everything too.
 */
export function CreatePostModal({ open, onOpenChange, pickOnOpen = false }: CreatePostModalProps) {
  const user = useSession((state) => state.currentUser);
  const [text, setText] = useState('');
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | undefined>(undefined);
  const create = useCreatePost(setProgress);
  const photos = usePostPhotos();
  const draft = usePostDraft({ memberId: user?.id ?? '', open, text, setText, photos });
  useLeaveWarning(create.isPending);

  useEffect(() => {
    if (open && pickOnOpen) fileInput.current?.click();
  }, [open, pickOnOpen]);

  function reset() {
    photos.clear();
    setText('');
    setProgress(0);
    create.reset();
    draft.forget();
  }

  function close(next: boolean) {
    if (!next && create.isPending) return; // the upload finishes or fails first
    onOpenChange(next);
  }

  function choose(files: File[], from: 'picker' | 'drop') {
    const replaces = replacing.current;
    replacing.current = undefined;
    photos.add(files, from, replaces);
  }

  function pick(replaces?: string) {
    replacing.current = replaces;
    fileInput.current?.click();
  }

  function publish() {
    setProgress(0);
    create.mutate(
      { title: text.trim(), images: photos.photos.map((photo) => photo.jpeg) },
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
  const hasDraft = text.trim() !== '' || photos.photos.length > 0 || photos.pending.length > 0;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Create Post"
      description="Write something, add up to 10 photos, then post."
      footer={
        photos.cropping ? undefined : (
          <>
            {hasDraft && (
              <Button variant="ghost" onClick={reset} disabled={create.isPending} className="mr-auto">
                Discard draft
              </Button>
            )}
            <Button onClick={publish} busy={create.isPending} disabled={!canPublish(text, photos.photos.length)}>
              Post
            </Button>
          </>
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
      {draft.restored && (
        <p role="status" className="mb-4 rounded-lg bg-leather-50 px-3 py-2 text-sm text-leather-900">
          Your unsent post was kept.
        </p>
      )}
      {photos.cropping ? (
        <PhotoCropper
          key={photos.cropping.url}
          src={photos.cropping.url}
          position={{ index: photos.cropping.index, total: photos.cropping.total }}
          onCancel={() => photos.finishCrop(null)}
          onConfirm={photos.finishCrop}
        />
      ) : (
        <PostEditor
          author={{ name: user ? `${user.first_name} ${user.last_name}`.trim() : '', image: user?.profile_image }}
          text={text}
          onTextChange={setText}
          photos={photos.photos}
          room={photos.room}
          onPick={pick}
          onDrop={(files) => choose(files, 'drop')}
          onRemove={photos.remove}
          uploading={create.isPending}
          progress={progress}
          error={error}
        />
      )}
    </Modal>
  );
}
