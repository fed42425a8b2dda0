// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { refusingStorage } from '../test/storage.ts';
import { draftPhotoKeys, readDraftPhotos, writeDraftPhotos } from './draft-photos.ts';
import {
  clearDraft,
  clearMemberDrafts,
  clearOtherMembersDrafts,
  GUEST,
  readDraft,
  readPhotos,
  writeDraft,
  writePhotos,
} from './drafts.ts';
import { draftKey } from './storage-keys.ts';

// One IndexedDB for the whole file: each test uses members of its own.
let run = 0;
const members = () => {
  run += 1;
  return [`a${run}`, `b${run}`] as const;
};

describe('the draft store', () => {
  it('keeps a draft per member, per form and per item, as JSON', () => {
    const [a, b] = members();
    writeDraft({ member: a, form: 'comment', item: 1 }, 'First post’s comment');
    writeDraft({ member: a, form: 'comment', item: 2 }, 'Second post’s comment');
    writeDraft({ member: b, form: 'comment', item: 1 }, 'Another member’s');
    writeDraft({ member: a, form: 'help', item: 'feedback' }, { message: 'Hi', email: 'a@example.com' });
    expect(readDraft({ member: a, form: 'comment', item: 1 })).toBe('First post’s comment');
    expect(readDraft({ member: a, form: 'comment', item: 2 })).toBe('Second post’s comment');
    expect(readDraft({ member: b, form: 'comment', item: 1 })).toBe('Another member’s');
    expect(readDraft({ member: a, form: 'share', item: 1 })).toBeUndefined();
    expect(readDraft({ member: a, form: 'help', item: 'feedback' })).toEqual({ message: 'Hi', email: 'a@example.com' });
    expect(localStorage.getItem(`corral:draft:${a}:comment:1`)).toBe('"First post’s comment"');
  });

  it('forgets a draft written as undefined or null, and keeps nothing without a member', () => {
    const [a] = members();
    const address = { member: a, form: 'share' as const, item: 7 };
    writeDraft(address, 'Proud of this one');
    writeDraft(address, null);
    expect(localStorage.getItem(draftKey(address))).toBeNull();
    writeDraft({ member: '', form: 'share', item: 7 }, 'Nobody’s');
    expect(localStorage.length).toBe(0);
    expect(readDraft({ member: '', form: 'share', item: 7 })).toBeUndefined();
  });

  it('reads a damaged draft as none', () => {
    const [a] = members();
    localStorage.setItem(draftKey({ member: a, form: 'report', item: 3 }), '{not json');
    expect(readDraft({ member: a, form: 'report', item: 3 })).toBeUndefined();
  });

  it('keeps what is typed before signing in for this tab only (sessionStorage)', () => {
    writeDraft({ member: GUEST, form: 'sign-up' }, { full_name: 'Kaycee Feild' });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(1);
    expect(readDraft({ member: GUEST, form: 'sign-up' })).toEqual({ full_name: 'Kaycee Feild' });
  });

  it('survives a storage that refuses to be read or written', () => {
    const refusing = refusingStorage();
    const address = { member: 'm', form: 'event' as const };
    expect(() => writeDraft(address, { eventTitle: 'x' }, refusing)).not.toThrow();
    expect(readDraft(address, refusing)).toBeUndefined();
    expect(() => writeDraft(address, undefined, refusing)).not.toThrow();
  });

  it('clears one draft with its photos, and leaves the others', async () => {
    const [a] = members();
    const post = { member: a, form: 'post' as const };
    const comment = { member: a, form: 'comment' as const, item: 4 };
    writeDraft(post, 'A post');
    await writePhotos(post, { photos: ['kept'] });
    writeDraft(comment, 'A comment');
    await clearDraft(post);
    expect(readDraft(post)).toBeUndefined();
    expect(await readPhotos(post)).toBeUndefined();
    expect(readDraft(comment)).toBe('A comment');
  });

  it('clears every draft of one member, photos included, and no one else’s', async () => {
    const [a, b] = members();
    for (const member of [a, b]) {
      writeDraft({ member, form: 'onboarding' }, { age: '1994-03-21' });
      writeDraft({ member, form: 'comment', item: 9 }, 'Half a comment');
      await writePhotos({ member, form: 'event' }, { image: 'cropped' });
    }
    localStorage.setItem('remembered-email', 'a@example.com');
    await clearMemberDrafts(a);
    expect(Object.keys(localStorage).filter((key) => key.includes(`:${a}:`))).toEqual([]);
    expect((await draftPhotoKeys()).filter((key) => key.includes(`:${a}:`))).toEqual([]);
    expect(readDraft({ member: b, form: 'comment', item: 9 })).toBe('Half a comment');
    expect(await readPhotos({ member: b, form: 'event' })).toEqual({ image: 'cropped' });
    expect(localStorage.getItem('remembered-email')).toBe('a@example.com');
  });

  it('clears every other member’s drafts when one signs in', async () => {
    const [a, b] = members();
    for (const member of [a, b]) {
      writeDraft({ member, form: 'post' }, 'Left behind');
      await writePhotos({ member, form: 'post' }, { photos: ['p'] });
    }
    await clearOtherMembersDrafts(b);
    expect(readDraft({ member: a, form: 'post' })).toBeUndefined();
    expect(await readPhotos({ member: a, form: 'post' })).toBeUndefined();
    expect(readDraft({ member: b, form: 'post' })).toBe('Left behind');
    expect(await readPhotos({ member: b, form: 'post' })).toEqual({ photos: ['p'] });
  });
});

describe('drafts kept under the keys used before', () => {
  it('are moved to the one key scheme on first use, so they are found, and cleared at Logout', async () => {
    vi.resetModules();
    localStorage.setItem('corral:post-draft:old', 'Bare text of a post');
    localStorage.setItem('corral:onboarding-draft:old', JSON.stringify({ age: '1990-01-02' }));
    await writeDraftPhotos('event:old', { image: 'cropped' });
    const fresh = await import('./drafts.ts');
    expect(fresh.readDraft({ member: 'old', form: 'post' })).toBe('Bare text of a post');
    expect(fresh.readDraft({ member: 'old', form: 'onboarding' })).toEqual({ age: '1990-01-02' });
    expect(await fresh.readPhotos({ member: 'old', form: 'event' })).toEqual({ image: 'cropped' });
    expect(localStorage.getItem('corral:post-draft:old')).toBeNull();
    expect(await readDraftPhotos('event:old')).toBeUndefined();

    await fresh.clearMemberDrafts('old');
    expect(localStorage.length).toBe(0);
    expect((await draftPhotoKeys()).filter((key) => key.includes('old'))).toEqual([]);
  });
});
