import { clearDraft, readDraft, readPhotos, writeDraft, writePhotos } from '../../../../lib/drafts.ts';

/**
 * Create Post's draft, kept per member in the draft store (lib/drafts.ts) while it is written, so that a
 * reload or a closed tab (even in the middle of the upload) loses nothing: the text written at once on every
 * change, so that a tab closed mid-word keeps it, and the photos (cropped, and those waiting for the crop
 * step) as the draft's photos. Cleared after a successful post or by 'Discard draft'.
 */

export const postDraftOf = (member: string) => ({ member, form: 'post' as const });

/** A cropped photo of the post, as the member arranged it. */
export interface DraftPhoto {
  id: string;
  jpeg: Blob;
}

/** A chosen photo still waiting for its crop step; `replaces` is the photo Change Image was pressed on. */
export interface DraftPending {
  image: Blob;
  replaces?: string | undefined;
}

export interface DraftPhotos {
  photos: DraftPhoto[];
  pending: DraftPending[];
}

export interface PostDraft extends DraftPhotos {
  text: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

/** Stored photos read back entry by entry: anything damaged or foreign is left out. */
export function parseDraftPhotos(value: unknown): DraftPhotos {
  if (!isRecord(value)) return { photos: [], pending: [] };
  const list = (items: unknown) => (Array.isArray(items) ? items.filter(isRecord) : []);
  return {
    photos: list(value.photos)
      .filter((item) => typeof item.id === 'string' && isBlob(item.jpeg))
      .map((item) => ({ id: item.id as string, jpeg: item.jpeg as Blob })),
    pending: list(value.pending)
      .filter((item) => isBlob(item.image))
      .map((item) => ({
        image: item.image as Blob,
        replaces: typeof item.replaces === 'string' ? item.replaces : undefined,
      })),
  };
}

export const isBlankPostDraft = (draft: PostDraft) =>
  draft.text.trim() === '' && draft.photos.length === 0 && draft.pending.length === 0;

/** The member's kept draft, or null when there is none (or the browser refuses storage). */
export async function loadPostDraft(memberId: string): Promise<PostDraft | null> {
  const kept = readDraft(postDraftOf(memberId));
  const text = typeof kept === 'string' ? kept : '';
  const draft = { text, ...parseDraftPhotos(await readPhotos(postDraftOf(memberId))) };
  return isBlankPostDraft(draft) ? null : draft;
}

/** Keeps the text, or forgets it when blank. */
export function savePostText(memberId: string, text: string): void {
  writeDraft(postDraftOf(memberId), text.trim() === '' ? undefined : text);
}

/** Keeps the photos, or forgets them when there are none. */
export function savePostPhotos(memberId: string, draft: DraftPhotos): Promise<void> {
  const none = draft.photos.length === 0 && draft.pending.length === 0;
  return writePhotos(postDraftOf(memberId), none ? undefined : { photos: draft.photos, pending: draft.pending });
}

export const clearPostDraft = (memberId: string) => clearDraft(postDraftOf(memberId));
