import { FEED_MESSAGES } from '@corral/contract';
import sharp, { type Sharp } from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { processImage } from './image-pipeline.ts';

/**
 * Counts the decodes of the uploaded bytes: every sharp instance opened on a watched buffer (or cloned from
 * one) counts one decode per output it produces. Reading the header (metadata) decodes no pixel.
 */
const decodes = vi.hoisted(() => ({ watched: new Set<Buffer>(), count: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof sharp }>()).default;
  const watch = (instance: Sharp): Sharp => {
    for (const method of ['toBuffer', 'toFile', 'stats', 'pipe'] as const) {
      const original: (...args: never[]) => unknown = instance[method];
      Object.defineProperty(instance, method, {
        value: (...args: unknown[]) => {
          decodes.count += 1;
          return Reflect.apply(original, instance, args);
        },
      });
    }
    const clone = instance.clone;
    Object.defineProperty(instance, 'clone', { value: () => watch(Reflect.apply(clone, instance, [])) });
    return instance;
  };
  function counted(this: unknown, ...args: unknown[]): Sharp {
    const instance: Sharp = Reflect.apply(actual, this, args);
    return Buffer.isBuffer(args[0]) && decodes.watched.has(args[0]) ? watch(instance) : instance;
  }
  return { default: Object.assign(counted, actual) };
});

beforeEach(() => {
  decodes.watched.clear();
  decodes.count = 0;
});

/** Processes `bytes`, counting how often they are decoded. */
async function processWatched(bytes: Buffer, options: { allowSvg?: boolean } = {}) {
  decodes.watched.add(bytes);
  return processImage(bytes, options);
}

const create = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 120, b: 40, alpha: 0.5 } } });

const fixtures: [string, () => Promise<Buffer>, { width: number; height: number; widths: number[] }][] = [
  [
    'a JPEG with EXIF, GPS and orientation 6',
    () =>
      create(3000, 2000)
        .jpeg()
        .withExif({ IFD0: { Make: 'Corral Test Cam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 8/1 0/1' } })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    { width: 1280, height: 1920, widths: [320, 640, 1280] },
  ],
  [
    'a PNG with transparency',
    () => create(1000, 500, 4).png().toBuffer(),
    { width: 1000, height: 500, widths: [320, 640, 1000] },
  ],
  ['a WebP', () => create(2560, 1440).webp().toBuffer(), { width: 1280, height: 720, widths: [320, 640, 1280] }],
  ['a GIF (first frame)', () => create(300, 200).gif().toBuffer(), { width: 300, height: 200, widths: [300] }],
  ['an AVIF', () => create(800, 600).avif().toBuffer(), { width: 800, height: 600, widths: [320, 640, 800] }],
];

describe('processImage', () => {
  it.each(fixtures)('decodes %s once for every variant and the placeholder', async (_, make, expected) => {
    const image = await processWatched(await make());
    expect(decodes.count).toBe(1);
    expect({ width: image.width, height: image.height }).toEqual({ width: expected.width, height: expected.height });
    expect(image.variants.map((variant) => variant.width)).toEqual(expected.widths);
    for (const variant of image.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: variant.width });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.placeholder.length).toBeLessThan(1000);
  });

  it('refuses more than 40 megapixels from the header, without decoding a pixel', async () => {
    const bomb = await create(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    await expect(processWatched(bomb)).rejects.toMatchObject({ status: 413, message: FEED_MESSAGES.imageTooLarge });
    expect(decodes.count).toBe(0);
  });

  it('refuses what is not a photo without decoding it, and SVG unless asked, then rasterises it', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="red"/></svg>',
    );
    for (const bytes of [Buffer.from('definitely not a photo'), svg]) {
      await expect(processWatched(bytes)).rejects.toMatchObject({ status: 422, message: FEED_MESSAGES.notAnImage });
    }
    expect(decodes.count).toBe(0);
    const image = await processWatched(svg, { allowSvg: true });
    expect(decodes.count).toBe(1);
    // Rasterised at twice the CSS pixel.
    expect({ width: image.width, height: image.height }).toEqual({ width: 200, height: 100 });
    expect((await sharp(image.variants[0]?.bytes).metadata()).format).toBe('webp');
  });
});
