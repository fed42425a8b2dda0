import type { ImageMedia } from '@corral/contract';
import { clsx } from 'clsx';
import useEmblaCarousel from 'embla-carousel-react';
import { Dialog } from 'radix-ui';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Icon } from '../icons.tsx';

/** Spec: one image per view, 30 px between slides. */
const SPACING = 30;

export interface GalleryModalProps {
  media: ImageMedia[];
  /** The image the gallery opens at; null while it is closed. */
  startIndex: number | null;
  onClose: () => void;
  alt: string;
}

/**
 * The full-screen gallery: one image per view, arrows, clickable dots, arrow keys, swipe; it closes with
 * the close button, Escape, or a click outside the image.
 */
export function GalleryModal({ media, startIndex, onClose, alt }: GalleryModalProps) {
  return (
    <Dialog.Root open={startIndex !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-black/90" />
        <Dialog.Content
          className="modal-overlay fixed inset-0 z-50 flex flex-col outline-none"
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">Photos</Dialog.Title>
          {startIndex !== null && <Slides media={media} startIndex={startIndex} onClose={onClose} alt={alt} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Slides({
  media,
  startIndex,
  onClose,
  alt,
}: Required<Omit<GalleryModalProps, 'startIndex'>> & { startIndex: number }) {
  const [viewport, embla] = useEmblaCarousel({ startIndex, align: 'center' });
  const [current, setCurrent] = useState(startIndex);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setCurrent(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') previous();
    if (event.key === 'ArrowRight') next();
  }

  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  function onPointerDown(event: PointerEvent) {
    pressedAt.current = { x: event.clientX, y: event.clientY };
  }
  /** A click on the dark around the image (not on it, nor on a control, nor the end of a swipe) closes it. */
  function onBackdropClick(event: MouseEvent) {
    const target = event.target as HTMLElement;
    if (target.closest('img, button')) return;
    const start = pressedAt.current;
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) return;
    onClose();
  }

  const many = media.length > 1;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and the backdrop click are shortcuts; every action has a button too
    <div className="flex h-full flex-col" onKeyDown={onKeyDown} onPointerDown={onPointerDown} onClick={onBackdropClick}>
      <div className="flex items-center justify-between px-4 py-3 text-white">
        <p aria-live="polite" className="text-sm">
          {current + 1} / {media.length}
        </p>
        <Dialog.Close className="rounded-full p-2 hover:bg-white/10" aria-label="Close">
          <Icon name="close" className="size-6" />
        </Dialog.Close>
      </div>
      <div className="relative min-h-0 flex-1">
        <div className="h-full overflow-hidden" ref={viewport}>
          <div className="flex h-full touch-pan-y" style={{ marginLeft: -SPACING }}>
            {media.map((image, index) => (
              <div
                key={image.src}
                className="flex h-full min-w-0 shrink-0 grow-0 basis-full items-center justify-center"
                style={{ paddingLeft: SPACING }}
              >
                <img
                  src={image.src}
                  srcSet={image.srcset}
                  sizes="100vw"
                  width={image.width}
                  height={image.height}
                  alt={`${alt} (${index + 1} of ${media.length})`}
                  className="h-auto max-h-full w-auto max-w-full object-contain"
                  style={{ backgroundImage: `url(${image.placeholder})`, backgroundSize: 'cover' }}
                />
              </div>
            ))}
          </div>
        </div>
        {many && (
          <>
            <button
              type="button"
              onClick={previous}
              disabled={current === 0}
              aria-label="Previous photo"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/50 p-3 text-white hover:bg-black/70 disabled:opacity-30 sm:left-4"
            >
              <Icon name="chevronLeft" className="size-6" />
            </button>
            <button
              type="button"
              onClick={next}
              disabled={current === media.length - 1}
              aria-label="Next photo"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/50 p-3 text-white hover:bg-black/70 disabled:opacity-30 sm:right-4"
            >
              <Icon name="chevronRight" className="size-6" />
            </button>
          </>
        )}
      </div>
      {many && (
        <div className="flex justify-center gap-1 py-3">
          {media.map((image, index) => (
            // A 24 px target (WCAG 2.5.8) around a small dot.
            <button
              key={image.src}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
              className="group inline-flex size-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={clsx(
                  'size-3 rounded-full transition-colors',
                  index === current ? 'bg-white' : 'bg-white/40 group-hover:bg-white/70',
                )}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
