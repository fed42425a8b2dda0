import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@corral/contract';
import { readManifest } from './manifest.ts';

export const BACKUP_PREFIX = 'corral-backup-';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The policy page: deletion completes within 90 days of the request, backups included (docs/security.md). */
export const DELETION_DEADLINE_DAYS = 90;

/**
 * The longest retention that keeps the policy with daily backups. A deleted account's rows and images are
 * purged LIMITS.accountPurgeAfterDays after the request (plus up to an hour: the purge runs hourly), so the
 * last backup that holds them is at most that old; a backup is removed by the first backup run after it
 * passes the retention, up to a day later. 30 days + 1 hour + 58 days + 1 day < 90 days. README,
 * "Backup and restore", explains it to operators.
 */
export const DEFAULT_KEEP_DAYS = DELETION_DEADLINE_DAYS - LIMITS.accountPurgeAfterDays - 2;

/**
 * Removes the backups under `parentDir` older than `keepDays`, dated by their manifest (a folder without a
 * readable manifest is not ours to judge and stays), and the '.partial' folders a killed run left behind.
 * Returns the folders removed.
 */
export async function pruneBackups(parentDir: string, keepDays: number, now: Date): Promise<string[]> {
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const removed: string[] = [];
  for (const entry of await readdir(parentDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(parentDir, entry.name);
    if (await isExpired(entry.name, folder, cutoff, now)) {
      await rm(folder, { recursive: true, force: true });
      removed.push(folder);
    }
  }
  return removed;
}

async function isExpired(name: string, folder: string, cutoff: number, now: Date): Promise<boolean> {
  if (name.startsWith(BACKUP_PREFIX)) {
    const manifest = await readManifest(folder).catch(() => null);
    return manifest !== null && Date.parse(manifest.createdAt) < cutoff;
  }
  // A run in progress never takes a day; a partial folder that old was left by a killed run.
  if (name.startsWith(`.${BACKUP_PREFIX}`) && name.endsWith('.partial'))
    return (await stat(folder)).mtimeMs < now.getTime() - DAY_MS;
  return false;
}
