import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { s3Storage } from '../adapters/s3-storage.ts';
import { diskStorage, type MediaStorage } from '../adapters/storage.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { listFiles } from './backup.ts';
import { codeMigrationTags, countTables, readDatabaseFacts } from './database-facts.ts';
import { type Manifest, readManifest, verifyFiles } from './manifest.ts';
import { OpsError } from './ops-error.ts';
import { assertNoServerHolds, holdsDatabase, pgliteDirOf } from './pglite-dir.ts';
import { runPostgresTool } from './postgres-tools.ts';

export interface RestoreResult {
  manifest: Manifest;
  /** Media files written to the configured storage. */
  mediaRestored: number;
  /** What the operator should know: media left in a bucket, for one. */
  notes: string[];
}

/**
 * Restores a backup into the configured database and media storage: checks every file against the manifest
 * first, refuses a target that holds data unless `force` (which replaces it), restores the database, checks
 * its row counts against the manifest, then writes the media back. The server migrates the restored
 * database to the code's level when it starts.
 */
export async function restoreBackup(config: Config, folder: string, { force }: { force: boolean }) {
  const manifest = await readManifest(folder);
  await verifyFiles(folder, manifest);
  assertRestorable(config, manifest);
  const occupied = await occupiedTarget(config);
  if (occupied.length > 0 && !force)
    throw new OpsError(
      `The target is not empty (${occupied.join('; ')}); nothing was restored. Restore into a fresh database ` +
        'and data directory, or pass --force to replace what is there.',
    );
  const file = path.join(folder, manifest.database.file);
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, file, occupied.length > 0);
  else await restorePglite(pgliteDirOf(config), file);
  await checkRowCounts(config, manifest);
  return { manifest, ...(await restoreMedia(config, folder, manifest)) } satisfies RestoreResult;
}

function assertRestorable(config: Config, manifest: Manifest): void {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new OpsError(
      `This backup is of ${describeKind(manifest.database.kind)} and the configuration names ${describeKind(kind)}: ` +
        'restore it with the same kind of database.',
    );
  const known = codeMigrationTags().length;
  if (manifest.database.migrations.applied > known)
    throw new OpsError(
      `This backup comes from a newer version (${manifest.database.migrations.applied} migrations, this code knows ${known}): restore it with that version.`,
    );
}

const describeKind = (kind: 'postgres' | 'pglite') => (kind === 'postgres' ? 'PostgreSQL' : 'the embedded PGlite');

/** What the target already holds, described for the operator; empty when it is fresh. */
async function occupiedTarget(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    const handle = openDatabase({ databaseUrl: config.databaseUrl, pglitePath: 'memory://' });
    const tables = await countTables(handle.db).finally(() => handle.close());
    if (tables > 0) found.push(`the database holds ${tables} tables`);
  } else {
    const dir = pgliteDirOf(config);
    assertNoServerHolds(dir);
    if (holdsDatabase(dir)) found.push(`${dir} holds a database`);
  }
  if (!config.s3) {
    const media = (await listFiles(path.join(config.dataDir, 'media'))).length;
    if (media > 0) found.push(`${path.join(config.dataDir, 'media')} holds ${media} files`);
  }
  return found;
}

/**
 * pg_restore in one transaction (a failure leaves the database as it was), without the source's owners and
 * grants (the target's user owns what it restores); `replace` drops the dump's objects first.
 */
async function restorePostgres(databaseUrl: string, file: string, replace: boolean): Promise<void> {
  await runPostgresTool('pg_restore', databaseUrl, [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    ...(replace ? ['--clean', '--if-exists'] : []),
    file,
  ]);
}

/** Unpacks PGlite's archive beside the data directory, then swaps it in: a failure leaves the old one. */
async function restorePglite(dir: string, file: string): Promise<void> {
  const incoming = `${dir}.restoring`;
  await rm(incoming, { recursive: true, force: true });
  const client = new PGlite({
    dataDir: incoming,
    loadDataDir: new Blob([new Uint8Array(await readFile(file))]),
    extensions: { unaccent },
  });
  await client.waitReady;
  await client.close();
  await rm(dir, { recursive: true, force: true });
  await rename(incoming, dir);
}

/** The restored database must hold the rows the manifest counted; anything else is a failed restore. */
async function checkRowCounts(config: Config, manifest: Manifest): Promise<void> {
  const handle = openDatabase({ databaseUrl: config.databaseUrl, pglitePath: pgliteDirOf(config) });
  const { rows } = await readDatabaseFacts(handle.db).finally(() => handle.close());
  const differences = Object.entries(manifest.database.rows)
    .filter(([table, count]) => rows[table] !== count)
    .map(([table, count]) => `${table}: ${rows[table] ?? 'missing'} rows, the backup counted ${count}`);
  if (differences.length > 0)
    throw new OpsError(`The restored database differs from the backup:\n  ${differences.join('\n  ')}`);
}

/** Writes the backup's media files into the configured storage: DATA_DIR/media, or the bucket of S3_BUCKET. */
async function restoreMedia(config: Config, folder: string, manifest: Manifest) {
  if (manifest.media.storage === 's3') {
    const sameBucket = config.s3?.bucket === manifest.media.bucket;
    return {
      mediaRestored: 0,
      notes: [
        `The images were not in the backup: they stay in the bucket ${manifest.media.bucket}.` +
          (sameBucket ? '' : ` The configuration names ${config.s3?.bucket ?? 'local media'}: point S3_BUCKET at it.`),
      ],
    };
  }
  const storage = mediaStorageOf(config);
  if (!config.s3) await rm(path.join(config.dataDir, 'media'), { recursive: true, force: true });
  const mediaFiles = manifest.files.filter((file) => file.path.startsWith('media/'));
  for (const file of mediaFiles)
    await storage.put(file.path.slice('media/'.length), await readFile(path.join(folder, ...file.path.split('/'))));
  return { mediaRestored: mediaFiles.length, notes: [] };
}

/** The storage the server would use (app.ts), for writing media back where it will look for them. */
function mediaStorageOf(config: Config): MediaStorage {
  return config.s3
    ? s3Storage({ ...config.s3, baseUrl: config.mediaBaseUrl })
    : diskStorage(path.join(config.dataDir, 'media'), config.mediaBaseUrl);
}
