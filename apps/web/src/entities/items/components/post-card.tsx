import type { FeedItem } from '@corral/contract';
import { Avatar } from '../../../ui/avatar.tsx';
import { authorName, ItemBody } from '../../../ui/items/item-body.tsx';
import { ModerationBadge } from '../../../ui/items/moderation-badge.tsx';
import { EditedMarker } from './edited-marker.tsx';
import { PostFooterBar } from './post-footer-bar.tsx';
import { PostOptions } from './post-options.tsx';

/**
 * A feed item with what members do to it: post ('1', '3'), share with a comment ('2', '5') or event ('4',
 * '6'). The presentational body is ui/items/item-body.tsx; the options menu and the footer bar act on it.
 */
export function PostCard({ item }: { item: FeedItem }) {
  return (
    <article
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
      aria-label={`Post by ${authorName(item.first_name, item.last_name)}`}
    >
      {(item.type === '3' || item.type === '6') && item.shared_by_user_id && (
        <p className="mb-3 flex items-center gap-2 text-sm text-stone-500">
          <Avatar src={item.sharer_image} name="" className="size-6" />
          Shared by {authorName(item.sharer_first_name, item.sharer_last_name)}
        </p>
      )}
      <ModerationBadge state={item.moderation_state} />
      <ItemBody
        item={item}
        menu={<PostOptions item={item} />}
        meta={<EditedMarker target={{ type: 'post', id: item.id }} editedAt={item.edited_at} />}
      />
      {item.shared_item && (
        <div className="mt-3 rounded-xl border border-leather-100 p-3">
          <ItemBody
            item={item.shared_item}
            meta={
              <EditedMarker target={{ type: 'post', id: item.shared_item.id }} editedAt={item.shared_item.edited_at} />
            }
          />
        </div>
      )}
      <PostFooterBar item={item} />
    </article>
  );
}
