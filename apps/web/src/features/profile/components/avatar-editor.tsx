import { FEED_MESSAGES, PROFILE_MESSAGES } from '@corral/contract';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { isImageFile } from '../../../ui/crop/crop-image.ts';
import { PhotoCropper } from '../../../ui/crop/photo-cropper.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { useUploadAvatar } from '../api/update-me.ts';
import { ProfileIcon } from './profile-icons.tsx';

/**
 * The own profile's photo: pressing it picks a photo, which goes through the crop step (square; JPEG at
 * 0.9, at most 1024 px, as posts' photos) and uploads with its progress shown. A failure keeps the crop
 * so the member can try again.
 */
export function AvatarEditor({ src, name, className }: { src: string | null; name: string; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadAvatar(setProgress);

  function choose(file: File | undefined) {
    if (!file) return;
    if (!isImageFile(file)) {
      toast.error(FEED_MESSAGES.notAnImage);
      return;
    }
    upload.reset();
    setPicked(URL.createObjectURL(file));
  }

  function close() {
    if (upload.isPending) return;
    if (picked) URL.revokeObjectURL(picked);
    setPicked(null);
    setTimeout(() => button.current?.focus(), 0);
  }

  function send(jpeg: Blob) {
    setProgress(0);
    upload.mutate(jpeg, {
      onSuccess: () => {
        toast.success(PROFILE_MESSAGES.avatarUpdated);
        if (picked) URL.revokeObjectURL(picked);
        setPicked(null);
        setTimeout(() => button.current?.focus(), 0);
      },
    });
  }

  const error = upload.error
    ? upload.error instanceof ApiError
      ? upload.error.message
      : 'Your photo could not be uploaded.'
    : null;

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => input.current?.click()}
        aria-label="Change profile photo"
        className="group relative block rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leather-600"
      >
        <Avatar src={src} name={name} className={className} />
        <span className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full border-2 border-white bg-leather-700 text-white shadow group-hover:bg-leather-800">
          <ProfileIcon name="camera" className="size-4" />
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="avatar-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Modal
        open={picked !== null}
        onOpenChange={(open) => !open && close()}
        title="Profile photo"
        description="Frame your photo, then confirm the crop to upload it."
      >
        {picked && (
          <div className="flex flex-col gap-3">
            {upload.isPending ? (
              <ProgressBar value={Math.round(progress * 100)} max={100} label="Uploading photo" />
            ) : (
              <PhotoCropper src={picked} aspect={1} onCancel={close} onConfirm={send} />
            )}
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
