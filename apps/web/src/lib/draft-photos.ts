import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';

/**
 * The photos of drafts (Create Post's, Create Event's), kept as Blobs in IndexedDB because localStorage
 * holds only strings and a few photos are megabytes. Called through lib/drafts.ts, under the draft's own key
 * (`corral:draft:<member id>:post`), so another member on the same browser never reads them. A browser without IndexedDB, or one that refuses
 * it, keeps the photos as long as the page: every call here settles, none throws.
 */

let store: UseStore | undefined;
/** Opened on first use: a page that never writes a draft never opens the database. */
const photos = () => (store ??= createStore('corral-drafts', 'photos'));

/** What was kept under `key`, as stored (the caller checks its shape), or undefined. */
export async function readDraftPhotos(key: string): Promise<unknown> {
  try {
    return await get(key, photos());
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `key`; undefined forgets it. */
export async function writeDraftPhotos(key: string, value: unknown): Promise<void> {
  try {
    if (value === undefined) await del(key, photos());
    else await set(key, value, photos());
  } catch {
    // Full or refused: the photos live as long as the page.
  }
}

/** Every key kept, or none when the database cannot be read. */
export async function draftPhotoKeys(): Promise<string[]> {
  try {
    return (await keys(photos())).map(String);
  } catch {
    return [];
  }
}

/** Forgets what was kept under each of `gone`. */
export async function forgetDraftPhotos(gone: string[]): Promise<void> {
  if (gone.length === 0) return;
  try {
    await delMany(gone, photos());
  } catch {
    // Refused: nothing more can be done from the page.
  }
}
