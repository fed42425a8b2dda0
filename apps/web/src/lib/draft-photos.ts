import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The photos of drafts (Create Post's, Create Event's), kept as Blobs in IndexedDB because localStorage
 * holds only strings and a few photos are megabytes. One key per draft and member, e.g. `post:<member id>`,
 * so another member on the same browser never reads them. A browser without IndexedDB, or one that refuses
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
