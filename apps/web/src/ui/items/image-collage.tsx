import type { ImageMedia } from '@corral/contract';
import { clsx } from 'clsx';
import type { Ref } from 'react';
import { type CollageTile, collageLayout } from './collage-layout.ts';

const SPAN_CLASS: Record<CollageTile['span'], string> = { 6: 'col-span-6', 3: 'col-span-3', 2: 'col-span-2' };
const SHAPE_CLASS: Record<CollageTile['shape'], string> = {
  natural: '',
  wide: 'aspect-[16/9]',
  banner: 'aspect-[2/1]',
  landscape: 'aspect-[4/3]',
  square: 'aspect-square',
};
/** What share of the viewport a tile takes on a phone, for the browser's choice of image width. */
const SIZES: Record<CollageTile['span'], string> = {
  6: '(min-width: 1024px) 640px, 100vw',
  3: '(min-width: 1024px) 320px, 50vw',
  2: '(min-width: 1024px) 220px, 34vw',
};

/**
 * One image large; several as a collage of up to 5, the first wide, '+N' on the fifth. Every row is full
 * (collageLayout), and every tile has its shape before its image loads: no layout jumps.
 */
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
  const { shown, extra, tiles } = collageLayout(media);
  return (
    <div ref={ref} className="mt-3 grid grid-cols-6 gap-1 overflow-hidden rounded-xl">
      {shown.map((image, index) => {
        const tile = tiles[index] ?? { span: 6, shape: 'natural' };
        return (
          <button
            type="button"
            key={image.src}
            onClick={() => onOpen?.(index)}
            aria-label={`Open photo ${index + 1} of ${media.length}`}
            className={clsx(
              'relative block cursor-zoom-in overflow-hidden bg-leather-100',
              SPAN_CLASS[tile.span],
              SHAPE_CLASS[tile.shape],
            )}
            style={tile.shape === 'natural' ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
          >
            <img
              src={image.src}
              srcSet={image.srcset}
              sizes={SIZES[tile.span]}
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
        );
      })}
    </div>
  );
}
