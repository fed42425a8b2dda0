import { readDraftPhotos, writeDraftPhotos } from './draft-photos.ts';
import { type DraftForm, draftKey } from './storage-keys.ts';

/**
 * Drafts kept before ADR 023 had keys of their own (`corral:post-draft:<member id>`, `corral:event-draft:…`,
 * `corral:onboarding-draft:…`, photos under `post:<member id>` and `event:<member id>`). lib/drafts.ts moves
 * them to the one key scheme once per page, so that an update loses no draft and Logout finds every one.
 */

const LEGACY_TEXT = /^corral:(post|event|onboarding)-draft:(.+)$/;
const LEGACY_PHOTOS = /^(post|event):(.+)$/;

/** Moves the old keys among `keys` in `storage`; a draft already under the new key wins. */
export function moveLegacyText(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, keys: string[]): void {
  for (const key of keys) {
    const [, form, member] = LEGACY_TEXT.exec(key) ?? [];
    if (!form || !member) continue;
    const value = storage.getItem(key);
    const target = draftKey({ member, form: form as DraftForm });
    // Create Post kept its bare text; the others kept JSON already.
    if (value && storage.getItem(target) === null)
      storage.setItem(target, form === 'post' ? JSON.stringify(value) : value);
    storage.removeItem(key);
  }
}

/** Moves the old photo keys among `keys` (IndexedDB's); a draft already under the new key wins. */
export async function moveLegacyPhotos(keys: string[]): Promise<void> {
  for (const key of keys) {
    const [, form, member] = LEGACY_PHOTOS.exec(key) ?? [];
    if (!form || !member) continue;
    const target = draftKey({ member, form: form as DraftForm });
    const value = await readDraftPhotos(key);
    if (value !== undefined && (await readDraftPhotos(target)) === undefined) await writeDraftPhotos(target, value);
    await writeDraftPhotos(key, undefined);
  }
}
