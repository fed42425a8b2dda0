import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DATA_EXPORT_LIMITS, LIMITS } from '@corral/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { ORIGINAL_FORMATS, originalKey } from '../media/media.service.ts';
import { News, recordDataExportReady } from '../notifications/notifications.service.ts';
import { exportReadyEmail } from './data-export.email.ts';
import * as q from './data-export.queries.ts';
import { readmeText } from './data-export.readme.ts';
import { writeZip, type ZipEntry } from './data-export.zip.ts';
import * as contents from './export-contents.queries.ts';

/** The queue's numbers (docs/decisions/035-data-export.md). */
export const DATA_EXPORT_QUEUE = {
  /** How often each process looks for waiting exports and files to delete (an ask also wakes it at once). */
  pollMs: 10_000,
  /** A try holds its row this long, renewed every `heartbeatMs` while it runs: a dead process's row is free after it. */
  leaseMs: 2 * 60_000,
  heartbeatMs: 30_000,
  /** Tries that ran out of time (their process died) before the export is failed. */
  maxAttempts: 3,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export const exportsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'exports');
const tryFile = (id: number, attempt: number, suffix: 'partial' | 'zip') => `${id}-${attempt}.${suffix}`;

/**
 * One pass of the worker, on the injected clock: deletes the files that are due (expired, failed, closed),
 * fails the exports whose tries all ran out of time, then prepares waiting exports one after the other until
 * none is left. Several processes may run it at once: each claims its rows (SKIP LOCKED). Answers how many
 * exports it prepared.
 */
export async function runExportJobs(ctx: AppContext): Promise<number> {
  await sweepExportFiles(ctx);
  const now = new Date(ctx.clock.now());
  for (const row of await q.failExhausted(ctx.db, now, DATA_EXPORT_QUEUE.maxAttempts))
    await removeTries(ctx, Number(row.id), row.attempts);
  let prepared = 0;
  for (;;) {
    const at = ctx.clock.now();
    const job = await q.claimNext(
      ctx.db,
      new Date(at),
      new Date(at + DATA_EXPORT_QUEUE.leaseMs),
      DATA_EXPORT_QUEUE.maxAttempts,
    );
    if (!job) return prepared;
    await prepare(ctx, { id: Number(job.id), userId: job.user_id, attempt: job.attempts });
    prepared += 1;
  }
}

/** Deletes the files of exports that are over (their row says so after); a file already gone is fine. */
export async function sweepExportFiles(ctx: AppContext): Promise<number> {
  const due = await q.selectFilesDue(ctx.db, new Date(ctx.clock.now()));
  for (const row of due) {
    await rm(path.join(exportsDir(ctx), row.file_name), { force: true });
    await q.markFileDeleted(ctx.db, Number(row.id), row.file_name);
  }
  return due.length;
}

/** The files of an export's tries up to `attempts` (a try that died leaves its partial zip behind). */
async function removeTries(ctx: AppContext, id: number, attempts: number) {
  for (let attempt = 1; attempt <= attempts; attempt += 1)
    for (const suffix of ['partial', 'zip'] as const)
      await rm(path.join(exportsDir(ctx), tryFile(id, attempt, suffix)), { force: true });
}

interface Job {
  id: number;
  userId: string;
  attempt: number;
}

/** One try at one export: read, zip, then ready (notification and email), unless the row is no longer this try's. */
async function prepare(ctx: AppContext, job: Job): Promise<void> {
  const dir = exportsDir(ctx);
  const partial = path.join(dir, tryFile(job.id, job.attempt, 'partial'));
  const finished = path.join(dir, tryFile(job.id, job.attempt, 'zip'));
  const heartbeat = setInterval(() => {
    q.renewLease(ctx.db, job.id, job.attempt, new Date(ctx.clock.now() + DATA_EXPORT_QUEUE.leaseMs)).catch(
      (error: unknown) => ctx.logger.warn({ err: error, export_id: job.id }, 'export lease not renewed'),
    );
  }, DATA_EXPORT_QUEUE.heartbeatMs);
  heartbeat.unref();
  try {
    await removeTries(ctx, job.id, job.attempt - 1);
    await mkdir(dir, { recursive: true });
    const at = new Date(ctx.clock.now());
    const size = await writeZip(partial, await entriesOf(ctx, job.userId, at), at);
    await rename(partial, finished);
    const expiresAt = new Date(ctx.clock.now() + DATA_EXPORT_LIMITS.keepDays * DAY_MS);
    const news = new News();
    const member = await ctx.db.transaction(async (tx) => {
      const ready = await q.markReady(tx, {
        id: job.id,
        attempt: job.attempt,
        fileName: tryFile(job.id, job.attempt, 'zip'),
        size,
        at: new Date(ctx.clock.now()),
        expiresAt,
      });
      if (ready) await recordDataExportReady(tx, news, { userId: job.userId, exportId: job.id, at });
      return ready;
    });
    if (!member) {
      // Another try took the row over (this one's lease passed), or the account was closed meanwhile.
      await rm(finished, { force: true });
      return;
    }
    ctx.logger.info({ event: 'export.ready', export_id: job.id, user_id: job.userId, size }, 'data export ready');
    await news.send(ctx);
    await ctx.mailer
      .send(exportReadyEmail(ctx.config.publicUrl, member.email, expiresAt))
      .catch((error: unknown) => ctx.logger.error({ err: error, export_id: job.id }, 'export email not sent'));
  } catch (error) {
    ctx.logger.error({ err: error, export_id: job.id }, 'data export failed');
    await rm(partial, { force: true });
    await rm(finished, { force: true });
    await q.markFailed(ctx.db, job.id, job.attempt, new Date(ctx.clock.now()));
  } finally {
    clearInterval(heartbeat);
  }
}

/** A JSON file; `replacer` as JSON.stringify's. */
const json = (value: unknown, replacer?: (key: string, value: unknown) => unknown) =>
  Buffer.from(`${JSON.stringify(value, replacer, 2)}\n`);

/**
 * Every file of the zip: the JSON read in one snapshot, then the photos, read one by one as the zip reaches
 * them. Which file of each photo goes in the zip is asked of the storage first (photoFile), so that the JSON
 * names it with its extension.
 */
async function entriesOf(ctx: AppContext, userId: string, at: Date): Promise<ZipEntry[]> {
  const read = await ctx.db.transaction(
    async (tx) => ({
      profile: (await contents.profile(tx, userId)) as Record<string, unknown> | null,
      posts: await contents.posts(tx, userId),
      comments: await contents.comments(tx, userId),
      likes: await contents.likes(tx, userId),
      events: await contents.events(tx, userId),
      friends: await contents.friends(tx, userId),
      friendRequests: await contents.friendRequests(tx, userId),
      notifications: await contents.notifications(tx, userId),
      messages: await contents.messages(tx, userId),
      hauls: await contents.hauls(tx, userId),
      blocksAndMutes: await contents.blocksAndMutes(tx, userId),
      reports: await contents.reports(tx, userId),
      images: await contents.images(tx, userId),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!read.profile) throw new Error('the member is gone');
  const photos: PhotoFile[] = [];
  for (const image of read.images)
    photos.push(await photoFile(ctx, image.name, image.storage_key, `${image.storage_key}/${image.width}.webp`));
  const avatarKey = ownAvatarKey(ctx, read.profile.profile_photo_url);
  const avatar = avatarKey
    ? await photoFile(ctx, 'images/profile', avatarKey, () => largestVariant(ctx, avatarKey))
    : null;
  const profile: Record<string, unknown> = { ...read.profile, profile_photo: avatar?.file ?? null };

  // The queries name photos without extension, under `images` (posts, messages) and an event's `image`; a
  // name the zip holds no file for (none today) keeps the extension it always had.
  const fileOf = new Map(photos.map((photo) => [photo.name, photo.file]));
  const withExtension = (name: unknown) => (typeof name === 'string' ? (fileOf.get(name) ?? `${name}.webp`) : name);
  const photoNames = (key: string, value: unknown) => {
    if (key === 'images' && Array.isArray(value)) return value.map(withExtension);
    return key === 'image' ? withExtension(value) : value;
  };

  const missing: string[] = [];
  const photo = ({ file, key }: PhotoFile): ZipEntry => ({
    name: file,
    later: () => (typeof key === 'string' ? ctx.storage.get(key) : key()),
    compress: false,
    onMissing: () => missing.push(file),
  });
  const name = `${String(profile.first_name ?? '')} ${String(profile.last_name ?? '')}`.trim();
  return [
    { name: 'profile.json', bytes: json(profile) },
    { name: 'posts.json', bytes: json(read.posts, photoNames) },
    { name: 'comments.json', bytes: json(read.comments) },
    { name: 'likes.json', bytes: json(read.likes) },
    { name: 'events.json', bytes: json(read.events, photoNames) },
    { name: 'friends.json', bytes: json(read.friends) },
    { name: 'friend_requests.json', bytes: json(read.friendRequests) },
    { name: 'notifications.json', bytes: json(read.notifications) },
    { name: 'messages.json', bytes: json(read.messages, photoNames) },
    { name: 'hauls.json', bytes: json(read.hauls) },
    { name: 'blocks_mutes.json', bytes: json(read.blocksAndMutes) },
    { name: 'reports.json', bytes: json(read.reports) },
    ...photos.map(photo),
    ...(avatar ? [photo(avatar)] : []),
    // Last, so that it can name the photos that could not be read.
    { name: 'README.txt', later: async () => Buffer.from(readmeText({ name, at, missing })), compress: true },
  ];
}

/** A photo's file in the zip: its name there with its extension, and where its bytes are (or how to find them). */
interface PhotoFile {
  name: string;
  file: string;
  key: string | (() => Promise<Buffer | null>);
}

/**
 * Which file of a stored photo goes in the zip: its full-size original when one is stored (JPEG, then PNG:
 * `originalKey`), else, for a photo stored before originals were kept (ADR 011), its largest variant
 * (`fallback`), as WebP. Asks whether the original is there (a stat or a HEAD, never its bytes: those are read
 * when the zip reaches the file).
 */
async function photoFile(
  ctx: AppContext,
  name: string,
  storageKey: string,
  fallback: PhotoFile['key'],
): Promise<PhotoFile> {
  for (const format of ORIGINAL_FORMATS) {
    const key = originalKey(ctx.config.authSecret, storageKey, format);
    if (await ctx.storage.exists(key)) return { name, file: `${name}.${format}`, key };
  }
  return { name, file: `${name}.webp`, key: fallback };
}

/** The storage key of a profile photo when the URL is one of ours (ADR 014), else null (a provider's URL). */
function ownAvatarKey(ctx: AppContext, url: unknown): string | null {
  const match = typeof url === 'string' ? /(i\/[0-9a-f]{32})\/(\d+)\.webp$/.exec(url) : null;
  if (!match?.[1] || ctx.storage.publicUrl(`${match[1]}/${match[2]}.webp`) !== url) return null;
  return match[1];
}

/** A profile photo's largest variant: its row keeps only the smallest one's URL, so the widths are tried in turn. */
async function largestVariant(ctx: AppContext, key: string): Promise<Buffer | null> {
  for (const width of [...LIMITS.imageVariantWidths].reverse()) {
    const bytes = await ctx.storage.get(`${key}/${width}.webp`);
    if (bytes) return bytes;
  }
  return null;
}

/**
 * Runs the worker on this process every `pollMs` from 'onReady' until 'onClose' (which waits for a pass in
 * progress), and at once when poked (a member asked). Passes never overlap on one process; a poke during a
 * pass runs one more after it.
 */
export function scheduleExportWorker(app: FastifyInstance, intervalMs: number = DATA_EXPORT_QUEUE.pollMs) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = runExportJobs(app.ctx)
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'data export worker failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
    app.ctx.background.track(running, () => undefined);
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await running;
  });
  return { poke: run };
}
