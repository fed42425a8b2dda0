import { useEffect, useRef, useState } from 'react';
import { clearPostDraft, loadPostDraft, savePostPhotos, savePostText } from './post-draft-storage.ts';
import type { PostPhotos } from './use-post-photos.ts';

/**
 * Keeps the post being written as the member's draft (post-draft-storage.ts): the first opening for a
 * member brings back what they left, and every change after that is kept. Nothing is written before the
 * kept draft has been read, so an empty editor never overwrites it.
 */
export function usePostDraft({
  memberId,
  open,
  text,
  setText,
  photos,
}: {
  memberId: string;
  open: boolean;
  text: string;
  setText: (text: string) => void;
  photos: PostPhotos;
}) {
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const loading = useRef<string | null>(null);
  const ready = memberId !== '' && loadedFor === memberId;

  useEffect(() => {
    if (!open || !memberId || loading.current === memberId) return;
    const switching = loading.current !== null;
    loading.current = memberId;
    void loadPostDraft(memberId).then((draft) => {
      if (loading.current !== memberId) return;
      // Another member signed in on this page: what the last one wrote is theirs, not this one's.
      if (switching) {
        setText('');
        photos.clear();
      }
      if (draft) {
        setText(draft.text);
        photos.restore(draft);
      }
      setRestored(draft !== null);
      setLoadedFor(memberId);
    });
  }, [open, memberId, setText, photos]);

  useEffect(() => {
    if (ready) savePostText(memberId, text);
  }, [ready, memberId, text]);

  const { photos: cropped, pending } = photos;
  useEffect(() => {
    if (!ready) return;
    void savePostPhotos(memberId, {
      photos: cropped.map(({ id, jpeg }) => ({ id, jpeg })),
      pending: pending.map(({ image, replaces }) => ({ image, replaces })),
    });
  }, [ready, memberId, cropped, pending]);

  return {
    /** Whether this opening brought back a kept draft (the editor says so until it is posted or discarded). */
    restored,
    /** Forgets the kept draft: after a successful post, or 'Discard draft'. */
    forget() {
      setRestored(false);
      if (memberId) void clearPostDraft(memberId);
    },
  };
}
