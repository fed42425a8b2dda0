import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { OpsError } from './ops-error.ts';

/** The embedded database's directory, as the server opens it (app.ts). */
export const pgliteDirOf = (config: Config) => path.join(config.dataDir, 'db');

/** Whether a PGlite data directory holds a database (initdb writes PG_VERSION first). */
export const holdsDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it, and
 * nothing in PGlite stops it. PGlite writes `postmaster.pid` when it opens a directory and removes it when it
 * closes, so its presence means a server holds the data (or the last one was killed before closing).
 */
export function assertNoServerHolds(dir: string): void {
  if (!existsSync(path.join(dir, 'postmaster.pid'))) return;
  throw new OpsError(
    `The embedded database in ${dir} is in use (postmaster.pid is present). Stop the server first. ` +
      'If no server is running, the last one was killed before it closed: start it and stop it once (Ctrl-C), then try again.',
  );
}
