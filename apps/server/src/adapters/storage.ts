import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where media bytes live: local disk in the embedded default, an S3-compatible bucket (s3-storage.ts) when S3_BUCKET is set. */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Whether the key holds bytes, without reading them (false for an unsafe key); other failures throw. */
  exists(key: string): Promise<boolean>;
  /** Deletes the key and everything under it (`key/...`); deleting what is gone is fine. */
  deleteTree(key: string): Promise<void>;
  publicUrl(key: string): string;
}

/** Keys are ours (random hex and widths), but a key read from a URL is checked before it touches the disk. */
const SAFE_KEY = /^[a-z0-9]+(?:\/[a-z0-9.-]+)*$/;
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.split('/').includes('..');

/** The browser's URL of a key under a base: the app's '/media' or a CDN's origin. */
export const mediaUrl = (baseUrl: string, key: string) => `${baseUrl.replace(/\/+$/, '')}/${key}`;

export function diskStorage(root: string, baseUrl = '/media'): MediaStorage {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch {
        return null;
      }
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async deleteTree(key) {
      await rm(fileOf(key), { recursive: true, force: true });
    },
    publicUrl: (key) => mediaUrl(baseUrl, key),
  };
}
