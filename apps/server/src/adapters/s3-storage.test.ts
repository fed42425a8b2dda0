import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../../test/s3-test-server.ts';
import { loadConfig } from '../config.ts';
import { s3Storage } from './s3-storage.ts';

const BUCKET = 'corral-media';
let s3: Awaited<ReturnType<typeof startS3TestServer>>;

const storage = (overrides: { baseUrl?: string; pageSize?: number } = {}) =>
  s3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    baseUrl: overrides.baseUrl ?? '/media',
    pageSize: overrides.pageSize,
  });

beforeAll(async () => {
  s3 = await startS3TestServer(BUCKET);
});
afterAll(() => s3.close());

describe('S3 media storage (real AWS SDK against an S3-compatible server)', () => {
  it('stores bytes with their type and an immutable cache header, and reads them back', async () => {
    const media = storage();
    const bytes = Buffer.from('RIFF....WEBPVP8 not really');
    await media.put('ab12/640.webp', bytes);
    expect(s3.objects.get('ab12/640.webp')).toMatchObject({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(s3.objects.get('ab12/640.webp')?.body.equals(bytes)).toBe(true);
    expect((await media.get('ab12/640.webp'))?.equals(bytes)).toBe(true);
  });

  it('answers null for a key that is not there or is not safe', async () => {
    const media = storage();
    expect(await media.get('nothing/here.webp')).toBeNull();
    expect(await media.get('../etc/passwd')).toBeNull();
    await expect(media.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/Unsafe media key/);
  });

  it('says whether a key holds bytes with a HEAD, without reading them', async () => {
    const media = storage();
    await media.put('ab34/original.jpg', Buffer.from('full size'));
    const before = s3.requests.length;
    expect(await media.exists('ab34/original.jpg')).toBe(true);
    expect(await media.exists('ab34/original.png')).toBe(false);
    expect(await media.exists('ab34')).toBe(false); // a prefix is no object
    expect(s3.requests.slice(before)).toEqual([
      'HEAD /corral-media/ab34/original.jpg',
      'HEAD /corral-media/ab34/original.png',
      'HEAD /corral-media/ab34',
    ]);
    expect(await media.exists('../etc/passwd')).toBe(false);
    expect(s3.requests.length).toBe(before + 3);
  });

  it('deletes a key with everything under it, across listing pages, and nothing else', async () => {
    const media = storage({ pageSize: 2 });
    for (const width of [320, 640, 1280, 1920, 2560]) await media.put(`cd34/${width}.webp`, Buffer.from('v'));
    await media.put('cd345/320.webp', Buffer.from('neighbour'));
    await media.deleteTree('cd34');
    expect([...s3.objects.keys()].filter((key) => key.startsWith('cd34/'))).toEqual([]);
    expect(s3.objects.has('cd345/320.webp')).toBe(true);
    expect(s3.requests.filter((line) => line.includes('list-type=2')).length).toBeGreaterThanOrEqual(3);
    // Deleting what is already gone is fine.
    await expect(media.deleteTree('cd34')).resolves.toBeUndefined();
  });

  it('deletes more than 1000 objects in batches of at most 1000', async () => {
    const media = storage();
    const object = { body: Buffer.from('v'), contentType: 'image/webp', cacheControl: undefined };
    // Seeded straight into the fake bucket: 2,500 PUTs through the SDK would only slow the test.
    for (let i = 0; i < 2500; i += 1) s3.objects.set(`ff77/${String(i).padStart(4, '0')}.webp`, object);
    s3.objects.set('ff77', object);
    const before = s3.requests.length;
    await media.deleteTree('ff77');
    expect([...s3.objects.keys()].filter((key) => key.startsWith('ff77'))).toEqual([]);
    const made = s3.requests.slice(before);
    expect(made.filter((line) => line.startsWith('POST') && line.includes('delete')).length).toBe(3);
    expect(made.filter((line) => line.includes('list-type=2')).length).toBe(3);
  });

  it('refuses unsafe keys before any request', async () => {
    const media = storage();
    const before = s3.requests.length;
    await expect(media.deleteTree('../../etc')).rejects.toThrow(/Unsafe media key/);
    await expect(media.put('AB/x.webp', Buffer.from('x'))).rejects.toThrow(/Unsafe media key/);
    expect(s3.requests.length).toBe(before);
  });

  it('gives browsers the app route by default and the CDN when MEDIA_BASE_URL is set', () => {
    expect(storage().publicUrl('ef56/320.webp')).toBe('/media/ef56/320.webp');
    expect(storage({ baseUrl: 'https://cdn.example.com/m/' }).publicUrl('ef56/320.webp')).toBe(
      'https://cdn.example.com/m/ef56/320.webp',
    );
  });
});

describe('S3 configuration', () => {
  it('reads the bucket settings', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/corral-config-test',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'https://r2.example.com',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_BASE_URL: 'https://cdn.example.com/',
    });
    expect(config.s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'https://r2.example.com',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config.mediaBaseUrl).toBe('https://cdn.example.com');
    expect(loadConfig({ DATA_DIR: '/tmp/corral-config-test' })).toMatchObject({
      s3: undefined,
      mediaBaseUrl: '/media',
    });
  });

  it('refuses half a key pair, or S3 settings without a bucket, with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/corral-config-test', S3_BUCKET: 'm', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/corral-config-test', S3_ENDPOINT: 'https://r2.example.com' })).toThrow(
      'S3_BUCKET is required when other S3_ variables are set',
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/corral-config-test', MEDIA_BASE_URL: 'cdn' })).toThrow(
      'MEDIA_BASE_URL must be an absolute URL',
    );
  });
});
