import { describe, expect, it } from 'vitest';
import { isBlankPostDraft, parseDraftPhotos } from './post-draft-storage.ts';

describe('post draft storage', () => {
  it('reads back stored photos and those waiting for the crop step', () => {
    const jpeg = new Blob(['a'], { type: 'image/jpeg' });
    const raw = new Blob(['b'], { type: 'image/png' });
    expect(
      parseDraftPhotos({ photos: [{ id: 'a', jpeg }], pending: [{ image: raw, replaces: 'a' }, { image: raw }] }),
    ).toEqual({
      photos: [{ id: 'a', jpeg }],
      pending: [
        { image: raw, replaces: 'a' },
        { image: raw, replaces: undefined },
      ],
    });
  });

  it('leaves out what is damaged or foreign', () => {
    expect(parseDraftPhotos(undefined)).toEqual({ photos: [], pending: [] });
    expect(parseDraftPhotos('photos')).toEqual({ photos: [], pending: [] });
    expect(
      parseDraftPhotos({
        photos: [{ id: 1, jpeg: new Blob(['a']) }, { id: 'b', jpeg: 'not a blob' }, null],
        pending: 'x',
      }),
    ).toEqual({ photos: [], pending: [] });
  });

  it('tells a blank draft from a started one', () => {
    const none = { photos: [], pending: [] };
    expect(isBlankPostDraft({ text: ' \n ', ...none })).toBe(true);
    expect(isBlankPostDraft({ text: 'Howdy', ...none })).toBe(false);
    expect(isBlankPostDraft({ text: '', photos: [], pending: [{ image: new Blob(['a']) }] })).toBe(false);
  });
});
