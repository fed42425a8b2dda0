import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey } from '../adapters/storage.ts';
import { OpsError } from './ops-error.ts';

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'corral-backup/1';

/** One file of a backup, by its path inside the backup folder ('/'-separated). */
export interface BackupFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface DatabaseFacts {
  /** How many of the code's migrations the database had applied, and the last one's tag. */
  migrations: { applied: number; latest: string | null };
  /** Rows of every table of the public schema. */
  rows: Record<string, number>;
}

export type MediaRecord =
  | { storage: 'disk'; files: number; bytes: number }
  | { storage: 's3'; bucket: string; note: string };

/** What a backup holds, written last: a folder without it, or with a file that differs from it, is no backup. */
export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  appVersion: string;
  database: DatabaseFacts & { kind: 'postgres' | 'pglite'; file: string };
  media: MediaRecord;
  files: BackupFile[];
}

export function newManifest(fields: Omit<Manifest, 'format'>): Manifest {
  return { format: FORMAT, ...fields };
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<Manifest> {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    throw new OpsError(
      `${folder} is not a Corral backup: ${MANIFEST_FILE} cannot be read (${(error as Error).message})`,
    );
  }
  if (manifest.format !== FORMAT) throw new OpsError(`${folder}: unknown backup format ${String(manifest.format)}`);
  const unsafe = (manifest.files ?? []).filter((file) => !isBackupPath(file.path));
  if (unsafe.length > 0) throw new OpsError(`${folder}: the manifest names files outside the backup`);
  return manifest as Manifest;
}

/** The database file, or a media file under its storage key: never a path that leaves the folder. */
const isBackupPath = (file: unknown) =>
  typeof file === 'string' &&
  (/^database\.(dump|tar\.gz)$/.test(file) || (file.startsWith('media/') && isSafeKey(file.slice('media/'.length))));

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** The entry of a file written into a backup folder, hashed from what is on disk. */
export async function describeFile(folder: string, relativePath: string, bytes: number): Promise<BackupFile> {
  return { path: relativePath, bytes, sha256: await sha256OfFile(path.join(folder, ...relativePath.split('/'))) };
}

/** Checks every file against the manifest before anything is restored; names every file that differs. */
export async function verifyFiles(folder: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  for (const file of manifest.files) {
    const actual = await sha256OfFile(path.join(folder, ...file.path.split('/'))).catch(() => null);
    if (actual === null) problems.push(`${file.path} is missing`);
    else if (actual !== file.sha256) problems.push(`${file.path} does not match its checksum`);
  }
  if (problems.length > 0)
    throw new OpsError(`The backup in ${folder} is damaged; nothing was restored:\n  ${problems.join('\n  ')}`);
}
