import { existsSync } from 'node:fs';
import path from 'node:path';
import { DATA_EXPORT_LIMITS, DATA_EXPORT_MESSAGES, type DataExportResponse } from '@corral/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { bearer, createPost, onboardMember, setUpMember } from '../../../test/factories.ts';
import { clientId, sendForm, photo as smallPhoto, started } from '../../../test/fixtures/conversations.fixtures.ts';
import { createEventVia, photo, type References, references } from '../../../test/fixtures/events.fixtures.ts';
import { offerBody, performancesOf, placeEvent, placeId, postOffer } from '../../../test/fixtures/haul.fixtures.ts';
import { uploadAvatar } from '../../../test/fixtures/profiles.fixtures.ts';
import { messagesTo } from '../../../test/outbox-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/sql.ts';
import { ManualClock } from '../../lib/clock.ts';
import { originalKey } from '../media/media.service.ts';
import { DATA_EXPORT_QUEUE, exportsDir, runExportJobs } from './data-export.worker.ts';

/** Your data: the export's journey through the API, its zip opened and compared with what the member made. */
let t: TestApp;
let refs: References;
const clock = new ManualClock(Date.parse('2026-11-29T07:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ clock, env: { SEED_PLACES: 'true' } });
  refs = await references(t.app);
}, 120_000);
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof setUpMember>>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const status = async (who: Member) => (await call('GET', '/api/me/export', who.token)).json() as DataExportResponse;
const ask = (who: Member) => call('POST', '/api/me/export', who.token);

/** Every file of a zip, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const files = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (failure, stream) => {
          if (failure || !stream) return reject(failure);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(files));
      file.on('error', reject);
      file.readEntry();
    });
  });
}
const jsonOf = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)?.toString() ?? 'null');

/** Asks, lets the worker run, answers the ready export. */
async function readyExport(who: Member) {
  const asked = await ask(who);
  expect(asked.statusCode, asked.body).toBe(200);
  await t.ctx.background.settled();
  await runExportJobs(t.ctx);
  const answer = await status(who);
  expect(answer.data?.status).toBe('ready');
  return answer;
}

async function download(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

/** Holds every read of the media storage until released (a process stuck mid-export). */
function holdStorage() {
  const get = t.ctx.storage.get;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  t.ctx.storage.get = async (key) => {
    await gate;
    return get(key);
  };
  return {
    restore: () => {
      t.ctx.storage.get = get;
    },
    release: () => release(),
  };
}

async function exportRow(userId: string) {
  const [row] = await selectRows<{ id: string; status: string; attempts: number; file_name: string | null }>(
    t.ctx.db,
    sql`select id, status, attempts, file_name from data_exports where user_id = ${userId} order by id desc limit 1`,
  );
  return row;
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never happened');
}

describe('the data export', () => {
  it('holds what the member made, the full-size originals of their photos byte for byte, and nothing private of others', async () => {
    const me = await setUpMember(t.app, { first_name: 'Amber', last_name: 'Export' });
    await onboardMember(t.app, me.token);
    const friend = await setUpMember(t.app, { first_name: 'Bo', last_name: 'Friend' });
    const stranger = await setUpMember(t.app, { first_name: 'Cy', last_name: 'Stranger' });
    const pest = await setUpMember(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/friends/requests',
      headers: bearer(me.token),
      payload: { user_id: friend.user.id },
    });
    const [request] = await selectRows<{ id: string }>(
      t.ctx.db,
      sql`select id from friend_requests where sender_id = ${me.user.id}`,
    );
    expect((await call('POST', `/api/friends/requests/${request?.id}/accept`, friend.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/friends/requests', me.token, { user_id: stranger.user.id })).statusCode).toBe(200);
    expect((await uploadAvatar(t.app, me, [await photo(900, 900)])).statusCode).toBe(200);

    const posted = await createPost(t.app, me.token, 'Two photos from Cheyenne', [
      await photo(1600, 1000),
      await photo(500, 700),
    ]);
    expect(posted.statusCode, posted.body).toBe(200);
    const postId = posted.json().data.id as number;
    const theirs = (await createPost(t.app, friend.token, 'Bo’s post')).json().data.id as number;
    expect((await call('POST', `/api/posts/${theirs}/comments`, me.token, { text: 'Nice ride!' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/posts/${theirs}/like`, me.token)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/posts/${theirs}/comments`, friend.token, { text: 'Bo on his own post' })).statusCode,
    ).toBe(200);
    const eventId = await createEventVia(t.app, me.token, refs, {}, [await photo(1400, 800)]);
    await placeEvent(t.app, eventId, await placeId(t.app, 'Cheyenne', 'WY'));
    const performances = await performancesOf(t.app, eventId);
    const denver = await placeId(t.app, 'Denver', 'CO');
    const offer = await postOffer(
      t.app,
      me.token,
      offerBody(eventId, performances[0] ?? 0, denver, { notes: 'Room for two' }),
    );
    expect(offer.statusCode, offer.body).toBe(201);
    expect((await call('POST', '/api/me/horses', me.token, { name: 'Dually' })).statusCode).toBe(201);
    const talk = await started(t.app, me, friend, 'Howdy Bo');
    const conversation = talk.conversation.id;
    const sentPhoto = await sendForm(
      t.app,
      me,
      `/api/conversations/${conversation}/messages`,
      { body: 'Look', client_id: clientId() },
      [await smallPhoto()],
    );
    expect(sentPhoto.statusCode, sentPhoto.body).toBe(201);
    await sendForm(
      t.app,
      friend,
      `/api/conversations/${conversation}/messages`,
      { body: 'Bo’s photo', client_id: clientId() },
      [await smallPhoto('#222')],
    );
    expect((await call('POST', `/api/users/${pest.user.id}/block`, me.token)).statusCode).toBe(200);
    const strangerPost = (await createPost(t.app, stranger.token, 'Rude')).json().data.id as number;
    expect(
      (
        await call('POST', '/api/reports', me.token, {
          target_type: 'post',
          target_id: strangerPost,
          reason: 'Spam or Misleading',
        })
      ).statusCode,
    ).toBeLessThan(300);

    const asked = await ask(me);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'pending', download_url: null, size: null });
    await t.ctx.background.settled();
    const answer = await status(me);
    expect(answer.data).toMatchObject({ status: 'ready' });
    expect(answer.data?.size).toBeGreaterThan(0);
    expect(Date.parse(answer.data?.expires_at ?? '') - Date.parse(answer.data?.ready_at ?? '')).toBe(
      DATA_EXPORT_LIMITS.keepDays * 86_400_000,
    );
    const url = answer.data?.download_url ?? '';
    expect(url).toMatch(/^\/api\/me\/export\/download\?token=/);

    // A notification (from Corral, naming nobody) and an email whose link is the Account page, not the file.
    const bell = (await call('GET', '/api/notifications', me.token)).json().data;
    expect(bell[0]).toMatchObject({
      kind: 'data_export',
      title: DATA_EXPORT_MESSAGES.notificationTitle,
      actor: { id: me.user.id },
    });
    const [email] = await messagesTo(t.ctx, me.email);
    expect(email?.subject).toBe(DATA_EXPORT_MESSAGES.emailSubject);
    expect(email?.text).toContain('http://corral.test/social_home/settings/account#your-data');
    expect(email?.text).not.toContain('token=');

    // A plain link (no bearer token, as a browser's download) gives the file.
    const file = await download(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="corral-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.length).toBe(answer.data?.size);
    const files = await unzip(file.rawPayload);
    for (const name of [
      'profile.json',
      'posts.json',
      'comments.json',
      'likes.json',
      'events.json',
      'friends.json',
      'friend_requests.json',
      'notifications.json',
      'messages.json',
      'hauls.json',
      'blocks_mutes.json',
      'reports.json',
      'README.txt',
    ])
      expect(files.has(name), name).toBe(true);
    // The bearer token alone works too (an API client).
    expect((await download('/api/me/export/download', me.token)).rawPayload.equals(file.rawPayload)).toBe(true);

    const profile = jsonOf(files, 'profile.json');
    const [row] = await selectRows<{ phone_number: string }>(
      t.ctx.db,
      sql`select phone_number from users where id = ${me.user.id}`,
    );
    expect(profile).toMatchObject({
      id: me.user.id,
      email: me.email,
      first_name: 'Amber',
      last_name: 'Export',
      phone_number: row?.phone_number,
      date_of_birth: '1995-06-15',
      gender: 'female',
      private_profile: false,
      profile_photo: 'images/profile.jpg',
    });
    expect(profile.event_types).toHaveLength(1);
    expect(profile.associations).toHaveLength(1);

    const posts = jsonOf(files, 'posts.json');
    expect(posts).toEqual([
      expect.objectContaining({
        id: postId,
        kind: 'post',
        text: 'Two photos from Cheyenne',
        images: [`images/post-${postId}-1.jpg`, `images/post-${postId}-2.jpg`],
      }),
    ]);
    // The photos are the originals as stored, byte for byte, at the size they were uploaded.
    const stored = await selectRows<{ storage_key: string; position: number }>(
      t.ctx.db,
      sql`select storage_key, position from post_images where post_id = ${postId} order by position`,
    );
    for (const [image, size] of stored.map(
      (row, i) =>
        [
          row,
          [
            [1600, 1000],
            [500, 700],
          ][i],
        ] as const,
    )) {
      const original = await t.ctx.storage.get(originalKey(t.ctx.config.authSecret, image.storage_key, 'jpg'));
      const file = files.get(`images/post-${postId}-${image.position + 1}.jpg`);
      expect(original && file?.equals(original)).toBe(true);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: size?.[0], height: size?.[1] });
    }
    const avatarKey = /(i\/[0-9a-f]{32})\//.exec(String(profile.profile_photo_url))?.[1];
    expect(
      files
        .get('images/profile.jpg')
        ?.equals(
          (await t.ctx.storage.get(originalKey(t.ctx.config.authSecret, avatarKey ?? '', 'jpg'))) ?? Buffer.alloc(1),
        ),
    ).toBe(true);
    expect(await sharp(files.get('images/profile.jpg')).metadata()).toMatchObject({ width: 900, height: 900 });

    expect(jsonOf(files, 'comments.json')).toEqual([
      expect.objectContaining({ on_item_id: theirs, text: 'Nice ride!' }),
    ]);
    expect(jsonOf(files, 'likes.json')).toEqual([expect.objectContaining({ item_id: theirs })]);
    const events = jsonOf(files, 'events.json');
    expect(events.created).toHaveLength(1);
    expect(events.created[0]).toMatchObject({
      id: eventId,
      title: 'Cheyenne Frontier Days',
      added_money: 1500,
      image: `images/event-${eventId}-1.jpg`,
    });
    const [eventImage] = await selectRows<{ storage_key: string }>(
      t.ctx.db,
      sql`select storage_key from post_images where post_id = ${eventId}`,
    );
    const eventOriginal = await t.ctx.storage.get(
      originalKey(t.ctx.config.authSecret, eventImage?.storage_key ?? '', 'jpg'),
    );
    expect(eventOriginal && files.get(`images/event-${eventId}-1.jpg`)?.equals(eventOriginal)).toBe(true);
    expect(events.created[0].performances.map((p: { name: string }) => p.name)).toEqual([
      'Team Roping',
      'Bareback Riding',
    ]);
    expect(performances).toHaveLength(2);
    expect(jsonOf(files, 'friends.json')).toEqual([
      expect.objectContaining({ member: { id: friend.user.id, name: 'Bo Friend' } }),
    ]);
    expect(jsonOf(files, 'friend_requests.json').sent).toEqual([
      expect.objectContaining({ to: { id: stranger.user.id, name: 'Cy Stranger' } }),
    ]);
    expect(jsonOf(files, 'notifications.json').map((n: { kind: string }) => n.kind)).toContain('friend_accepted');

    const [chat] = jsonOf(files, 'messages.json');
    expect(chat.with).toEqual({ id: friend.user.id, name: 'Bo Friend' });
    expect(chat.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['me', 'Howdy Bo'],
      ['me', 'Look'],
      ['them', 'Bo’s photo'],
    ]);
    const mine = chat.messages[1];
    expect(mine.images).toEqual([`images/message-${mine.id}-1.jpg`]);
    expect(chat.messages[2]).toMatchObject({ images: [], their_photos: 1 });
    const [messageImage] = await selectRows<{ storage_key: string }>(
      t.ctx.db,
      sql`select storage_key from message_images where message_id = ${mine.id}`,
    );
    const originalMessagePhoto = await t.ctx.storage.get(
      originalKey(t.ctx.config.authSecret, messageImage?.storage_key ?? '', 'jpg'),
    );
    expect(originalMessagePhoto && files.get(`images/message-${mine.id}-1.jpg`)?.equals(originalMessagePhoto)).toBe(
      true,
    );
    // Every photo in the zip is named in the JSON, and every name there is a file of the zip.
    const photosInZip = [...files.keys()].filter((name) => name.startsWith('images/')).sort();
    expect(photosInZip).toEqual(
      [...posts[0].images, events.created[0].image, ...mine.images, profile.profile_photo].sort(),
    );

    const hauls = jsonOf(files, 'hauls.json');
    expect(hauls.offers).toEqual([
      expect.objectContaining({ event_id: eventId, notes: 'Room for two', from_place: 'Denver, CO' }),
    ]);
    expect(hauls.horses).toEqual([expect.objectContaining({ name: 'Dually' })]);
    expect(jsonOf(files, 'blocks_mutes.json').blocked).toEqual([
      expect.objectContaining({ member: expect.objectContaining({ id: pest.user.id }) }),
    ]);
    expect(jsonOf(files, 'reports.json')).toEqual([
      expect.objectContaining({ about: 'post', item_id: strangerPost, reason: 'Spam or Misleading' }),
    ]);

    // Nothing private of the other members: neither their email nor their phone, nor their own comments.
    const everything = [...files]
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => bytes.toString())
      .join('\n');
    for (const other of [friend, stranger, pest]) expect(everything).not.toContain(other.email);
    const phones = await selectRows<{ phone_number: string }>(
      t.ctx.db,
      sql`select phone_number from users where id <> ${me.user.id} and phone_number is not null`,
    );
    for (const phone of phones) expect(everything).not.toContain(phone.phone_number);
    expect(everything).not.toContain('Bo on his own post');
    expect(files.get('README.txt')?.toString()).toContain('messages.json');

    // Only for them: another member (with or without their own token), a forged token, no token at all.
    expect((await status(friend)).data).toBeNull();
    expect((await download(url, friend.token)).statusCode).toBe(404);
    expect((await download('/api/me/export/download', friend.token)).statusCode).toBe(404);
    expect((await download(`${url}x`)).json().message).toBe(DATA_EXPORT_MESSAGES.linkInvalid);
    expect((await download('/api/me/export/download?token=abc.def')).statusCode).toBe(404);
    expect((await download('/api/me/export/download')).statusCode).toBe(401);

    // The link lasts minutes: after that, a fresh one from GET works again.
    clock.advance((DATA_EXPORT_LIMITS.linkMinutes + 1) * 60_000);
    expect((await download(url)).statusCode).toBe(404);
    const fresh = (await status(me)).data?.download_url ?? '';
    expect((await download(fresh)).statusCode).toBe(200);

    // Once a day: a second ask is refused, saying when; a day later it is let through.
    const again = await ask(me);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(
      /^You can ask for one export of your data a day\. You can ask for the next one after \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    clock.advance(DATA_EXPORT_LIMITS.perHours * 3_600_000);
    const nextDay = await ask(me);
    expect(nextDay.statusCode, nextDay.body).toBe(200);
    expect(nextDay.json().data.id).not.toBe(answer.data?.id);
    await t.ctx.background.settled();

    // Signed out, the link minted for that session is dead; the account deleted, the files are gone.
    const last = (await status(me)).data;
    expect(last?.status).toBe('ready');
    const lastUrl = last?.download_url ?? '';
    expect((await call('POST', '/api/logout', me.token)).statusCode).toBe(200);
    expect((await download(lastUrl)).statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me.email, password: me.password },
    });
    const token = login.json().user.api_token as string;
    const files_before = await selectRows<{ file_name: string }>(
      t.ctx.db,
      sql`select file_name from data_exports where user_id = ${me.user.id} and file_name is not null`,
    );
    expect(files_before.length).toBe(2);
    expect((await call('DELETE', '/api/account-delete', token)).statusCode).toBe(200);
    await runExportJobs(t.ctx);
    for (const { file_name } of files_before) expect(existsSync(path.join(exportsDir(t.ctx), file_name))).toBe(false);
    const rows = await selectRows<{ status: string; file_name: string | null }>(
      t.ctx.db,
      sql`select status, file_name from data_exports where user_id = ${me.user.id}`,
    );
    expect(rows.every((r) => r.status === 'expired' && r.file_name === null)).toBe(true);
  }, 60_000);

  it('holds each photo at its full size without metadata (JPEG, PNG with transparency), or its largest variant when stored without original', async () => {
    const me = await setUpMember(t.app);
    const camera = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#7a5230' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Corral Test Cam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 8/1 0/1' } })
      .toBuffer();
    expect((await sharp(camera).metadata()).exif).toBeDefined();
    const transparent = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.4 } },
    })
      .png()
      .toBuffer();
    const posted = await createPost(t.app, me.token, 'Camera, an old photo, a logo', [
      camera,
      await photo(1600, 1000),
      transparent,
    ]);
    expect(posted.statusCode, posted.body).toBe(200);
    const postId = posted.json().data.id as number;
    expect((await uploadAvatar(t.app, me, [await photo(900, 900)])).statusCode).toBe(200);
    // As if stored before originals were kept: the second photo's and the profile photo's originals are gone.
    const keys = await selectRows<{ storage_key: string }>(
      t.ctx.db,
      sql`select storage_key from post_images where post_id = ${postId} order by position`,
    );
    const [avatar] = await selectRows<{ image: string }>(
      t.ctx.db,
      sql`select image from users where id = ${me.user.id}`,
    );
    const avatarKey = /(i\/[0-9a-f]{32})\//.exec(avatar?.image ?? '')?.[1];
    for (const key of [keys[1]?.storage_key, avatarKey])
      await t.ctx.storage.deleteTree(originalKey(t.ctx.config.authSecret, key ?? '', 'jpg'));

    await readyExport(me);
    const files = await unzip((await download('/api/me/export/download', me.token)).rawPayload);
    const [post] = jsonOf(files, 'posts.json');
    expect(post.images).toEqual([
      `images/post-${postId}-1.jpg`,
      `images/post-${postId}-2.webp`,
      `images/post-${postId}-3.png`,
    ]);
    const full = await sharp(files.get(`images/post-${postId}-1.jpg`)).metadata();
    expect(full).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 });
    expect(full.exif).toBeUndefined();
    expect(full.icc).toBeUndefined();
    expect(full.xmp).toBeUndefined();
    expect(
      files
        .get(`images/post-${postId}-3.png`)
        ?.equals(
          (await t.ctx.storage.get(originalKey(t.ctx.config.authSecret, keys[2]?.storage_key ?? '', 'png'))) ??
            Buffer.alloc(1),
        ),
    ).toBe(true);
    expect(await sharp(files.get(`images/post-${postId}-3.png`)).metadata()).toMatchObject({
      format: 'png',
      width: 300,
      height: 200,
      hasAlpha: true,
    });
    // Without original: the largest variant, byte for byte, named .webp.
    const variant = await t.ctx.storage.get(`${keys[1]?.storage_key}/1280.webp`);
    expect(variant && files.get(`images/post-${postId}-2.webp`)?.equals(variant)).toBe(true);
    expect(jsonOf(files, 'profile.json').profile_photo).toBe('images/profile.webp');
    const avatarVariant = await t.ctx.storage.get(`${avatarKey}/640.webp`);
    expect(avatarVariant && files.get('images/profile.webp')?.equals(avatarVariant)).toBe(true);
    expect([...files.keys()].filter((name) => name.startsWith('images/')).sort()).toEqual([
      `images/post-${postId}-1.jpg`,
      `images/post-${postId}-2.webp`,
      `images/post-${postId}-3.png`,
      'images/profile.webp',
    ]);
    const readme = files.get('README.txt')?.toString() ?? '';
    expect(readme).toContain('at their full size');
    expect(readme).toContain('.webp, up to 1280 px wide');
    expect(readme).not.toContain('could not be read');
  });

  it('expires after 7 days: the file is deleted and the status says so', async () => {
    const me = await setUpMember(t.app);
    const answer = await readyExport(me);
    const row = await exportRow(me.user.id);
    const file = path.join(exportsDir(t.ctx), row?.file_name ?? '');
    expect(existsSync(file)).toBe(true);
    await t.ctx.db.execute(
      sql`update data_exports set expires_at = ${new Date(clock.now() - 1000)} where id = ${Number(row?.id)}`,
    );
    expect((await status(me)).data).toMatchObject({ status: 'expired', download_url: null });
    expect((await download(answer.data?.download_url ?? '')).statusCode).toBe(404);
    await runExportJobs(t.ctx);
    expect(existsSync(file)).toBe(false);
    expect(await exportRow(me.user.id)).toMatchObject({ status: 'expired', file_name: null });
    // An expired export still counts for the day it was asked on.
    expect((await ask(me)).statusCode).toBe(429);
  });

  it('picks up an export whose process stopped mid-way, and the stale try changes nothing', async () => {
    const me = await setUpMember(t.app);
    expect((await createPost(t.app, me.token, 'One photo', [await photo(700, 500)])).statusCode).toBe(200);
    const held = holdStorage();
    expect((await ask(me)).statusCode).toBe(200);
    await until(async () => (await exportRow(me.user.id))?.status === 'running');
    // Asked again while it runs: its status, no second export.
    const again = await ask(me);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: Number((await exportRow(me.user.id))?.id), status: 'pending' });
    expect((await selectRows(t.ctx.db, sql`select 1 from data_exports where user_id = ${me.user.id}`)).length).toBe(1);

    // The first try's process is gone (its lease passes unrenewed): another pass takes it over and finishes.
    held.restore();
    clock.advance(DATA_EXPORT_QUEUE.leaseMs + 1000);
    expect(await runExportJobs(t.ctx)).toBe(1);
    const row = await exportRow(me.user.id);
    expect(row).toMatchObject({ status: 'ready', attempts: 2, file_name: `${row?.id}-2.zip` });
    held.release();
    await t.ctx.background.settled();
    expect(await exportRow(me.user.id)).toMatchObject({ status: 'ready', attempts: 2, file_name: `${row?.id}-2.zip` });
    expect(existsSync(path.join(exportsDir(t.ctx), `${row?.id}-1.zip`))).toBe(false);
    expect(existsSync(path.join(exportsDir(t.ctx), `${row?.id}-1.partial`))).toBe(false);
    const files = await unzip((await download('/api/me/export/download', me.token)).rawPayload);
    expect([...files.keys()].filter((name) => name.startsWith('images/'))).toHaveLength(1);
    const notices = (await call('GET', '/api/notifications', me.token)).json().data;
    expect(notices.filter((n: { kind: string }) => n.kind === 'data_export')).toHaveLength(1);
  });

  it(`fails an export whose tries all ran out of time (${DATA_EXPORT_QUEUE.maxAttempts}), and a failed one may be asked again at once`, async () => {
    const me = await setUpMember(t.app);
    const held = holdStorage();
    expect((await createPost(t.app, me.token, 'Photo', [await photo(400, 300)])).statusCode).toBe(200);
    expect((await ask(me)).statusCode).toBe(200);
    await until(async () => (await exportRow(me.user.id))?.status === 'running');
    const id = Number((await exportRow(me.user.id))?.id);
    // As if two more processes had claimed it and died the same way.
    await t.ctx.db.execute(sql`update data_exports set attempts = ${DATA_EXPORT_QUEUE.maxAttempts} where id = ${id}`);
    held.restore();
    clock.advance(DATA_EXPORT_QUEUE.leaseMs + 1000);
    await runExportJobs(t.ctx);
    expect((await status(me)).data).toMatchObject({ id, status: 'failed', download_url: null });
    held.release();
    await t.ctx.background.settled();
    expect((await exportRow(me.user.id))?.status).toBe('failed');
    const retry = await ask(me);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).not.toBe(id);
    await t.ctx.background.settled();
    expect((await status(me)).data?.status).toBe('ready');
  });

  it('needs a session to ask or look', async () => {
    expect((await call('POST', '/api/me/export')).statusCode).toBe(401);
    expect((await call('GET', '/api/me/export')).statusCode).toBe(401);
    expect((await call('GET', '/api/me/export', 'made-up')).statusCode).toBe(401);
  });
});
