import type { FeedItem } from '@corral/contract';
import { clsx } from 'clsx';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useToggleLike } from '../api/timeline.ts';
import { formatShortDate } from './collage-layout.ts';
import { CommentModal } from './comment-modal.tsx';
import { GalleryModal } from './gallery-modal.tsx';
import { ImageCollage } from './image-collage.tsx';
import { ReportModal } from './report-modal.tsx';
import { ShareMenu } from './share-menu.tsx';
import { TagList } from './tag-list.tsx';

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const money = (value: number | null) => (value === null ? '' : `$${value.toLocaleString('en-US')}`);

/**
 * Radix Dialog gives focus back only to a Dialog.Trigger; these modals open from plain buttons and menu
 * items, so focus is put back on the opener by hand once the dialog has let go of it.
 */
function refocus(target: RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined)) {
  setTimeout(() => (typeof target === 'function' ? target() : target.current)?.focus(), 0);
}

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
      {item.title && (
        <p
          className={isEvent ? 'mt-3 font-display text-xl text-leather-900' : 'mt-3 whitespace-pre-line text-stone-800'}
        >
          {item.title}
        </p>
      )}
      {isEvent && (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-stone-700">
          <dt className="text-stone-500">Added money</dt>
          <dd>{money(item.added_money)}</dd>
          <dt className="text-stone-500">Starts</dt>
          <dd>{formatShortDate(item.from_date)}</dd>
          <dt className="text-stone-500">Ends</dt>
          <dd>{formatShortDate(item.to_date)}</dd>
          <dt className="text-stone-500">Where</dt>
          <dd>{item.location}</dd>
        </dl>
      )}
      {isEvent && (
        <TagList className="mt-2" tags={[...item.event_types, ...item.associations]} max={item.maxValueEvent} />
      )}
      <ImageCollage ref={collage} media={item.media} alt={`Shared by ${author}`} onOpen={setGalleryAt} />
      {item.media.length > 0 && (
        <GalleryModal media={item.media} startIndex={galleryAt} onClose={closeGallery} alt={`Shared by ${author}`} />
      )}
    </>
  );
}

/** The header's dropdown: Report (not on one's own items) and View Detail. */
function PostOptions({ item }: { item: FeedItem }) {
  const navigate = useNavigate();
  const me = useSession((state) => state.currentUser?.id);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // A '3' or '6' is the sharer's own row, though it shows the original's author.
  const mine = (item.shared_by_user_id ?? item.user_id) === me;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          ref={trigger}
          aria-label="Post options"
          className="rounded-full p-2 text-stone-500 hover:bg-leather-50 hover:text-leather-900 data-[state=open]:bg-leather-50"
        >
          <Icon name="more" className="size-5" strokeWidth={3} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-30 min-w-44 rounded-xl border border-leather-100 bg-white p-1.5 shadow-lg"
          >
            {!mine && (
              <DropdownMenu.Item className={menuItemClass} onSelect={() => setReporting(true)}>
                <Icon name="flag" className="size-4 text-leather-700" />
                Report
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={menuItemClass} onSelect={() => navigate(paths.postDetail(item.id))}>
              <Icon name="chevronRight" className="size-4 text-leather-700" />
              View Detail
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportModal
        itemId={item.id}
        open={reporting}
        onOpenChange={(open) => {
          setReporting(open);
          if (!open) refocus(trigger);
        }}
      />
    </>
  );
}

const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-stone-800 outline-none data-[highlighted]:bg-leather-50';

/** Likes (toggled at once, highlighted when liked), Comments (the comment modal) and Shares (the share menu). */
function PostFooterBar({ item }: { item: FeedItem }) {
  const like = useToggleLike();
  const [commenting, setCommenting] = useState(false);
  const commentsButton = useRef<HTMLButtonElement>(null);
  return (
    <footer className="mt-3 flex items-center gap-1 border-t border-leather-100 pt-3 text-sm text-stone-600 sm:gap-3">
      <button
        type="button"
        aria-pressed={item.is_liked}
        onClick={() => like.mutate(item.id)}
        className={clsx(
          'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 hover:bg-leather-50',
          item.is_liked && 'font-semibold text-leather-700',
        )}
      >
        <Icon name="heart" className="size-4" fill={item.is_liked ? 'currentColor' : 'none'} />
        {item.likes_count} Likes
      </button>
      <button
        ref={commentsButton}
        type="button"
        onClick={() => setCommenting(true)}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 hover:bg-leather-50"
      >
        <Icon name="chat" className="size-4" />
        {item.comments_count} Comments
      </button>
      <span className="ml-auto" />
      <ShareMenu item={item} />
      <CommentModal
        item={item}
        open={commenting}
        onOpenChange={(open) => {
          setCommenting(open);
          if (!open) refocus(commentsButton);
        }}
      />
    </footer>
  );
}
