import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { isSafeKey } from '../adapters/storage.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { selectRows } from '../db/sql.ts';
import { readDatabaseFacts } from './database-facts.ts';
import {
  type BackupFile,
  describeFile,
  type Manifest,
  type MediaRecord,
  newManifest,
  writeManifest,
} from './manifest.ts';
import { OpsError } from './ops-error.ts';
import { assertNoServerHolds, holdsDatabase, pgliteDirOf } from './pglite-dir.ts';
import { runPostgresTool } from './postgres-tools.ts';
import { BACKUP_PREFIX, pruneBackups } from './retention.ts';

const SERVER_PACKAGE = path.resolve(import.meta.dirname, '../../package.json');

export interface BackupResult {
  folder: string;
  manifest: Manifest;
  /** Backups older than the retention that this run removed. */
  pruned: string[];
}

/**
 * Writes one consistent backup into a new folder under `parentDir`: the database first, then the media (so
 * every image a row of the dump names was on disk when they were copied), then the manifest. Everything is
 * written under a hidden '.partial' name that becomes the backup's name only once complete; a failure removes
 * it. Then removes the backups older than `keepDays`.
 */
export async function createBackup(
  config: Config,
  parentDir: string,
  { keepDays, now = new Date() }: { keepDays: number; now?: Date },
): Promise<BackupResult> {
  await mkdir(parentDir, { recursive: true });
  const name = `${BACKUP_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}`;
  const folder = path.join(parentDir, name);
  const partial = path.join(parentDir, `.${name}.partial`);
  if (await stat(folder).catch(() => null)) throw new OpsError(`${folder} already exists`);
  await mkdir(partial);
  let manifest: Manifest;
  try {
    const database = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, partial)
      : await dumpPglite(pgliteDirOf(config), partial);
    const media = config.s3 ? { record: s3Record(config.s3.bucket), files: [] } : await copyMedia(config, partial);
    manifest = newManifest({
      createdAt: now.toISOString(),
      appVersion: await serverVersion(),
      database: database.facts,
      media: media.record,
      files: [database.file, ...media.files],
    });
    await writeManifest(partial, manifest);
    await rename(partial, folder);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  return { folder, manifest, pruned: await pruneBackups(parentDir, keepDays, now) };
}

type DatabaseDump = { facts: Manifest['database']; file: BackupFile };

/**
 * pg_dump's custom format, from a snapshot exported by a repeatable-read transaction that also counts the
 * rows: the manifest's counts are those of the dump, whatever the server writes meanwhile.
 */
async function dumpPostgres(databaseUrl: string, folder: string): Promise<DatabaseDump> {
  const file = 'database.dump';
  const handle = openDatabase({ databaseUrl, pglitePath: 'memory://' });
  try {
    const facts = await handle.db.transaction(
      async (tx) => {
        const [row] = await selectRows<{ snapshot: string }>(tx, sql`select pg_export_snapshot() as snapshot`);
        await runPostgresTool('pg_dump', databaseUrl, [
          '--format=custom',
          `--snapshot=${row?.snapshot}`,
          `--file=${path.join(folder, file)}`,
        ]);
        // Still the snapshot's view (repeatable read): the rows the dump holds.
        return readDatabaseFacts(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const { size } = await stat(path.join(folder, file));
    return { facts: { kind: 'postgres', file, ...facts }, file: await describeFile(folder, file, size) };
  } finally {
    await handle.close();
  }
}

/** PGlite's own archive of its data directory (dumpDataDir), taken while no server holds the directory. */
async function dumpPglite(dir: string, folder: string): Promise<DatabaseDump> {
  if (!holdsDatabase(dir)) throw new OpsError(`There is no embedded database in ${dir}`);
  assertNoServerHolds(dir);
  const file = 'database.tar.gz';
  const handle = openDatabase({ pglitePath: dir });
  try {
    const facts = await readDatabaseFacts(handle.db);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await writeFile(path.join(folder, file), archive);
    return { facts: { kind: 'pglite', file, ...facts }, file: await describeFile(folder, file, archive.length) };
  } finally {
    await handle.close();
  }
}

/**
 * Copies DATA_DIR/media file by file into the backup's 'media' folder, hashing each copy. Only the files the
 * server could serve (named as storage keys); anything else in the folder is not media.
 */
async function copyMedia(config: Config, folder: string): Promise<{ record: MediaRecord; files: BackupFile[] }> {
  const source = path.join(config.dataDir, 'media');
  const relativePaths = (await listFiles(source)).filter((relative) => isSafeKey(relative.split(path.sep).join('/')));
  const files: BackupFile[] = [];
  for (const relative of relativePaths) {
    const target = path.join(folder, 'media', relative);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(source, relative), target);
    const { size } = await stat(target);
    files.push(await describeFile(folder, ['media', ...relative.split(path.sep)].join('/'), size));
  }
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  return { record: { storage: 'disk', files: files.length, bytes }, files };
}

/** Every file under a directory, as paths relative to it; none when the directory does not exist. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

function s3Record(bucket: string): MediaRecord {
  return {
    storage: 's3',
    bucket,
    note:
      'The images stay in the bucket; this backup holds none. Keep them with the bucket’s own versioning and ' +
      'replication, and expire noncurrent versions within the retention so that purged images go too.',
  };
}

async function serverVersion(): Promise<string> {
  return (JSON.parse(await readFile(SERVER_PACKAGE, 'utf8')) as { version: string }).version;
}
