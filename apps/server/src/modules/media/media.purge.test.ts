import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPost, setUpMember } from '../../../test/factories.ts';
import { uploadAvatar } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { purgeDeletedAccounts } from '../auth/account-purge.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('purging a deleted member', () => {
  it('deletes the photos of their posts and their profile photo from storage, originals included', async () => {
    const member = await setUpMember(t.app);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 60, b: 30 } } })
      .jpeg()
      .toBuffer();
    const { data } = (await createPost(t.app, member.token, 'goodbye', [photo])).json();
    const file = path.join(t.ctx.config.dataDir, data.media[0].src.replace(/^\//, ''));
    expect(existsSync(file)).toBe(true);
    const avatar = (await uploadAvatar(t.app, member, [photo])).json().user.avatar as string;
    const avatarFile = path.join(t.ctx.config.dataDir, avatar.replace(/^\//, ''));
    expect(existsSync(avatarFile)).toBe(true);
    // Each beside its full-size original, which goes with the variants: the key's whole folder.
    const folders = [path.dirname(file), path.dirname(avatarFile)];
    for (const folder of folders)
      expect(readdirSync(folder).some((file) => /^original-[0-9a-f]{32}\.jpg$/.test(file))).toBe(true);
    await t.app.inject({ method: 'DELETE', url: '/api/account-delete', headers: bearer(member.token) });
    expect(existsSync(file)).toBe(true); // kept during the 30 days
    const later = new Date(t.ctx.clock.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await purgeDeletedAccounts(t.ctx, later)).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(avatarFile)).toBe(false);
    for (const folder of folders) expect(existsSync(folder)).toBe(false);
    expect(await purgeDeletedAccounts(t.ctx, later)).toBe(0);
  });
});
