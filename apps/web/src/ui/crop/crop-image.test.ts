import { describe, expect, it } from 'vitest';
import { canPublish, cropOutputSize, isImageFile } from './crop-image.ts';

describe('cropOutputSize', () => {
  it('keeps a crop that already fits', () => {
    expect(cropOutputSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });

  it('scales the longer side down to 1024 and keeps the shape', () => {
    expect(cropOutputSize({ width: 4000, height: 3000 })).toEqual({ width: 1024, height: 768 });
    expect(cropOutputSize({ width: 1000, height: 2500 })).toEqual({ width: 410, height: 1024 });
  });

  it('never scales up and never goes below one pixel', () => {
    expect(cropOutputSize({ width: 10, height: 10 })).toEqual({ width: 10, height: 10 });
    expect(cropOutputSize({ width: 5000, height: 1 })).toEqual({ width: 1024, height: 1 });
  });
});

describe('canPublish', () => {
  it('needs text that is not blank, or a photo', () => {
    expect(canPublish('', 0)).toBe(false);
    expect(canPublish('  \n ', 0)).toBe(false);
    expect(canPublish(' Howdy ', 0)).toBe(true);
    expect(canPublish('   ', 1)).toBe(true);
  });
});

describe('isImageFile', () => {
  it('accepts image types only', () => {
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});
