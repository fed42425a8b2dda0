import { draftPhotoKeys, forgetDraftPhotos, readDraftPhotos, writeDraftPhotos } from './draft-photos.ts';
import { moveLegacyPhotos, moveLegacyText } from './legacy-drafts.ts';
import { DRAFT_PREFIX, type DraftAddress, type DraftForm, draftKey, memberDraftPrefix } from './storage-keys.ts';

export type { DraftAddress, DraftForm };

/**
 * The one place drafts are kept (ADR 023): what a member typed and has not sent yet, per member, per form and
 * per item (a comment's post), so that a closed dialog, a reload, a closed tab or a refused send loses none.
 * Fields are JSON in localStorage under `corral:draft:<member>:<form>[:<item>]`; photos are Blobs in IndexedDB
 * (draft-photos.ts) under the same key. A draft is forgotten when its form is sent (or discarded), every draft
 * of a member at Logout and account deletion, and other members' drafts when someone else signs in. Nothing
 * here throws: a browser that refuses storage keeps the draft as long as the page.
 */

/** The member of drafts written before anyone is signed in (sign-up's): kept for this tab, in sessionStorage. */
export const GUEST = '~guest';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where a member's drafts live; null without storage (the prerender, a browser that refuses it). */
function storageOf(member: string): Storage | null {
  try {
    return member === GUEST ? sessionStorage : localStorage;
  } catch {
    return null;
  }
}

const membersStorage = () => storageOf('');

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

let legacyTextMoved = false;
function moveLegacyTextOnce() {
  const storage = membersStorage();
  if (legacyTextMoved || !storage) return;
  legacyTextMoved = true;
  try {
    moveLegacyText(storage, keysOf(storage));
  } catch {
    // Refused: the old drafts stay where they are.
  }
}
let legacyPhotosMoved: Promise<void> | undefined;
const moveLegacyPhotosOnce = async () => {
  legacyPhotosMoved ??= draftPhotoKeys().then(moveLegacyPhotos);
  await legacyPhotosMoved.catch(() => undefined);
};

/** The kept draft as stored (the caller checks its shape), or undefined. */
export function readDraft(address: DraftAddress, storage: DraftStorage | null = storageOf(address.member)): unknown {
  if (!address.member || !storage) return undefined;
  moveLegacyTextOnce();
  try {
    const raw = storage.getItem(draftKey(address));
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Keeps `value` as the draft, written at once (a tab closed mid-word keeps it); undefined or null forgets it. */
export function writeDraft(
  address: DraftAddress,
  value: unknown,
  storage: DraftStorage | null = storageOf(address.member),
): void {
  if (!address.member || !storage) return;
  try {
    if (value === undefined || value === null) storage.removeItem(draftKey(address));
    else storage.setItem(draftKey(address), JSON.stringify(value));
  } catch {
    // Full or refused: the draft lives as long as the page.
  }
}

/** The draft's photos as kept (the caller checks their shape), or undefined. */
export async function readPhotos(address: DraftAddress): Promise<unknown> {
  if (!address.member) return undefined;
  await moveLegacyPhotosOnce();
  return readDraftPhotos(draftKey(address));
}

/** Keeps the draft's photos; undefined forgets them. */
export async function writePhotos(address: DraftAddress, value: unknown): Promise<void> {
  if (address.member) await writeDraftPhotos(draftKey(address), value);
}

/** The forms whose drafts have photos: only theirs open IndexedDB. */
const WITH_PHOTOS: ReadonlySet<DraftForm> = new Set(['post', 'event', 'edit-event']);

/** Forgets one draft, photos included: its form was sent, or the member discarded it. */
export async function clearDraft(address: DraftAddress, storage?: DraftStorage | null): Promise<void> {
  writeDraft(address, undefined, storage);
  if (WITH_PHOTOS.has(address.form)) await writePhotos(address, undefined);
}

async function forgetDrafts(matches: (key: string) => boolean): Promise<void> {
  moveLegacyTextOnce();
  const storage = membersStorage();
  try {
    if (storage) for (const key of keysOf(storage).filter(matches)) storage.removeItem(key);
  } catch {
    // Refused: nothing more can be done from the page.
  }
  await moveLegacyPhotosOnce();
  await forgetDraftPhotos((await draftPhotoKeys()).filter(matches));
}

/** Forgets every draft of the member, photos included: Logout and account deletion. */
export function clearMemberDrafts(member: string): Promise<void> {
  const prefix = memberDraftPrefix(member);
  return member ? forgetDrafts((key) => key.startsWith(prefix)) : Promise.resolve();
}

/**
 * Forgets every draft but the member's: someone else signs in on a browser where a session that expired
 * left its drafts (they were kept for their own member, ADR 023).
 */
export function clearOtherMembersDrafts(member: string): Promise<void> {
  const prefix = memberDraftPrefix(member);
  return forgetDrafts((key) => key.startsWith(DRAFT_PREFIX) && !key.startsWith(prefix));
}
