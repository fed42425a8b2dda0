import { FEED_MESSAGES, LIMITS } from '@corral/contract';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export interface ProcessedImage {
  width: number;
  height: number;
  variants: { width: number; bytes: Buffer }[];
  placeholder: string;
}

const RASTER_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'heif']);

const notAnImage = () => new AppError(422, FEED_MESSAGES.notAnImage, { images: [FEED_MESSAGES.notAnImage] });
const tooLarge = () => new AppError(413, FEED_MESSAGES.imageTooLarge, { images: [FEED_MESSAGES.imageTooLarge] });

/**
 * Trusts the bytes, not the name or the browser's type: decodes them, refuses what is not a photo
 * (SVG only when asked, and then rasterised), refuses more than 10 MB or 40 megapixels (decompression
 * bombs stop at the header), turns the image upright, drops every bit of metadata (GPS included) and
 * writes WebP variants 320, 640 and 1280 px wide, never wider than the original, plus a tiny
 * placeholder so layouts do not jump.
 */
export async function processImage(bytes: Buffer, options: { allowSvg?: boolean } = {}): Promise<ProcessedImage> {
  if (bytes.length > LIMITS.imageMaxBytes) throw tooLarge();
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const format = metadata.format ?? '';
  const isSvg = format === 'svg';
  // AVIF decodes as heif; other heif (HEIC) is not a format browsers show, so only AVIF passes.
  if (format === 'heif' && metadata.compression !== 'av1') throw notAnImage();
  if (!(RASTER_FORMATS.has(format) || (isSvg && options.allowSvg))) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > LIMITS.imageMaxPixels) throw tooLarge();

  // The pipeline: first frame only, upright, no metadata (sharp drops it unless asked to keep it).
  const base = () =>
    sharp(bytes, { limitInputPixels: LIMITS.imageMaxPixels, pages: 1, density: isSvg ? 144 : undefined }).rotate();
  let upright: { width: number; height: number };
  try {
    const info = await base().toBuffer({ resolveWithObject: true });
    upright = { width: info.info.width, height: info.info.height };
  } catch {
    throw notAnImage();
  }
  const widths = [...new Set(LIMITS.imageVariantWidths.map((w) => Math.min(w, upright.width)))];
  const variants = await Promise.all(
    widths.map(async (width) => ({
      width,
      bytes: await base().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    })),
  );
  const largest = widths.at(-1) ?? upright.width;
  const height = Math.round((upright.height * largest) / upright.width);
  const tiny = await base().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
  return { width: largest, height, variants, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
}
