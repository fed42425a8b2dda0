import type { ImageMedia } from '@corral/contract';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';

const GalleryModal = lazyDialog(
  () => import('../../../ui/items/gallery-modal.tsx').then((module) => module.GalleryModal),
  { isOpen: (props) => props.startIndex !== null, close: (props) => props.onClose() },
);

/**
 * A message's photos: one at its own shape, several in a grid of squares; each opens the gallery. Every tile
 * has its size before its image loads (width and height, the placeholder behind), so the list does not jump.
 */
export function MessagePhotos({ media, alt }: { media: ImageMedia[]; alt: string }) {
  const [galleryAt, setGalleryAt] = useState<number | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  if (media.length === 0) return null;
  const single = media.length === 1;

  function close() {
    const opener = galleryAt;
    setGalleryAt(null);
    refocus(() => grid.current?.querySelectorAll('button')[opener ?? 0]);
  }

  return (
    <>
      <div
        ref={grid}
        className={clsx('grid w-60 max-w-full gap-0.5 overflow-hidden rounded-2xl', !single && 'grid-cols-2')}
      >
        {media.map((image, index) => (
          <button
            type="button"
            key={image.src}
            onClick={() => setGalleryAt(index)}
            onPointerEnter={GalleryModal.preload}
            onFocus={GalleryModal.preload}
            aria-label={`Open photo ${index + 1} of ${media.length}`}
            className={clsx('block cursor-zoom-in overflow-hidden bg-leather-100', !single && 'aspect-square')}
            style={single ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
          >
            <img
              src={image.src}
              srcSet={image.srcset}
              sizes="240px"
              width={image.width}
              height={image.height}
              alt={`${alt} (${index + 1} of ${media.length})`}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
              style={{ backgroundImage: `url(${image.placeholder})`, backgroundSize: 'cover' }}
            />
          </button>
        ))}
      </div>
      <GalleryModal media={media} startIndex={galleryAt} onClose={close} alt={alt} />
    </>
  );
}
