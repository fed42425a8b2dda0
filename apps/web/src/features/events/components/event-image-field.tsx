import { FEED_MESSAGES } from '@corral/contract';
import { clsx } from 'clsx';
import { type DragEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { isImageFile } from '../../../ui/crop/crop-image.ts';
import { NotFramedError, PhotoCropper, type PhotoCropperHandle } from '../../../ui/crop/photo-cropper.tsx';
import { Icon } from '../../../ui/icons.tsx';

export interface EventImageFieldProps {
  /** The image shown: the cropped new one, or the event's current one (edit). */
  preview: string | null;
  onChange: (jpeg: Blob | null) => void;
  disabled?: boolean;
  error?: string | undefined;
  /** Lets the form apply a crop still pending when it is sent (see PendingCrop). */
  ref?: Ref<PendingCrop>;
}

/**
 * A photo still in the crop step when its form is sent is what the member meant to send: the form asks
 * the field to apply the frame as it stands, rather than sending the event without it.
 */
export interface PendingCrop {
  /**
   * The cropped JPEG of a photo waiting in the crop step (now the field's image), or undefined when none
   * waits. Rejects, with the reason shown beside the field, when the photo cannot be framed yet.
   */
  apply(): Promise<Blob | undefined>;
}

/** Shown over the crop step when the form is sent before the photo could be framed (it is still loading). */
export const PENDING_CROP_MESSAGE =
  'This photo is still in the crop step and could not be framed yet. Press Confirm Crop, or Cancel to go on without it.';
/** Shown over the crop step when the form is sent with a photo the browser cannot open or crop. */
export const UNUSABLE_PHOTO_MESSAGE =
  'This photo could not be opened, so it was not used. Press Cancel, then choose another photo or go on without one.';

/**
 * The event's image: dropped on the box or chosen with the picker (images only), framed in the crop step,
 * then previewed with Remove. A non-image drop alerts 'Please drop an image file.' (spec: upload box).
 */
export function EventImageField({ preview, onChange, disabled = false, error, ref }: EventImageFieldProps) {
  const [cropping, setCropping] = useState<string | null>(null);
  // Why the last send stopped at the crop step; `attempt` brings the message back into view each time.
  const [blocked, setBlocked] = useState<{ message: string; attempt: number } | null>(null);
  const blockedMessage = useRef<HTMLParagraphElement>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const cropper = useRef<PhotoCropperHandle>(null);
  const hintId = useId();

  useEffect(() => () => void (cropping && URL.revokeObjectURL(cropping)), [cropping]);

  // The crop step may be scrolled away from the footer's button that sent the form.
  useEffect(() => {
    if (blocked) blockedMessage.current?.scrollIntoView?.({ block: 'nearest' });
  }, [blocked]);

  useImperativeHandle(
    ref,
    () => ({
      async apply() {
        if (!cropping || !cropper.current) return undefined;
        try {
          const jpeg = await cropper.current.crop();
          finishCrop(jpeg);
          return jpeg;
        } catch (cause) {
          const message = cause instanceof NotFramedError ? PENDING_CROP_MESSAGE : UNUSABLE_PHOTO_MESSAGE;
          setBlocked((last) => ({ message, attempt: (last?.attempt ?? 0) + 1 }));
          throw cause;
        }
      },
    }),
    // No dependency list: the handle is rebuilt each render, so it always sees the current photo and onChange.
  );

  function finishCrop(jpeg: Blob | null) {
    setCropping(null);
    setBlocked(null);
    if (jpeg) onChange(jpeg);
  }

  function take(file: File | undefined, from: 'picker' | 'drop') {
    if (!file) return;
    if (!isImageFile(file)) {
      if (from === 'drop') window.alert(FEED_MESSAGES.dropImageOnly);
      return;
    }
    setCropping(URL.createObjectURL(file));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(event.dataTransfer.files[0], 'drop');
  }

  if (cropping)
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-stone-700">Event image</span>
        {blocked && (
          <p ref={blockedMessage} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {blocked.message}
          </p>
        )}
        <PhotoCropper
          ref={cropper}
          key={cropping}
          src={cropping}
          onCancel={() => finishCrop(null)}
          onConfirm={finishCrop}
        />
      </div>
    );

  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-stone-700">Event image</span>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="event-image-input"
        onChange={(event) => {
          take(event.target.files?.[0], 'picker');
          event.target.value = '';
        }}
      />
      {preview ? (
        <div className="flex flex-col gap-2">
          <img src={preview} alt="Preview of the event's cover" className="max-h-56 w-full rounded-xl object-cover" />
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled}>
              Change image
            </Button>
            <Button variant="ghost" onClick={() => onChange(null)} disabled={disabled}>
              Remove image
            </Button>
          </div>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard path
        <div
          data-testid="event-image-drop"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={clsx(
            'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center',
            dragging ? 'border-leather-500 bg-leather-50' : 'border-leather-200',
          )}
        >
          <Icon name="image" className="size-8 text-leather-400" />
          <p className="text-sm text-stone-600">Drop an image here, or</p>
          <Button
            variant="secondary"
            onClick={() => input.current?.click()}
            disabled={disabled}
            aria-describedby={hintId}
          >
            Choose image
          </Button>
          <p id={hintId} className="text-xs text-stone-500">
            SVG, PNG, JPG or GIF
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
