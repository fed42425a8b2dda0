import type { ImageMedia } from '@corral/contract';
import { clsx } from 'clsx';
import type { Ref } from 'react';
import { collageLayout } from './collage-layout.ts';

/** One image large; several as a collage of up to 5, the first wide, '+N' on the fifth. No layout jumps. */
export function ImageCollage({
  media,
  alt,
  onOpen,
  ref,
}: {
  media: ImageMedia[];
  alt: string;
  /** Opens the gallery at the clicked image. */
  onOpen?: (index: number) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  if (media.length === 0) return null;
  const { shown, extra } = collageLayout(media);
  const single = shown.length === 1;
  return (
    <div ref={ref} className={clsx('mt-3 grid gap-1 overflow-hidden rounded-xl', !single && 'grid-cols-2')}>
      {shown.map((image, index) => (
        <button
          type="button"
          key={image.src}
          onClick={() => onOpen?.(index)}
          aria-label={`Open photo ${index + 1} of ${media.length}`}
          className={clsx(
            'relative block cursor-zoom-in overflow-hidden bg-leather-100',
            !single && index === 0 && 'col-span-2',
            !single && 'aspect-[4/3]',
          )}
          style={single ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
        >
          <img
            src={image.src}
            srcSet={image.srcset}
            sizes={single || index === 0 ? '(min-width: 1024px) 640px, 100vw' : '(min-width: 1024px) 320px, 50vw'}
            width={image.width}
            height={image.height}
            alt={`${alt} (${index + 1} of ${media.length})`}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
            style={{ backgroundImage: `url(${image.placeholder})`, backgroundSize: 'cover' }}
          />
          {extra > 0 && index === shown.length - 1 && (
            <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-2xl font-semibold text-white">
              +{extra}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
