import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { postImages } from '../src/db/schema.ts';
import { originalKey } from '../src/modules/media/media.service.ts';
import { listFiles } from '../src/ops/backup.ts';
import { readDatabaseFacts } from '../src/ops/database-facts.ts';
import { MANIFEST_FILE, type Manifest } from '../src/ops/manifest.ts';
import { DEFAULT_KEEP_DAYS, pruneBackups } from '../src/ops/retention.ts';
import { bearer, befriend, createPost, setUpMember } from './factories.ts';
import { uploadAvatar } from './fixtures/profiles.fixtures.ts';
import { startS3TestServer } from './s3-test-server.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

/*
 * `npm run corral -- backup` and `restore`, run as operators run them (the CLI as a child process), on the
 * mode of the run: a throwaway PostgreSQL database per site when DATABASE_URL is set, PGlite on disk otherwise.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const BASE_URL = process.env.DATABASE_URL;
const AUTH_SECRET = randomBytes(32).toString('hex');
const run = promisify(execFile);

/** A place the app can live: a data directory and, on PostgreSQL, a database of its own. */
interface Site {
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

const sites: Site[] = [];
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'corral-backup-test-'));
});
afterAll(async () => {
  for (const site of sites) await site.drop();
  await rm(work, { recursive: true, force: true });
});

async function newSite(extraEnv: Record<string, string> = {}): Promise<Site> {
  const dataDir = await mkdtemp(path.join(work, 'site-'));
  const database = BASE_URL ? await createThrowawayDatabase(BASE_URL) : undefined;
  const site: Site = {
    dataDir,
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      PUBLIC_URL: 'http://corral.test',
      AUTH_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '100',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...extraEnv,
    },
    drop: async () => database?.drop(),
  };
  sites.push(site);
  return site;
}

/** The app on a site's database and data directory (PGlite on disk in DATA_DIR/db, as the server runs it). */
const startApp = async (site: Site) => {
  const app = await buildApp(loadConfig(site.env), { logger: false });
  await app.ready();
  return app;
};

/** The operators' command line, with a site's environment; answers its exit code and output. */
async function corral(site: Site, args: string[]) {
  const env = { ...process.env, ...site.env };
  return run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: SERVER_DIR, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const photo = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Three members, friends, posts with photos, a profile photo, a comment and a like. */
async function makeCommunity(app: FastifyInstance) {
  const [ada, bea, cal] = [await setUpMember(app), await setUpMember(app), await setUpMember(app)];
  await befriend(app, ada.user.id, bea.user.id);
  const posts = [
    (await createPost(app, ada.token, 'Barrel run', [await photo('#8b5a2b'), await photo('#2b5a8b')])).json().data,
    (await createPost(app, bea.token, 'New saddle', [await photo('#5a8b2b')])).json().data,
    (await createPost(app, cal.token, 'Words only')).json().data,
  ];
  expect((await uploadAvatar(app, cal, [await photo('#a0522d')])).statusCode).toBe(200);
  const [first] = posts;
  await app.inject({
    method: 'POST',
    url: `/api/posts/${first.id}/comments`,
    headers: bearer(bea.token),
    payload: { text: 'Fast!' },
  });
  await app.inject({ method: 'POST', url: `/api/posts/${first.id}/like`, headers: bearer(bea.token) });
  return { author: ada, postIds: posts.map((post) => post.id as number) };
}

/** What a member sees of each post, as JSON. */
const readPosts = (app: FastifyInstance, token: string, ids: number[]) =>
  Promise.all(
    ids.map(async (id) =>
      (await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: bearer(token) })).json(),
    ),
  );

const backupsIn = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => !name.startsWith('.'))
    .map((name) => path.join(dir, name));

describe('backup and restore', () => {
  it('brings every row and every image back on a fresh database and data directory', async () => {
    const source = await newSite();
    const app = await startApp(source);
    const { author, postIds } = await makeCommunity(app);
    const facts = await readDatabaseFacts(app.ctx.db);
    const posts = await readPosts(app, author.token, postIds);
    const mediaFiles = await listFiles(path.join(source.dataDir, 'media'));
    // Three post photos and a profile photo, in widths, each beside its full-size original.
    expect(mediaFiles.length).toBeGreaterThanOrEqual(8);
    expect(mediaFiles.filter((file) => /[/\\]original-[0-9a-f]{32}\.jpg$/.test(file))).toHaveLength(4);
    await writeFile(path.join(source.dataDir, 'media', '.DS_Store'), 'not media'); // left by a file browser
    // PGlite is one process's: the backup waits for the server to stop. PostgreSQL is backed up live.
    if (!BASE_URL) await app.close();

    const backups = path.join(work, 'backups');
    const backup = await corral(source, ['backup', backups]);
    expect(backup.code, backup.stderr).toBe(0);
    if (BASE_URL) await app.close();
    const [folder = ''] = await backupsIn(backups);
    const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest.database.rows).toEqual(facts.rows);
    expect(manifest.database.kind).toBe(BASE_URL ? 'postgres' : 'pglite');
    expect(manifest.media).toMatchObject({ storage: 'disk', files: mediaFiles.length });
    expect(manifest.files.filter((file) => file.path.startsWith('media/'))).toHaveLength(mediaFiles.length);

    const target = await newSite();
    const restore = await corral(target, ['restore', folder]);
    expect(restore.code, restore.stderr).toBe(0);

    const restored = await startApp(target);
    try {
      expect((await readDatabaseFacts(restored.ctx.db)).rows).toEqual(facts.rows);
      expect(await readPosts(restored, author.token, postIds)).toEqual(posts);
      for (const file of mediaFiles) {
        const key = file.split(path.sep).join('/');
        const bytes = await readFile(path.join(source.dataDir, 'media', file));
        expect((await restored.ctx.storage.get(key))?.equals(bytes), file).toBe(true);
        // The variants are served; an original is for its owner's data export only.
        const response = await restored.inject({ method: 'GET', url: `/media/${key}` });
        expect(response.statusCode, file).toBe(key.endsWith('.webp') ? 200 : 404);
        if (key.endsWith('.webp')) expect(response.rawPayload.equals(bytes), file).toBe(true);
      }
    } finally {
      await restored.close();
    }

    // The target now holds data: a second restore refuses it, unless told to replace it.
    const again = await corral(target, ['restore', folder]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The target is not empty');
    const forced = await corral(target, ['restore', folder, '--force']);
    expect(forced.code, forced.stderr).toBe(0);

    // A damaged backup restores nothing.
    const [firstMedia] = manifest.files.filter((file) => file.path.startsWith('media/'));
    await writeFile(path.join(folder, ...(firstMedia?.path ?? '').split('/')), 'not the photo');
    const fresh = await newSite();
    const damaged = await corral(fresh, ['restore', folder]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain(`${firstMedia?.path} does not match its checksum`);
    expect(existsSync(path.join(fresh.dataDir, 'media'))).toBe(false);
  }, 300_000);

  it('names the bucket when media live in S3, and the restored app serves the images from it', async () => {
    const s3 = await startS3TestServer('corral-media');
    const bucket = {
      S3_BUCKET: 'corral-media',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
    try {
      const source = await newSite(bucket);
      const app = await startApp(source);
      const { author, postIds } = await makeCommunity(app);
      const posts = await readPosts(app, author.token, postIds);
      if (!BASE_URL) await app.close();
      const backups = path.join(work, 's3');
      const backup = await corral(source, ['backup', backups]);
      expect(backup.code, backup.stderr).toBe(0);
      if (BASE_URL) await app.close();
      const [folder = ''] = await backupsIn(backups);
      const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as Manifest;
      expect(manifest.media).toMatchObject({ storage: 's3', bucket: 'corral-media' });
      expect(manifest.files.map((file) => file.path)).toEqual([manifest.database.file]);

      const target = await newSite(bucket);
      const restore = await corral(target, ['restore', folder]);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('they stay in the bucket corral-media');
      const restored = await startApp(target);
      try {
        expect(await readPosts(restored, author.token, postIds)).toEqual(posts);
        expect(s3.objects.size).toBeGreaterThanOrEqual(8);
        for (const [key, object] of s3.objects) {
          if (!key.endsWith('.webp')) continue; // an original, never served
          const response = await restored.inject({ method: 'GET', url: `/media/${key}` });
          expect(response.statusCode, key).toBe(200);
          expect(response.rawPayload.equals(object.body), key).toBe(true);
        }
      } finally {
        await restored.close();
      }
    } finally {
      await s3.close();
    }
  }, 300_000);

  it.skipIf(!BASE_URL)(
    'takes a consistent backup of PostgreSQL while members keep posting',
    async () => {
      const source = await newSite();
      const app = await startApp(source);
      const member = await setUpMember(app);
      const backups = path.join(work, 'live');
      let running = true;
      const backup = corral(source, ['backup', backups]).finally(() => {
        running = false;
      });
      let posted = 0;
      while (running) {
        expect((await createPost(app, member.token, `During ${posted}`, [await photo('#6b4226')])).statusCode).toBe(
          200,
        );
        posted += 1;
      }
      expect((await backup).code, (await backup).stderr).toBe(0);
      await app.close();
      expect(posted).toBeGreaterThan(0);

      // The restore checks the rows against the manifest's counts; every photo a restored row names is there.
      const [folder = ''] = await backupsIn(backups);
      const target = await newSite();
      const restore = await corral(target, ['restore', folder]);
      expect(restore.code, restore.stderr).toBe(0);
      const restored = await startApp(target);
      try {
        const keys = (await restored.ctx.db.select({ key: postImages.storageKey }).from(postImages)).map((r) => r.key);
        const files = await listFiles(path.join(target.dataDir, 'media'));
        for (const key of keys) {
          const ofKey = files.filter((file) => file.startsWith(`${key}${path.sep}`));
          expect(ofKey.length, key).toBeGreaterThan(0);
          expect(ofKey, key).toContain(
            originalKey(restored.ctx.config.authSecret, key, 'jpg').split('/').join(path.sep),
          );
          for (const file of ofKey.filter((name) => name.endsWith('.webp'))) {
            const response = await restored.inject({ method: 'GET', url: `/media/${file.split(path.sep).join('/')}` });
            expect(response.statusCode, file).toBe(200);
          }
        }
      } finally {
        await restored.close();
      }
    },
    300_000,
  );

  it.skipIf(Boolean(BASE_URL))(
    'refuses to back up an embedded database a server holds, and leaves nothing behind',
    async () => {
      const site = await newSite();
      const app = await startApp(site);
      try {
        const backups = path.join(work, 'held');
        const backup = await corral(site, ['backup', backups]);
        expect(backup.code).toBe(1);
        expect(backup.stderr).toContain('is in use');
        expect(await readdir(backups)).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );
});

describe('retention', () => {
  it('removes the backups older than the retention and keeps the rest', async () => {
    const dir = path.join(work, 'retention');
    const now = new Date('2026-11-25T03:00:00Z');
    const made = async (name: string, daysAgo: number) => {
      await mkdir(path.join(dir, name), { recursive: true });
      const createdAt = new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
      await writeFile(
        path.join(dir, name, MANIFEST_FILE),
        JSON.stringify({ format: 'corral-backup/1', createdAt, files: [] }),
      );
    };
    await made('corral-backup-old', DEFAULT_KEEP_DAYS + 1);
    await made('corral-backup-recent', DEFAULT_KEEP_DAYS - 1);
    await mkdir(path.join(dir, 'corral-backup-no-manifest'));
    await mkdir(path.join(dir, 'something-else'));
    expect(await pruneBackups(dir, DEFAULT_KEEP_DAYS, now)).toEqual([path.join(dir, 'corral-backup-old')]);
    expect((await readdir(dir)).sort()).toEqual([
      'corral-backup-no-manifest',
      'corral-backup-recent',
      'something-else',
    ]);
  });

  it('keeps the deletion policy: a purged account leaves the last backup within 90 days', () => {
    // Purged 30 days (and up to an hour) after the request; the last backup holding it goes at most a day
    // after it passes the retention.
    const purgeDays = 30 + 1 / 24;
    expect(purgeDays + DEFAULT_KEEP_DAYS + 1).toBeLessThan(90);
  });
});
