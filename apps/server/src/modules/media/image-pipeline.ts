import { FEED_MESSAGES, LIMITS } from '@corral/contract';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export interface ProcessedImage {
  width: number;
  height: number;
  variants: { width: number; bytes: Buffer }[];
  placeholder: string;
  /** The photo at its own size, upright, without metadata: for its owner's data export, never served. */
  original: { bytes: Buffer; format: OriginalFormat };
}

/** JPEG, or PNG when the photo has an alpha channel (every GIF decodes with one) and for a rasterised SVG. */
export type OriginalFormat = 'jpg' | 'png';

export interface ImageOptions {
  /** SVG is refused unless asked for, and then only rasterised. */
  allowSvg?: boolean;
}

const RASTER_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'heif']);
/** How the bytes are opened: first frame only, SVG rasterised at twice the CSS pixel (raster formats ignore it). */
const openOptions = { pages: 1, density: 144 } as const;

const notAnImage = () => new AppError(422, FEED_MESSAGES.notAnImage, { images: [FEED_MESSAGES.notAnImage] });
const tooLarge = () => new AppError(413, FEED_MESSAGES.imageTooLarge, { images: [FEED_MESSAGES.imageTooLarge] });

/**
 * Trusts the bytes, not the name or the browser's type: reads the header only, refuses what is not a photo
 * (SVG only when asked, and then rasterised) and more than 10 MB or 40 megapixels, so that a decompression
 * bomb stops here, before a single pixel is decoded.
 */
async function readImageHeader(bytes: Buffer, options: ImageOptions = {}): Promise<sharp.Metadata> {
  if (bytes.length > LIMITS.imageMaxBytes) throw tooLarge();
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { ...openOptions, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const format = metadata.format ?? '';
  const isSvg = format === 'svg';
  // AVIF decodes as heif; other heif (HEIC) is not a format browsers show, so only AVIF passes.
  if (format === 'heif' && metadata.compression !== 'av1') throw notAnImage();
  if (!(RASTER_FORMATS.has(format) || (isSvg && options.allowSvg))) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > LIMITS.imageMaxPixels) throw tooLarge();
  return metadata;
}

/**
 * Checks the header (readImageHeader), then decodes the photo twice, first frame only, turned upright:
 * - scaled straight to the largest variant (JPEG and WebP shrink while they decode, so a 40-megapixel photo
 *   never exists at full size in memory for them). Every variant and the placeholder are cut from that one
 *   bitmap: WebP 320, 640 and 1280 px wide, never wider than the original, and a tiny blurred placeholder so
 *   layouts do not jump;
 * - at full size, for the original kept for the member's data export (ADR 011): JPEG at quality 92 without
 *   chroma subsampling, or PNG when the photo has an alpha channel (every GIF does) and for a rasterised SVG.
 * Nothing of the upload's metadata (EXIF, GPS, ICC, XMP) survives either: the variants come from a raw
 * bitmap, and the original is converted to sRGB and written without any (sharp writes none unless asked).
 */
export async function processImage(bytes: Buffer, options: ImageOptions = {}): Promise<ProcessedImage> {
  const metadata = await readImageHeader(bytes, options);
  const largestWidth = Math.max(...LIMITS.imageVariantWidths);
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    // The pixel limit again, as a guard of its own: a header that lied stops the decoder too.
    decoded = await sharp(bytes, { ...openOptions, limitInputPixels: LIMITS.imageMaxPixels })
      .rotate()
      .resize({ width: largestWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage();
  }
  const { data, info } = decoded;
  const bitmap = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  // One after the other: an image holds one thread at a time, which is what the image queue counts on.
  const variants: ProcessedImage['variants'] = [];
  for (const width of [...new Set(LIMITS.imageVariantWidths.map((w) => Math.min(w, info.width)))]) {
    const resized = width === info.width ? bitmap() : bitmap().resize({ width });
    variants.push({ width, bytes: await resized.webp({ quality: 80 }).toBuffer() });
  }
  const tiny = await bitmap().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
  return {
    width: info.width,
    height: info.height,
    variants,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    original: await encodeOriginal(bytes, metadata.hasAlpha || metadata.format === 'svg' ? 'png' : 'jpg'),
  };
}

/**
 * The original: a decode of its own at full size (never enlarged), behind the same pixel limit, upright and
 * in sRGB. JPEG rather than WebP: a 12-megapixel photo takes about 0.3 s of CPU as JPEG, 0.7 to 2 s as WebP
 * (ADR 011 has the measurements).
 */
async function encodeOriginal(bytes: Buffer, format: OriginalFormat): Promise<ProcessedImage['original']> {
  try {
    const upright = sharp(bytes, { ...openOptions, limitInputPixels: LIMITS.imageMaxPixels })
      .rotate()
      .toColourspace('srgb');
    const encoded = format === 'png' ? upright.png() : upright.jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
    return { bytes: await encoded.toBuffer(), format };
  } catch {
    throw notAnImage();
  }
}
