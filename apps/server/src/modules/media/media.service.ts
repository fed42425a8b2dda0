import { createHmac, randomBytes } from 'node:crypto';
import type { ImageMedia } from '@corral/contract';
import type { MediaStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { type ImageOptions, type OriginalFormat, processImage } from './image-pipeline.ts';
import { imageQueue } from './image-queue.ts';

export interface StoredImage {
  storageKey: string;
  variantWidths: number[];
  width: number;
  height: number;
  placeholder: string;
}

/**
 * Whether a stored image may still be served, asked of the modules whose images media stores (posts'
 * photos, members' profile photos). They register their answer at start-up (app.ts): media, which others
 * build on, imports none of them.
 */
export type LiveImageCheck = (ctx: AppContext, image: { storageKey: string; mediaKey: string }) => Promise<boolean>;

/**
 * Processes an upload when one of the image queue's workers is free, and stores its variants under a key of
 * 128 random bits, `i/<hex>/<width>.webp`, with the full-size original beside them (`originalKey`): the
 * original is for its owner's data export only, GET /media never serves it. Deleting the key (`deleteTree`)
 * deletes both.
 */
export async function storeImage(ctx: AppContext, bytes: Buffer, options: ImageOptions = {}): Promise<StoredImage> {
  const image = await imageQueue.run(() => processImage(bytes, options));
  const storageKey = `i/${randomBytes(16).toString('hex')}`;
  try {
    await Promise.all([
      ...image.variants.map((variant) => ctx.storage.put(`${storageKey}/${variant.width}.webp`, variant.bytes)),
      ctx.storage.put(originalKey(ctx.config.authSecret, storageKey, image.original.format), image.original.bytes),
    ]);
  } catch (error) {
    await ctx.storage.deleteTree(storageKey);
    throw error;
  }
  return {
    storageKey,
    variantWidths: image.variants.map((variant) => variant.width),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
  };
}

/** The formats an original may be stored in, in the order a reader looks for them. */
export const ORIGINAL_FORMATS: readonly OriginalFormat[] = ['jpg', 'png'];

/**
 * Where a stored image's original is: beside its variants, so that deleting the key takes it too, under a name no
 * one can work out from a variant's address, `i/<hex>/original-<128-bit MAC of the key>.jpg` (or `.png`): a
 * CDN in front of the bucket serves whatever the bucket holds (ADR 011), and a friend who may see a photo's
 * variants has no claim on its full-size copy. The MAC is keyed by the server's secret; a new secret leaves the
 * originals stored under the old one unfound, and the export gives their largest variants instead.
 */
export function originalKey(secret: string, storageKey: string, format: OriginalFormat): string {
  const mac = createHmac('sha256', secret).update(`media-original:${storageKey}`).digest('hex').slice(0, 32);
  return `${storageKey}/original-${mac}.${format}`;
}

/** Idempotent. */
export async function deleteStoredImage(ctx: AppContext, storageKey: string): Promise<void> {
  await ctx.storage.deleteTree(storageKey);
}

/** An image as the API shows it: the largest variant, a srcset of all, its size and placeholder. */
export function toImageMedia(storage: MediaStorage, image: StoredImage): ImageMedia {
  const url = (width: number) => storage.publicUrl(`${image.storageKey}/${width}.webp`);
  const widths = [...image.variantWidths].sort((a, b) => a - b);
  return {
    src: url(widths.at(-1) ?? image.width),
    srcset: widths.map((width) => `${url(width)} ${width}w`).join(', '),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
  };
}
