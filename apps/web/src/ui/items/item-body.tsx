import type { FeedItem } from '@corral/contract';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { formatShortDate } from '../../lib/format.ts';
import { Avatar } from '../avatar.tsx';
import { lazyDialog } from '../lazy-dialog.tsx';
import { EventFacts, eventIdOf } from './event-facts.tsx';
import { ImageCollage } from './image-collage.tsx';
import { refocus } from './refocus.ts';

const GalleryModal = lazyDialog(() => import('./gallery-modal.tsx').then((module) => module.GalleryModal), {
  isOpen: (props) => props.startIndex !== null,
  close: (props) => props.onClose(),
});

export const authorName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * What a feed item shows: its author, date, title, event facts and photos (the gallery opens on a photo).
 * `menu` goes in the header's corner and `meta` after the date (the "edited" marker); the actions on the item
 * are the caller's.
 */
export function ItemBody({ item, menu, meta }: { item: FeedItem; menu?: ReactNode; meta?: ReactNode }) {
  const author = authorName(item.first_name, item.last_name);
  const isEvent = item.type === '4' || item.type === '6';
  const [galleryAt, setGalleryAt] = useState<number | null>(null);
  const collage = useRef<HTMLDivElement>(null);
  function closeGallery() {
    const opener = galleryAt;
    setGalleryAt(null);
    refocus(() => collage.current?.querySelectorAll('button')[opener ?? 0]);
  }
  return (
    <>
      <header className="flex items-center gap-3">
        <Link to={paths.userProfile(item.user_id)} aria-label={author}>
          <Avatar src={item.user_image} name={author} />
        </Link>
        <div className="min-w-0 flex-1">
          <Link
            to={paths.userProfile(item.user_id)}
            className="block truncate font-semibold text-leather-900 hover:underline"
          >
            {author}
          </Link>
          <div className="flex flex-wrap items-baseline gap-x-1.5">
            <time dateTime={item.created_at} className="text-xs text-stone-500">
              {formatShortDate(item.created_at)}
            </time>
            {meta}
          </div>
        </div>
        {menu}
      </header>
      {item.title &&
        (isEvent ? (
          <p className="mt-3 font-display text-xl text-leather-900">
            <Link to={paths.event(eventIdOf(item))} className="hover:underline">
              {item.title}
            </Link>
          </p>
        ) : (
          <p className="mt-3 whitespace-pre-line text-stone-800">{item.title}</p>
        ))}
      {isEvent && <EventFacts item={item} />}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only prefetches the gallery; the photos are the controls. */}
      <div className="contents" onPointerEnter={GalleryModal.preload} onFocus={GalleryModal.preload}>
        <ImageCollage ref={collage} media={item.media} alt={`Shared by ${author}`} onOpen={setGalleryAt} />
      </div>
      {item.media.length > 0 && (
        <GalleryModal media={item.media} startIndex={galleryAt} onClose={closeGallery} alt={`Shared by ${author}`} />
      )}
    </>
  );
}
