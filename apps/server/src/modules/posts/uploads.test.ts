import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FEED_MESSAGES, LIMITS } from '@corral/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPost, setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await setUpMember(t.app)).token;
});
afterAll(() => t.close());

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 110, b: 60 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Corral Test Cam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 8/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.ctx.config.dataDir, 'media');
  try {
    return (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.webp'));
  } catch {
    return [];
  }
}

describe('POST /api/posts with photos', () => {
  it('stores upright WebP variants without metadata, never upscaled, with a placeholder', async () => {
    const response = await createPost(t.app, token, 'Morning slack at Cheyenne', [
      await photo(1600, 900),
      await photo(500, 400),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.type).toBe('1');
    expect(data.media).toHaveLength(2);
    // Orientation 6 turns the 1600x900 photo upright: 900 wide, 1600 high, largest variant 900.
    expect(data.media[0]).toMatchObject({ width: 900, height: 1600 });
    expect(data.media[0].srcset).toMatch(/320w, .*640w, .*900w$/);
    expect(data.media[1].width).toBe(400); // 500x400 turned upright: 400 wide, so no variant is wider
    expect(data.media[0].placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(data.media[0].placeholder.length).toBeLessThan(1000);
    const served = await t.app.inject({ method: 'GET', url: data.media[0].src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.format).toBe('webp');
  });

  it.each([
    ['a text file named .jpg', () => Buffer.from('definitely not a photo'), 422],
    ['random bytes', () => Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)), 422],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 422],
    ['more than 10 MB', () => Buffer.alloc(10 * 1024 * 1024 + 10, 1), 413],
  ])('refuses %s and leaves nothing behind', async (_, make, status) => {
    const before = await storedFiles();
    const response = await createPost(t.app, token, 'bad upload', [make()]);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(/image|photo/i);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a decompression bomb (over 40 megapixels) from its header', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await createPost(t.app, token, 'bomb', [bomb]);
    expect(response.statusCode).toBe(413);
  });

  it('keeps the first photos of a failed post from lingering when a later one is bad', async () => {
    const before = await storedFiles();
    const response = await createPost(t.app, token, 'two photos', [await photo(400, 300), Buffer.from('nope')]);
    expect(response.statusCode).toBe(422);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an 11th photo, an empty post, and anyone not signed in', async () => {
    const small = await photo(40, 30);
    expect(
      (
        await createPost(
          t.app,
          token,
          'many',
          Array.from({ length: 11 }, () => small),
        )
      ).statusCode,
    ).toBe(422);
    expect((await createPost(t.app, token, '   ')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/posts', headers: bearer('nope') })).statusCode).toBe(401);
  });

  it("refuses a title over the contract's limit, and a body that is not multipart", async () => {
    const tooLong = await createPost(t.app, token, 'x'.repeat(LIMITS.postTitleMax + 1));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({
      message: FEED_MESSAGES.postTooLong,
      errors: { title: [FEED_MESSAGES.postTooLong] },
    });
    expect((await createPost(t.app, token, 'x'.repeat(LIMITS.postTitleMax))).statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(token),
      payload: { title: 'not a form' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the post as multipart/form-data.');
  });
});
