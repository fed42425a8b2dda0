import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES, LIMITS } from '@corral/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend } from '../../../test/factories.ts';
import {
  agedMembers,
  box,
  clientId,
  messagesOf,
  messageTables,
  photo,
  send,
  sendForm,
  started,
} from '../../../test/fixtures/conversations.fixtures.ts';
import { call, type Member } from '../../../test/fixtures/profiles.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { messageImages, messages, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { purgeDeletedAccounts } from '../auth/account-purge.ts';

/**
 * A conversation's messages: pages, read markers, photos, deleting one's own message, and what is left of a
 * deleted member's (ADR 029), through the API on a real database.
 */

const DAY = 24 * 3_600_000;
/** The folder of a photo's storage key on disk (its variants and its original), from a variant's URL. */
const storedFolder = (src: string) =>
  path.join(t.ctx.config.dataDir, 'media', /^\/media\/(i\/[0-9a-f]{32})\//.exec(src)?.[1] ?? 'none');
let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function friendsTalking() {
  const [a, b] = await agedMembers(t.app, 2);
  await befriend(t.app, a.user.id, b.user.id);
  const { conversation, message } = await started(t.app, a, b, 'First');
  return { a, b, id: conversation.id, first: message };
}

/** The member's deletion is older than the purge's wait (the clock stays: sessions expire by real time). */
const deletedLongAgo = (member: Member) =>
  t.ctx.db
    .update(users)
    .set({ deletedAt: new Date(clock.now() - (LIMITS.accountPurgeAfterDays + 1) * DAY) })
    .where(eq(users.id, member.user.id));

const read = (who: Member, id: number, messageId: number) =>
  call(t.app, who, 'POST', `/api/conversations/${id}/read`, { message_id: messageId });

describe('messages and read markers', () => {
  it('pages messages newest first; the marker moves forward only and counts what is left unread', async () => {
    const { a, b, id, first } = await friendsTalking();
    const ids = [first.id];
    for (let i = 1; i < CONVERSATION_LIMITS.messagesPageSize + 5; i += 1)
      ids.push((await send(t.app, a, id, `Message ${i}`)).json().message.id);
    const page1 = await messagesOf(t.app, b, id);
    expect(page1.data.map((m) => m.id)).toEqual(ids.toReversed().slice(0, CONVERSATION_LIMITS.messagesPageSize));
    expect(page1.conversation).toMatchObject({ id, unread: ids.length, other: { id: a.user.id } });
    const page2 = await messagesOf(t.app, b, id, page1.next_cursor ?? '');
    expect(page2.data.map((m) => m.id)).toEqual(ids.toReversed().slice(CONVERSATION_LIMITS.messagesPageSize));
    expect(page2.next_cursor).toBeNull();
    expect((await call(t.app, b, 'GET', `/api/conversations/${id}/messages?cursor=bm9wZQ`)).statusCode).toBe(400);

    const middle = ids[10] as number;
    const marked = await read(b, id, middle);
    expect(marked.json().data).toMatchObject({ unread: ids.length - 11 });
    expect((await box(t.app, b)).unread).toEqual({ inbox: 1, requests: 0 });
    // Behind the marker: nothing changes.
    expect((await read(b, id, ids[2] as number)).json().data.unread).toBe(ids.length - 11);
    expect((await messagesOf(t.app, a, id)).conversation.other_last_read_id).toBe(middle);
    await read(b, id, ids.at(-1) as number);
    expect((await box(t.app, b)).unread).toEqual({ inbox: 0, requests: 0 });
    // A reply is read by its sender: their own marker moves to it.
    const reply = (await send(t.app, b, id, 'Got them all')).json();
    expect(reply.conversation.unread).toBe(0);
    expect((await messagesOf(t.app, a, id)).conversation).toMatchObject({
      unread: 1,
      other_last_read_id: reply.message.id,
    });
  });

  it('refuses a message that is not in the conversation, and ids out of range, changing nothing', async () => {
    const { b, id } = await friendsTalking();
    const other = await friendsTalking();
    const before = await messageTables(t.app);
    const response = await read(b, id, other.first.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(CONVERSATION_MESSAGES.messageNotFound);
    for (const bad of [0, -1, 1.5, 2 ** 53, '12', null])
      expect(
        (await call(t.app, b, 'POST', `/api/conversations/${id}/read`, { message_id: bad })).statusCode,
        String(bad),
      ).toBe(422);
    expect(await messageTables(t.app)).toEqual(before);
  });
});

describe('deleting one’s own message', () => {
  it('shows it deleted to both, in place; only its sender may, and again changes nothing', async () => {
    const { a, b, id, first } = await friendsTalking();
    await send(t.app, b, id, 'Reply');
    const others = await call(t.app, b, 'DELETE', `/api/messages/${first.id}`);
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe(CONVERSATION_MESSAGES.messageNotFound);
    for (const bad of ['0', 'abc', String(2 ** 53)])
      expect((await call(t.app, a, 'DELETE', `/api/messages/${bad}`)).statusCode).toBe(422);
    expect((await call(t.app, a, 'DELETE', '/api/messages/999999999')).statusCode).toBe(404);

    const deleted = await call(t.app, a, 'DELETE', `/api/messages/${first.id}`);
    expect(deleted.json()).toEqual({ status: true });
    expect((await call(t.app, a, 'DELETE', `/api/messages/${first.id}`)).statusCode).toBe(200);
    for (const who of [a, b]) {
      const shown = (await messagesOf(t.app, who, id)).data.find((m) => m.id === first.id);
      expect(shown).toMatchObject({ state: 'deleted', body: '', images: [], sender_id: a.user.id });
    }
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, first.id));
    expect(row?.body).toBe('');
  });
});

describe('photos', () => {
  it(`sends up to ${CONVERSATION_LIMITS.photosMax} photos through the image pipeline, served while the message is live`, async () => {
    const { a, b, id } = await friendsTalking();
    const url = `/api/conversations/${id}/messages`;
    const response = await sendForm(t.app, a, url, { body: 'Look', client_id: clientId() }, [
      await photo(),
      await photo('#222'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json();
    expect(message.images).toHaveLength(2);
    const [image] = (await messagesOf(t.app, b, id)).data[0]?.images ?? [];
    expect(image?.src).toMatch(/^\/media\/i\/[0-9a-f]{32}\/\d+\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: image?.src ?? '' })).statusCode).toBe(200);

    // Photos alone are a message; the same client id again is the same message, its photos not stored twice.
    const alone = clientId();
    const onlyPhoto = await sendForm(t.app, a, url, { client_id: alone }, [await photo()]);
    expect(onlyPhoto.statusCode).toBe(201);
    const imagesBefore = (await messageTables(t.app))?.images;
    const resent = await sendForm(t.app, a, url, { client_id: alone }, [await photo()]);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message.id).toBe(onlyPhoto.json().message.id);
    expect((await messageTables(t.app))?.images).toBe(imagesBefore);

    const before = await messageTables(t.app);
    const tooMany = await sendForm(
      t.app,
      a,
      url,
      { body: 'Too many', client_id: clientId() },
      await Promise.all(Array.from({ length: CONVERSATION_LIMITS.photosMax + 1 }, () => photo())),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(CONVERSATION_MESSAGES.tooManyPhotos);
    const notAnImage = await sendForm(t.app, a, url, { body: 'Bad', client_id: clientId() }, [
      Buffer.from('not an image at all'),
    ]);
    expect(notAnImage.statusCode).toBe(422);
    const badField = await sendForm(t.app, a, url, { body: 'Hi', client_id: 'bad id!' }, []);
    expect(badField.json().message).toBe(CONVERSATION_MESSAGES.clientIdInvalid);
    expect(await messageTables(t.app)).toEqual(before);

    // Deleted: the photos leave the storage, variants and originals: nothing is left under their keys.
    const folders = message.images.map((sent: { src: string }) => storedFolder(sent.src));
    for (const folder of folders)
      expect(readdirSync(folder).some((file) => /^original-[0-9a-f]{32}\.jpg$/.test(file))).toBe(true);
    expect((await call(t.app, a, 'DELETE', `/api/messages/${message.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: image?.src ?? '' })).statusCode).toBe(404);
    expect(await t.ctx.storage.get(image?.src.replace('/media/', '') ?? '')).toBeNull();
    for (const folder of folders) expect(existsSync(folder)).toBe(false);
  });

  it('starts a conversation with photos (multipart with recipient_id)', async () => {
    const [a, b] = await agedMembers(t.app, 2);
    await befriend(t.app, a.user.id, b.user.id);
    const response = await sendForm(
      t.app,
      a,
      '/api/conversations',
      { recipient_id: b.user.id, body: '', client_id: clientId() },
      [await photo()],
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().conversation.last_message.images).toHaveLength(1);
    expect(LIMITS.imageMaxBytes).toBeGreaterThan(0);
  });
});

describe('a deleted member', () => {
  it('leaves a read-only conversation: no other member, their messages from no one, empty; purged, emptied in the rows', async () => {
    const { a, b, id } = await friendsTalking();
    const withPhoto = await sendForm(
      t.app,
      a,
      `/api/conversations/${id}/messages`,
      { body: 'Photo', client_id: clientId() },
      [await photo()],
    );
    const src = withPhoto.json().message.images[0].src as string;
    await send(t.app, b, id, 'Mine stays');
    expect((await call(t.app, a, 'DELETE', '/api/account-delete')).statusCode).toBe(200);

    const page = await messagesOf(t.app, b, id);
    expect(page.conversation).toMatchObject({
      other: null,
      can_send: false,
      read_only_reason: CONVERSATION_MESSAGES.deletedMember,
      // They had read it all ("Seen"); gone, they have seen nothing.
      other_last_read_id: null,
    });
    expect(page.data.map((m) => [m.sender_id, m.body, m.images.length])).toEqual([
      [b.user.id, 'Mine stays', 0],
      [null, '', 0],
      [null, '', 0],
    ]);
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(404);
    const refused = await send(t.app, b, id, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONVERSATION_MESSAGES.deletedMember);
    expect((await box(t.app, b)).data.find((c) => c.id === id)).toMatchObject({ other: null, can_send: false });

    await deletedLongAgo(a);
    expect(await purgeDeletedAccounts(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, a.user.id))).toEqual([]);
    const rows = await t.ctx.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => [row.senderId, row.body])).toEqual(
      expect.arrayContaining([
        [null, ''],
        [null, ''],
        [b.user.id, 'Mine stays'],
      ]),
    );
    expect(await t.ctx.storage.get(src.replace('/media/', ''))).toBeNull();
    expect(existsSync(storedFolder(src))).toBe(false); // its original too
    const images = await t.ctx.db.execute(
      sql`select count(*)::int as n from ${messageImages} mi join messages m on m.id = mi.message_id where m.conversation_id = ${id}`,
    );
    expect((images as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const after = await messagesOf(t.app, b, id);
    expect(after.data.map((m) => m.sender_id)).toEqual([b.user.id, null, null]);
    expect(after.conversation.other).toBeNull();

    // Once both are purged, the conversation goes.
    expect((await call(t.app, b, 'DELETE', '/api/account-delete')).statusCode).toBe(200);
    await deletedLongAgo(b);
    await purgeDeletedAccounts(t.ctx);
    expect(await t.ctx.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
  });
});
