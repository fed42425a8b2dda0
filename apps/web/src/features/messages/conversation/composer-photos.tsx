import { Icon } from '../../../ui/icons.tsx';
import type { OutboxPhoto } from './outbox.ts';

/** The photos chosen for the message being written, each with Remove. */
export function ComposerPhotos({ photos, onRemove }: { photos: OutboxPhoto[]; onRemove: (id: string) => void }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-1 pb-2" aria-label="Photos to send">
      {photos.map((photo, index) => (
        <li key={photo.id} className="relative size-16 overflow-hidden rounded-lg bg-leather-100">
          <img src={photo.url} alt={`Chosen ${index + 1} of ${photos.length}`} className="size-full object-cover" />
          <button
            type="button"
            onClick={() => onRemove(photo.id)}
            aria-label={`Remove photo ${index + 1}`}
            className="absolute top-0.5 right-0.5 rounded-full bg-white/90 p-0.5 text-leather-900 shadow hover:bg-white"
          >
            <Icon name="close" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
