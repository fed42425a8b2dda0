import { FEED_MESSAGES } from '@corral/contract';
import sharp, { type Sharp } from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type OriginalFormat, processImage } from './image-pipeline.ts';

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

type Expected = { width: number; height: number; widths: number[]; original: [OriginalFormat, number, number] };
const fixtures: [string, () => Promise<Buffer>, Expected][] = [
  [
    'a JPEG with EXIF, GPS and orientation 6',
    () =>
      create(3000, 2000)
        .jpeg()
        .withExif({ IFD0: { Make: 'Corral Test Cam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 8/1 0/1' } })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    { width: 1280, height: 1920, widths: [320, 640, 1280], original: ['jpg', 2000, 3000] },
  ],
  [
    'a PNG with transparency',
    () => create(1000, 500, 4).png().toBuffer(),
    { width: 1000, height: 500, widths: [320, 640, 1000], original: ['png', 1000, 500] },
  ],
  [
    'a WebP',
    () => create(2560, 1440).webp().toBuffer(),
    { width: 1280, height: 720, widths: [320, 640, 1280], original: ['jpg', 2560, 1440] },
  ],
  [
    'a GIF (first frame)',
    () => create(300, 200).gif().toBuffer(),
    { width: 300, height: 200, widths: [300], original: ['png', 300, 200] },
  ],
  [
    'an AVIF',
    () => create(800, 600).avif().toBuffer(),
    { width: 800, height: 600, widths: [320, 640, 800], original: ['jpg', 800, 600] },
  ],
];

const SHARP_FORMAT = { jpg: 'jpeg', png: 'png' } as const;

/** No EXIF (GPS is in it), ICC profile, XMP or orientation left. */
function expectNoMetadata(metadata: sharp.Metadata) {
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
}

describe('processImage', () => {
  it.each(fixtures)(
    'decodes %s once for every variant and the placeholder, and once for the original',
    async (_, make, expected) => {
      const image = await processWatched(await make());
      expect(decodes.count).toBe(2);
      expect({ width: image.width, height: image.height }).toEqual({ width: expected.width, height: expected.height });
      expect(image.variants.map((variant) => variant.width)).toEqual(expected.widths);
      for (const variant of image.variants) {
        const metadata = await sharp(variant.bytes).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width: variant.width });
        expectNoMetadata(metadata);
      }
      expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(image.placeholder.length).toBeLessThan(1000);

      // The original: the photo's own size, upright (a turned photo's sides swap), never enlarged, nothing kept.
      const [format, width, height] = expected.original;
      expect(image.original.format).toBe(format);
      const original = await sharp(image.original.bytes).metadata();
      expect(original).toMatchObject({ format: SHARP_FORMAT[format], width, height, space: 'srgb' });
      expectNoMetadata(original);
      if (format === 'jpg') expect(original).toMatchObject({ channels: 3, chromaSubsampling: '4:4:4' });
      else expect(original).toMatchObject({ channels: 4, hasAlpha: true });
    },
  );

  it('turns the original upright: its pixels, not a tag', async () => {
    // Stored sideways (orientation 6: turn 90° clockwise to show it): a red left half, a blue right half.
    const halves = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
      .composite([
        { input: { create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { bytes } = (await processImage(halves)).original;
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height }).toEqual({ width: 200, height: 400 });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // Upright, the left half is on top.
    expect(pixel(100, 50)[0]).toBeGreaterThan(200);
    expect(pixel(100, 350)[2]).toBeGreaterThan(200);
  });

  it('converts a photo with another colour profile to sRGB and drops the profile', async () => {
    const p3 = await create(300, 200).jpeg().withIccProfile('p3').toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const original = await sharp((await processImage(p3)).original.bytes).metadata();
    expect(original).toMatchObject({ format: 'jpeg', space: 'srgb', width: 300, height: 200 });
    expect(original.icc).toBeUndefined();
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
    expect(decodes.count).toBe(2);
    // Rasterised at twice the CSS pixel; its original a PNG of that size.
    expect({ width: image.width, height: image.height }).toEqual({ width: 200, height: 100 });
    expect((await sharp(image.variants[0]?.bytes).metadata()).format).toBe('webp');
    expect(image.original.format).toBe('png');
    expect(await sharp(image.original.bytes).metadata()).toMatchObject({ format: 'png', width: 200, height: 100 });
  });
});
