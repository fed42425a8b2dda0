import { FEED_MESSAGES, LIMITS } from '@corral/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { isImageFile } from '../../../../ui/crop/crop-image.ts';
import type { DraftPhotos } from './post-draft-storage.ts';

export interface Photo {
  id: string;
  jpeg: Blob;
  url: string;
}

/** A photo waiting for its crop step; `replaces` is set when it comes from Change Image. */
interface Pending {
  image: Blob;
  url: string;
  replaces?: string | undefined;
}

/**
 * The photos of a post being written: chosen files wait in a queue for the crop step, one at a time;
 * cropped JPEGs join the post (or replace the photo Change Image was pressed on), at most 10 in all.
 */
export function usePostPhotos() {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [queue, setQueue] = useState<Pending[]>([]);
  const [queueTotal, setQueueTotal] = useState(0);
  const room = LIMITS.postImagesMax - photos.length - queue.filter((item) => !item.replaces).length;
  const cropping = queue[0];

  function enqueue(pending: Pending[]) {
    setQueue((current) => [...current, ...pending]);
    setQueueTotal((total) => (queue.length === 0 ? pending.length : total + pending.length));
  }

  function add(files: File[], from: 'picker' | 'drop', replaces: string | undefined) {
    if (files.length === 0) return;
    const images = files.filter(isImageFile);
    if (images.length < files.length && from === 'drop') window.alert(FEED_MESSAGES.dropImageOnly);
    if (images.length === 0) return;
    const take = replaces ? images.slice(0, 1) : images.slice(0, Math.max(0, room));
    if (!replaces && images.length > take.length) toast.error(FEED_MESSAGES.tooManyImages);
    enqueue(take.map((image) => ({ image, url: URL.createObjectURL(image), replaces })));
  }

  /** A kept draft's photos join the editor, before any chosen since it opened (see post-draft-storage.ts). */
  function restore(kept: DraftPhotos) {
    const restored = kept.photos.map(({ id, jpeg }) => ({ id, jpeg, url: URL.createObjectURL(jpeg) }));
    setPhotos((current) => [...restored, ...current].slice(0, LIMITS.postImagesMax));
    if (kept.pending.length > 0)
      enqueue(kept.pending.map(({ image, replaces }) => ({ image, url: URL.createObjectURL(image), replaces })));
  }

  /** The crop step's answer for the first queued photo: a JPEG, or null when cancelled. */
  function finishCrop(jpeg: Blob | null) {
    if (!cropping) return;
    URL.revokeObjectURL(cropping.url);
    setQueue((current) => current.slice(1));
    if (!jpeg) return;
    const photo = { id: crypto.randomUUID(), jpeg, url: URL.createObjectURL(jpeg) };
    setPhotos((current) => {
      if (!cropping.replaces) return [...current, photo];
      return current.map((item) => {
        if (item.id !== cropping.replaces) return item;
        URL.revokeObjectURL(item.url);
        return photo;
      });
    });
  }

  function remove(id: string) {
    setPhotos((current) =>
      current.filter((item) => {
        if (item.id === id) URL.revokeObjectURL(item.url);
        return item.id !== id;
      }),
    );
  }

  function clear() {
    for (const photo of photos) URL.revokeObjectURL(photo.url);
    for (const pending of queue) URL.revokeObjectURL(pending.url);
    setPhotos([]);
    setQueue([]);
  }

  return {
    photos,
    /** The queue as a draft keeps it: what is still waiting for the crop step. */
    pending: queue,
    room,
    /** The photo in the crop step, and where it stands in the batch chosen together. */
    cropping: cropping && { url: cropping.url, index: queueTotal - queue.length + 1, total: queueTotal },
    add,
    restore,
    finishCrop,
    remove,
    clear,
  };
}

export type PostPhotos = ReturnType<typeof usePostPhotos>;
