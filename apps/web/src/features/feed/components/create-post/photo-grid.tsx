import { Icon } from '../../../../ui/icons.tsx';
import type { Photo } from './use-post-photos.ts';

/** The cropped photos of a post being written, each with Change Image and Remove. */
export function PhotoGrid({
  photos,
  disabled,
  onChange,
  onRemove,
}: {
  photos: Photo[];
  disabled: boolean;
  onChange: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Photos in this post">
      {photos.map((photo, index) => (
        <li key={photo.id} className="group relative overflow-hidden rounded-lg bg-leather-100">
          <img
            src={photo.url}
            alt={`Cropped ${index + 1} of ${photos.length}`}
            className="aspect-square w-full object-cover"
          />
          <div className="absolute inset-x-0 bottom-0 flex gap-1 bg-gradient-to-t from-black/70 to-transparent p-1.5">
            <button
              type="button"
              onClick={() => onChange(photo.id)}
              disabled={disabled}
              className="rounded-md bg-white/90 px-2 py-1 text-xs font-semibold text-leather-900 hover:bg-white"
              aria-label={`Change Image ${index + 1}`}
            >
              Change Image
            </button>
            <button
              type="button"
              onClick={() => onRemove(photo.id)}
              disabled={disabled}
              className="ml-auto rounded-md bg-white/90 p-1 text-leather-900 hover:bg-white"
              aria-label={`Remove photo ${index + 1}`}
            >
              <Icon name="close" className="size-4" />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
