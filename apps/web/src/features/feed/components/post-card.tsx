import type { FeedItem } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { useToggleLike } from '../api/timeline.ts';
import { formatShortDate } from './collage-layout.ts';
import { ImageCollage } from './image-collage.tsx';

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const money = (value: number | null) => (value === null ? '' : `$${value.toLocaleString('en-US')}`);

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
      <ItemBody item={item} />
      {item.shared_item && (
        <div className="mt-3 rounded-xl border border-leather-100 p-3">
          <ItemBody item={item.shared_item} />
        </div>
      )}
      <PostFooterBar item={item} />
    </article>
  );
}

function ItemBody({ item }: { item: FeedItem }) {
  const author = name(item.first_name, item.last_name);
  const isEvent = item.type === '4' || item.type === '6';
  return (
    <>
      <header className="flex items-center gap-3">
        <Link to={paths.userProfile(item.user_id)} aria-label={author}>
          <Avatar src={item.user_image} name={author} />
        </Link>
        <div className="min-w-0">
          <p className="truncate font-semibold text-leather-900">{author}</p>
          <p className="text-xs text-stone-500">{formatShortDate(item.created_at)}</p>
        </div>
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
      {isEvent && <Tags tags={[...item.event_types, ...item.associations]} max={item.maxValueEvent} />}
      <ImageCollage media={item.media} alt={`Photo by ${author}`} />
    </>
  );
}

/** Tags sorted alphabetically, the first few shown, '+N' for the rest. */
function Tags({ tags, max }: { tags: string[]; max: number }) {
  const sorted = [...tags].sort((a, b) => a.localeCompare(b));
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5">
      {sorted.slice(0, max).map((tag) => (
        <li key={tag} className="rounded-full bg-leather-100 px-2 py-0.5 text-xs font-medium text-leather-800">
          {tag}
        </li>
      ))}
      {sorted.length > max && (
        <li className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">+{sorted.length - max}</li>
      )}
    </ul>
  );
}

function PostFooterBar({ item }: { item: FeedItem }) {
  const like = useToggleLike();
  return (
    <footer className="mt-3 flex items-center gap-4 border-t border-leather-100 pt-3 text-sm text-stone-600">
      <button
        type="button"
        aria-pressed={item.is_liked}
        onClick={() => like.mutate(item.id)}
        className={`rounded-lg px-2 py-1 font-semibold hover:bg-leather-50 ${item.is_liked ? 'text-leather-700' : ''}`}
      >
        {item.likes_count} Likes
      </button>
      <span>{item.comments_count} Comments</span>
      <span>{item.shares_count} Shares</span>
    </footer>
  );
}
