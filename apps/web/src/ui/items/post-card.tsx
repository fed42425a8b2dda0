import type { FeedItem } from '@corral/contract';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { formatShortDate } from '../../lib/format.ts';
import { Avatar } from '../avatar.tsx';
import { lazyDialog } from '../lazy-dialog.tsx';
import { EventFacts, eventIdOf } from './event-facts.tsx';
import { ImageCollage } from './image-collage.tsx';
import { PostFooterBar } from './post-footer-bar.tsx';
import { PostOptions } from './post-options.tsx';
import { refocus } from './refocus.ts';

const GalleryModal = lazyDialog(() => import('./gallery-modal.tsx').then((module) => module.GalleryModal), {
  isOpen: (props) => props.startIndex !== null,
  close: (props) => props.onClose(),
});

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** A feed item: post ('1', '3'), share with a comment ('2', '5') or event ('4', '6'). */
export function PostCard({ item }: { item: FeedItem }) {
  return (
    <article
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
      aria-label={`Post by ${name(item.first_name, item.last_name)}`}
    >
      {(item.type === '3' || item.type === '6') && item.shared_by_user_id && (
        <p className="mb-3 flex items-center gap-2 text-sm text-stone-500">
          <Avatar src={item.sharer_image} name="" className="size-6" />
          Shared by {name(item.sharer_first_name, item.sharer_last_name)}
        </p>
      )}
      <ItemBody item={item} menu={<PostOptions item={item} />} />
      {item.shared_item && (
        <div className="mt-3 rounded-xl border border-leather-100 p-3">
          <ItemBody item={item.shared_item} />
        </div>
      )}
      <PostFooterBar item={item} />
    </article>
  );
}

function ItemBody({ item, menu }: { item: FeedItem; menu?: ReactNode }) {
  const author = name(item.first_name, item.last_name);
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
          <time dateTime={item.created_at} className="text-xs text-stone-500">
            {formatShortDate(item.created_at)}
          </time>
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
