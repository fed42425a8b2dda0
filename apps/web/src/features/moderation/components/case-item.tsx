import type { CaseItem } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { fullName, TARGET_NOUNS } from './action-words.ts';
import { Badge, type BadgeTone } from './badge.tsx';
import { CaseConversationView } from './case-conversation.tsx';
import { CaseHaulView } from './case-haul.tsx';

const STATES: Record<CaseItem['state'], { label: string; tone: BadgeTone }> = {
  live: { label: 'Live', tone: 'good' },
  held: { label: 'Held for review', tone: 'warning' },
  removed: { label: 'Removed', tone: 'danger' },
  deleted: { label: 'Deleted by its author', tone: 'neutral' },
};

/** How the reported thing stands now: live, held, removed or deleted, and whether it was edited since. */
export function ItemStateBadges({ item }: { item: CaseItem }) {
  const state = STATES[item.state];
  return (
    <>
      {item.target_type !== 'user' && <Badge tone={state.tone}>{state.label}</Badge>}
      {item.current_text !== null && <Badge tone="brand">Edited since</Badge>}
    </>
  );
}

/**
 * The reported thing as members saw it when it was first reported (the case's snapshot), so a moderator
 * judges what was reported even after an edit, a hold, a removal or a deletion; then its text now, if edited.
 * A direct message shows in its conversation (the messages around it); a hauling offer, request or review
 * with its terms (case-haul.tsx).
 */
export function CaseItemView({ item }: { item: CaseItem }) {
  const author = fullName(item.author) || 'A member';
  const noun = TARGET_NOUNS[item.target_type];
  if (item.target_type === 'user') return <MemberCard item={item} />;
  if (item.conversation) return <CaseConversationView item={item} conversation={item.conversation} />;
  if (item.haul) return <CaseHaulView item={item} haul={item.haul} />;
  return (
    <figure className="rounded-xl border border-leather-100 bg-leather-50/60 p-3">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
        The {noun} as members saw it
      </figcaption>
      <div className="flex items-center gap-3">
        <Avatar src={item.author.avatar} name="" className="size-9" />
        <div className="min-w-0">
          <Link
            to={paths.userProfile(item.author.id)}
            className="block truncate font-semibold text-leather-900 hover:underline"
          >
            {author}
          </Link>
          {item.created_at && (
            <time dateTime={item.created_at} className="text-xs text-stone-500">
              {formatShortDate(item.created_at)}
            </time>
          )}
        </div>
      </div>
      {item.title && item.target_type === 'event' && (
        <p className="mt-2 font-display text-lg text-leather-900 [overflow-wrap:anywhere]">{item.title}</p>
      )}
      {snapshotTexts(item).map((text) => (
        <p key={text} className="mt-2 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">
          {text}
        </p>
      ))}
      {item.images.length > 0 && (
        <ul className="mt-2 grid grid-cols-3 gap-1 sm:grid-cols-4">
          {item.images.map((src, index) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg">
                <img
                  src={src}
                  alt={`${index + 1} of ${item.images.length} in the reported ${noun} by ${author}`}
                  loading="lazy"
                  className="aspect-square w-full bg-leather-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {item.current_text !== null && (
        <div className="mt-3 border-t border-leather-100 pt-2">
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Now reads</p>
          <p className="mt-1 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{item.current_text}</p>
        </div>
      )}
      <ItemLink item={item} />
    </figure>
  );
}

/** The snapshot's words: an event's title is its heading; a post's text is its title (the spec's name). */
function snapshotTexts(item: CaseItem): string[] {
  const texts = item.target_type === 'event' ? [item.text] : [item.title, item.text];
  return [...new Set(texts.filter((text): text is string => Boolean(text)))];
}

/** Where the thing lives now (moderators see held items; removed and deleted ones answer not found). */
function ItemLink({ item }: { item: CaseItem }) {
  const link =
    item.target_type === 'comment' && item.post_id !== null
      ? { to: paths.postDetail(item.post_id), label: 'Open the post it is on' }
      : item.target_type === 'post'
        ? { to: paths.postDetail(item.target_id), label: 'Open the post' }
        : item.target_type === 'event'
          ? { to: paths.event(item.target_id), label: 'Open the event' }
          : null;
  if (!link || item.state === 'removed' || item.state === 'deleted') return null;
  return (
    <Link to={link.to} className="mt-2 inline-block text-sm font-semibold text-leather-700 hover:underline">
      {link.label}
    </Link>
  );
}

/** A reported member: their card, as on a friend suggestion. */
function MemberCard({ item }: { item: CaseItem }) {
  const name = fullName(item.author) || 'A member';
  return (
    <div className="flex items-center gap-3 rounded-xl border border-leather-100 bg-leather-50/60 p-3">
      <Avatar src={item.author.avatar} name="" className="size-14" />
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Reported member</p>
        <Link
          to={paths.userProfile(item.author.id)}
          className="block [overflow-wrap:anywhere] font-semibold text-leather-900 hover:underline"
        >
          {name}
        </Link>
        {item.text && <p className="mt-1 text-sm text-stone-700 [overflow-wrap:anywhere]">{item.text}</p>}
      </div>
    </div>
  );
}
