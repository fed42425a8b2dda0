import sharp from 'sharp';

export interface PhonePhotoOptions {
  /** 4032 x 3024 (12 megapixels) unless told. */
  width?: number;
  height?: number;
  /** The JPEG's quality, 90 unless told. */
  quality?: number;
  /** Blotches an eighth of the size across too, so that the shrunk variants weigh what a photo's do. */
  texture?: boolean;
  /** What a phone writes: camera, GPS, and this orientation. */
  exif?: { orientation: number };
}

const noise = (width: number, height: number, sigma: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .png()
    .toBuffer();

/**
 * A phone photo made from the journeys' arena photo, with a sensor's grain so that it weighs what a phone's
 * JPEG does (a few MB) rather than an enlargement's few hundred KB.
 */
export async function phonePhoto(arena: Buffer, options: PhonePhotoOptions = {}): Promise<Buffer> {
  const size = { width: options.width ?? 4032, height: options.height ?? 3024 };
  let base = sharp(arena).resize(size.width, size.height, { fit: 'fill' });
  if (options.texture) {
    const blotches = await sharp(await noise(Math.round(size.width / 8), Math.round(size.height / 8), 40))
      .resize(size.width, size.height, { kernel: 'cubic' })
      .png()
      .toBuffer();
    base = sharp(
      await base
        .composite([{ input: blotches, blend: 'soft-light' }])
        .png()
        .toBuffer(),
    );
  }
  const photo = base
    .composite([{ input: await noise(size.width, size.height, 24), blend: 'soft-light' }])
    .jpeg({ quality: options.quality ?? 90 });
  if (!options.exif) return photo.toBuffer();
  return photo
    .withExif({ IFD0: { Make: 'Corral Bench Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 8/1 0/1' } })
    .withMetadata({ orientation: options.exif.orientation })
    .toBuffer();
}
