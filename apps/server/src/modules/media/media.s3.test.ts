import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPost, setUpMember } from '../../../test/factories.ts';
import { startS3TestServer } from '../../../test/s3-test-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { originalKey } from './media.service.ts';

let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startS3TestServer('corral-media');
  t = await createTestApp({
    env: {
      S3_BUCKET: 'corral-media',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  token = (await setUpMember(t.app)).token;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('media on an S3-compatible bucket (S3_BUCKET set)', () => {
  it('stores the variants and the original in the bucket, not on disk, serves the variants through /media and deletes all with the post', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8c4a2f' } })
      .jpeg()
      .toBuffer();
    const response = await createPost(t.app, token, 'Bucket test', [jpeg]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const keys = [...s3.objects.keys()].sort();
    const storageKey = /^\/media\/(i\/[0-9a-f]{32})\//.exec(data.media[0].src)?.[1];
    expect(keys).toEqual([
      `${storageKey}/320.webp`,
      `${storageKey}/640.webp`,
      `${storageKey}/900.webp`,
      originalKey(t.ctx.config.authSecret, storageKey ?? '', 'jpg'),
    ]);
    expect(s3.objects.get(keys[0] ?? '')?.contentType).toBe('image/webp');
    const original = originalKey(t.ctx.config.authSecret, storageKey ?? '', 'jpg');
    expect(s3.objects.get(original)?.contentType).toBe('image/jpeg');
    expect(await sharp(s3.objects.get(original)?.body).metadata()).toMatchObject({
      format: 'jpeg',
      width: 900,
      height: 600,
    });
    const onDisk = await readdir(path.join(t.ctx.config.dataDir, 'media'), { recursive: true }).catch(() => []);
    expect(onDisk).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: data.media[0].src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    // The original is for its owner's data export: never through /media.
    expect((await t.app.inject({ method: 'GET', url: `/media/${original}` })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/posts/${data.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    expect(s3.objects.size).toBe(0);
  });
});
