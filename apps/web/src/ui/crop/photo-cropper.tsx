import 'react-easy-crop/react-easy-crop.css';
import { clsx } from 'clsx';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Button } from '../button.tsx';
import { CROP_DEBOUNCE_MS, cropToJpeg, UNOPENABLE_PHOTO } from './crop-image.ts';

const ASPECTS = [
  { label: 'Original', value: null },
  { label: 'Square', value: 1 },
  { label: 'Portrait', value: 4 / 5 },
  { label: 'Wide', value: 16 / 9 },
] as const;

export interface PhotoCropperProps {
  /** An object URL of the photo being cropped. */
  src: string;
  /** Shown as 'Photo 2 of 3' when several photos wait their turn. */
  position?: { index: number; total: number };
  onCancel: () => void;
  onConfirm: (jpeg: Blob) => void;
  /** A shape the crop must have (a profile photo is square); without it the member picks one. */
  aspect?: number;
  /** For a form sent while its photo is still here: `crop()` gives what Confirm Crop would. */
  ref?: Ref<PhotoCropperHandle>;
}

export interface PhotoCropperHandle {
  /** The framed part as Confirm Crop exports it; rejects while the photo has not loaded and been framed. */
  crop(): Promise<Blob>;
}

/** The photo in the crop step has not loaded yet, so there is no frame to apply. */
export class NotFramedError extends Error {
  constructor() {
    super('This photo is not framed yet.');
    this.name = 'NotFramedError';
  }
}

/**
 * The crop step: drag to frame, zoom with the slider, wheel or pinch, pick a shape; the preview follows
 * 500 ms after the frame stops moving. Confirm Crop exports the framed part as a JPEG (crop-image.ts).
 */
export function PhotoCropper({ src, position, onCancel, onConfirm, aspect: fixedAspect, ref }: PhotoCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [natural, setNatural] = useState(1);
  const [chosenAspect, setAspect] = useState<number | null>(null);
  const aspect = fixedAspect ?? chosenAspect;
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unopenable, setUnopenable] = useState(false);
  const latest = useRef<Area | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      crop() {
        if (unopenable) return Promise.reject(new Error(UNOPENABLE_PHOTO));
        return latest.current ? cropToJpeg(src, latest.current) : Promise.reject(new NotFramedError());
      },
    }),
    [src, unopenable],
  );

  // Debounced preview: a small JPEG of the current frame once the member stops moving it.
  useEffect(() => {
    if (!area) return;
    let url: string | null = null;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      cropToJpeg(src, area, 320)
        .then((blob) => {
          if (cancelled) return;
          url = URL.createObjectURL(blob);
          setPreview(url);
        })
        .catch(() => undefined);
    }, CROP_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, area]);

  async function confirm() {
    if (!latest.current) return;
    setBusy(true);
    setError(null);
    try {
      onConfirm(await cropToJpeg(src, latest.current));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'This photo could not be cropped.');
      setBusy(false);
    }
  }

  return (
    <section aria-label="Crop photo" className="flex flex-col gap-3">
      {position && position.total > 1 && (
        <p className="text-sm font-medium text-stone-600">
          Photo {position.index} of {position.total}
        </p>
      )}
      <div className="relative h-72 overflow-hidden rounded-xl bg-stone-900 sm:h-80">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect ?? natural}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onMediaLoaded={(media) => setNatural(media.naturalWidth / media.naturalHeight)}
          onCropComplete={(_, pixels) => {
            latest.current = pixels;
            setArea(pixels);
          }}
          disableAutomaticStylesInjection
          mediaProps={{
            alt: 'Photo to crop',
            onError: () => {
              setUnopenable(true);
              setError(UNOPENABLE_PHOTO);
            },
          }}
          cropperProps={{ 'aria-label': 'Crop frame: drag to move, arrow keys to nudge' }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {fixedAspect === undefined && (
          <fieldset className="flex flex-wrap gap-1.5">
            <legend className="sr-only">Shape</legend>
            {ASPECTS.map((option) => (
              <button
                key={option.label}
                type="button"
                aria-pressed={aspect === option.value}
                onClick={() => setAspect(option.value)}
                className={clsx(
                  'rounded-full border px-3 py-1 text-sm font-medium',
                  aspect === option.value
                    ? 'border-leather-700 bg-leather-700 text-white'
                    : 'border-leather-200 bg-white text-leather-800 hover:bg-leather-50',
                )}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
        )}
        <label className="flex min-w-40 flex-1 items-center gap-2 text-sm text-stone-600">
          Zoom
          <input
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="flex-1 accent-leather-700"
          />
        </label>
      </div>
      <div className="flex items-end justify-between gap-3">
        <figure className="flex items-center gap-2 text-xs text-stone-500">
          {preview ? (
            <img src={preview} alt="Preview of the crop" className="h-14 w-auto rounded-md border border-leather-100" />
          ) : (
            <span className="h-14 w-14 rounded-md bg-leather-100" aria-hidden="true" />
          )}
          <figcaption>Preview</figcaption>
        </figure>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={confirm} busy={busy} disabled={!area}>
            Confirm Crop
          </Button>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
