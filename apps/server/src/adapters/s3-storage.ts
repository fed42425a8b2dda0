import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isSafeKey, type MediaStorage, mediaUrl } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For R2, MinIO or Google Cloud Storage's interoperability API; AWS when absent. */
  endpoint?: string;
  /** Both or neither: without them the SDK's default chain (environment, instance role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** Where browsers fetch media: a CDN in front of the bucket, or the app's own /media route. */
  baseUrl: string;
  /** Keys per ListObjectsV2 page (S3's maximum is 1000; tests lower it to exercise paging). */
  pageSize?: number;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

const contentType = (key: string) => CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

const checked = (key: string) => {
  if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
  return key;
};

/** A GET or HEAD of a key that is not there (a HEAD's answer has no body, so no NoSuchKey code: its 404). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible bucket. Objects are written once under random keys and never change, so
 * they carry an immutable cache header for the CDN. Without MEDIA_BASE_URL the app's GET /media/*
 * reads them back through `get`, which keeps the bucket private and the CSP at 'self'.
 */
export function s3Storage(options: S3StorageOptions, client?: S3Client): MediaStorage {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
    });
  const Bucket = options.bucket;
  const pageSize = options.pageSize ?? 1000;

  async function deleteKeys(keys: string[]) {
    for (let start = 0; start < keys.length; start += 1000) {
      const Objects = keys.slice(start, start + 1000).map((Key) => ({ Key }));
      const answer = await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      if (answer.Errors?.length) {
        const first = answer.Errors[0];
        throw new Error(`Could not delete ${answer.Errors.length} media objects (${first?.Key}: ${first?.Message})`);
      }
    }
  }

  return {
    async put(key, bytes) {
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: bytes,
          ContentType: contentType(key),
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async deleteTree(key) {
      const prefix = `${checked(key)}/`;
      const keys = [key];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken, MaxKeys: pageSize }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      await deleteKeys(keys);
    },
    publicUrl: (key) => mediaUrl(options.baseUrl, key),
  };
}
