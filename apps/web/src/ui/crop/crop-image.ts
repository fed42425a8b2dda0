/** A crop rectangle in the source image's own pixels (react-easy-crop's `croppedAreaPixels`). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Spec: the cropped image is exported as JPEG at 0.9, scaled so neither side exceeds 1024 px. */
export const CROP_MAX_SIDE = 1024;
export const CROP_JPEG_QUALITY = 0.9;
/** Spec: the crop preview follows the cropper 500 ms after the member stops moving it. */
export const CROP_DEBOUNCE_MS = 500;

/** The output size of a crop: its own size, scaled down (never up) to fit `max` on its longer side. */
export function cropOutputSize(area: Pick<PixelArea, 'width' | 'height'>, max = CROP_MAX_SIDE) {
  const width = Math.max(1, Math.round(area.width));
  const height = Math.max(1, Math.round(area.height));
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a post can be published: some text after trimming, or at least one photo (spec, section 5). */
export const canPublish = (text: string, photoCount: number) => text.trim().length > 0 || photoCount > 0;

/** Whether a file chosen or dropped is an image at all (spec: images only, 'Please drop an image file.'). */
export const isImageFile = (file: Pick<File, 'type'>) => file.type.startsWith('image/');

/** Said when the browser cannot decode a chosen photo (spec: an image load failure in the cropper emits an error). */
export const UNOPENABLE_PHOTO = 'This photo could not be opened.';

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(UNOPENABLE_PHOTO));
    image.src = src;
  });
}

/** Draws `area` of the image at `src` onto a canvas at the output size and encodes it as JPEG 0.9. */
export async function cropToJpeg(src: string, area: PixelArea, max = CROP_MAX_SIDE): Promise<Blob> {
  const image = await loadImage(src);
  const size = cropOutputSize(area, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop photos.');
  // JPEG has no transparency: a white ground rather than black behind transparent PNG areas.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This photo could not be cropped.'))),
      'image/jpeg',
      CROP_JPEG_QUALITY,
    ),
  );
}
