import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FEED_MESSAGES, LIMITS } from '@corral/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createPost, setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { posts } from '../../db/schema.ts';
import { NUL_MESSAGE } from '../../lib/input-guard.ts';
import { IMAGE_QUEUE_BUSY_MESSAGE, IMAGE_QUEUE_LIMITS, imageQueue } from '../media/image-queue.ts';
import { FORM_MESSAGES } from '../media/media.multipart.ts';
import { originalKey } from '../media/media.service.ts';

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

const postCount = async () => (await t.ctx.db.select({ n: count() }).from(posts))[0]?.n ?? 0;

/** What is stored, to check that a refusal leaves nothing behind. */
const snapshot = async () => ({ files: await storedFiles(), posts: await postCount() });

/**
 * A multipart body generated as it is read (a number stands for that many filler bytes), which counts how
 * much of it the server pulled: a refusal must come before the rest is read.
 */
function streamedForm(parts: { name: string; filename?: string; content: string | Buffer | number }[]) {
  const boundary = 'corral-streamed-form';
  const pieces: (Buffer | number)[] = [];
  for (const part of parts) {
    const file = part.filename ? `; filename="${part.filename}"\r\ncontent-type: image/jpeg` : '';
    pieces.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    pieces.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content, Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const filler = Buffer.alloc(64 * 1024, 'z');
  let pulled = 0;
  async function* generate() {
    for (const piece of pieces) {
      if (typeof piece !== 'number') {
        pulled += piece.length;
        yield piece;
        continue;
      }
      for (let left = piece; left > 0; left -= filler.length) {
        const chunk = filler.subarray(0, Math.min(left, filler.length));
        pulled += chunk.length;
        yield chunk;
      }
    }
  }
  return {
    pulled: () => pulled,
    send: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Readable.from(generate(), { objectMode: false }),
      }),
  };
}

/** Every stored file (variants and originals), or those under one storage key. */
async function storedFiles(under = ''): Promise<string[]> {
  const root = path.join(t.ctx.config.dataDir, 'media', ...under.split('/'));
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

const storageKeyOf = (src: string) => /^\/media\/(i\/[0-9a-f]{32})\/\d+\.webp$/.exec(src)?.[1] ?? 'none';

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

  it('keeps a full-size original beside the variants, never served, and deletes it with the post', async () => {
    const response = await createPost(t.app, token, 'Full size', [await photo(2000, 1500)]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const key = storageKeyOf(data.media[0].src);
    const originalFile = originalKey(t.ctx.config.authSecret, key, 'jpg');
    expect(await storedFiles(key)).toEqual(['1280.webp', '320.webp', '640.webp', path.basename(originalFile)]);
    expect(path.basename(originalFile)).toMatch(/^original-[0-9a-f]{32}\.jpg$/);
    // Upright (orientation 6: 1500 wide, 2000 high), at its own size, with neither EXIF nor GPS.
    const original = await sharp((await t.ctx.storage.get(originalFile)) ?? Buffer.alloc(0)).metadata();
    expect(original).toMatchObject({ format: 'jpeg', width: 1500, height: 2000 });
    expect(original.exif).toBeUndefined();
    expect(original.orientation).toBeUndefined();
    // Only the variants are served: the original is for its owner's data export.
    expect((await t.app.inject({ method: 'GET', url: data.media[0].src })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/media/${originalFile}` })).statusCode).toBe(404);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/posts/${data.id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(await storedFiles(key)).toEqual([]);
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

  it("refuses a NUL byte in the form's fields with 422, as in a JSON body, and stores nothing", async () => {
    const before = await snapshot();
    for (const title of ['Morning\u0000slack', '\u0000']) {
      const response = await createPost(t.app, token, title, [await photo(400, 300)]);
      expect(response.statusCode, JSON.stringify(title)).toBe(422);
      expect(response.json().message).toBe(NUL_MESSAGE);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/posts with a form that cannot be read', () => {
  const title = 'content-disposition: form-data; name="title"\r\n\r\nHello';
  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['no boundary and a well-formed body', 'multipart/form-data', `--b\r\n${title}\r\n--b--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', 'garbage'],
    ['a body without the boundary', 'multipart/form-data; boundary=b', 'garbage'],
    ['an empty body', 'multipart/form-data; boundary=b', ''],
    ['a body cut short in a field', 'multipart/form-data; boundary=b', `--b\r\n${title}`],
    [
      'a body cut short in a photo',
      'multipart/form-data; boundary=b',
      `--b\r\n${title}\r\n--b\r\ncontent-disposition: form-data; name="images"; filename="a.jpg"\r\n\r\n\xff\xd8\xff`,
    ],
  ])('answers 400 with a clear message to %s, and stores nothing', async (_, contentType, payload) => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: FORM_MESSAGES.unreadable });
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /api/posts and the form parser's own limits", () => {
  it('answers 4xx with our messages, never 5xx, to too many fields or a field named like a prototype property', async () => {
    const before = await snapshot();
    const fields = (names: string[]) => streamedForm(names.map((name) => ({ name, content: 'x' }))).send();
    const tooMany = await fields(['title', 'a', 'b', 'c', 'd', 'e', 'f']);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: FORM_MESSAGES.tooManyParts });
    for (const name of ['__proto__', 'constructor']) {
      const response = await fields(['title', name]);
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toEqual({ message: FORM_MESSAGES.unreadable });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/posts counts its limits while the form streams in', () => {
  it('stops reading a photo as soon as it passes 10 MB', async () => {
    const before = await snapshot();
    const form = streamedForm([
      { name: 'title', content: 'Too big' },
      { name: 'images', filename: 'huge.jpg', content: 60 * 1024 * 1024 },
    ]);
    const response = await form.send();
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(FEED_MESSAGES.imageTooLarge);
    expect(form.pulled()).toBeGreaterThan(LIMITS.imageMaxBytes);
    expect(form.pulled()).toBeLessThan(LIMITS.imageMaxBytes + 1024 * 1024);
    expect(response.headers.connection).toBe('close');
    expect(await snapshot()).toEqual(before);
  });

  it('stops reading the request when an 11th photo starts', async () => {
    const before = await snapshot();
    const small = await photo(40, 30);
    const form = streamedForm([
      { name: 'title', content: 'Too many' },
      ...Array.from({ length: LIMITS.postImagesMax }, (_, i) => ({
        name: 'images',
        filename: `${i}.jpg`,
        content: small,
      })),
      { name: 'images', filename: 'eleventh.jpg', content: 60 * 1024 * 1024 },
    ]);
    const response = await form.send();
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(FEED_MESSAGES.tooManyImages);
    expect(form.pulled()).toBeLessThan(1024 * 1024);
    expect(response.headers.connection).toBe('close');
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/posts and the image queue', () => {
  /** Takes `count` places in the process-wide queue (or its workers) until `release` is called. */
  function hold(count: number, take: (task: () => Promise<void>) => Promise<void>) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: count }, () => take(() => gate));
    return async () => {
      release();
      await Promise.all(held);
    };
  }

  it('answers 503 with Retry-After when the queue is full, reads no photo and stores nothing', async () => {
    const { concurrency, queueLength, retryAfterSeconds } = IMAGE_QUEUE_LIMITS;
    const release = hold(concurrency + queueLength, (task) => imageQueue.withPlace(task));
    try {
      const before = await snapshot();
      const form = streamedForm([
        { name: 'title', content: 'Busy day' },
        { name: 'images', filename: 'a.jpg', content: 5 * 1024 * 1024 },
      ]);
      const busy = await form.send();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe(String(retryAfterSeconds));
      expect(busy.json()).toEqual({ message: IMAGE_QUEUE_BUSY_MESSAGE });
      expect(form.pulled()).toBeLessThan(1024 * 1024);
      const refused = await createPost(t.app, token, 'Busy day', [await photo(400, 300)]);
      expect(refused.statusCode).toBe(503);
      expect(await snapshot()).toEqual(before);
      // A post without photos needs no image work.
      expect((await createPost(t.app, token, 'Just words')).statusCode).toBe(200);
    } finally {
      await release();
    }
    expect((await createPost(t.app, token, 'Later', [await photo(400, 300)])).statusCode).toBe(200);
  });

  it('keeps photos waiting while every worker is busy, then processes them', async () => {
    const release = hold(IMAGE_QUEUE_LIMITS.concurrency, (task) => imageQueue.run(task));
    let settled = false;
    const pending = createPost(t.app, token, 'Patience', [await photo(400, 300)]).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(imageQueue.load.waiting).toBe(1));
    expect(settled).toBe(false);
    await release();
    expect((await pending).statusCode).toBe(200);
    expect(imageQueue.load).toEqual({ places: 0, running: 0, waiting: 0 });
  });
});
