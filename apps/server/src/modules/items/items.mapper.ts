import { type FeedItem, type FeedType, LIMITS, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import type { MediaStorage } from '../../adapters/storage.ts';
import { toImageMedia } from '../media/media.service.ts';
import type { HydratedRow, ItemJson } from './items.hydrate.ts';

/**
 * Rows to the feed's cards (docs/decisions/005-share-items.md): a post or event is itself; a share with a
 * comment ('2' / '5') carries its original; a share without one ('3' / '6') is the original's card under
 * the share's own id, counters and date, with the sharer named.
 */
export function toFeedItems(storage: MediaStorage, rows: HydratedRow[]): FeedItem[] {
  const items: FeedItem[] = [];
  for (const { item: row, original } of rows) {
    if (row.kind !== 'share') {
      items.push(toItem(storage, row, row.kind === 'event' ? '4' : '1'));
      continue;
    }
    if (!original) continue;
    const isEvent = original.kind === 'event';
    if (row.title) {
      items.push({
        ...toItem(storage, row, isEvent ? '5' : '2'),
        shared_item: toItem(storage, original, isEvent ? '4' : '1'),
      });
      continue;
    }
    items.push({
      ...toItem(storage, original, isEvent ? '6' : '3'),
      id: row.id,
      sort_date: row.sort_date,
      likes_count: row.likes_count,
      is_liked: row.is_liked,
      comments_count: row.comments_count,
      shares_count: row.shares_count,
      shared_by_user_id: row.user_id,
      sharer_image: row.image ?? USER_PLACEHOLDER_IMAGE,
      sharer_first_name: row.first_name,
      sharer_last_name: row.last_name,
    });
  }
  return items;
}

function toItem(storage: MediaStorage, row: ItemJson, type: FeedType): FeedItem {
  const media = row.images.map((image) => toImageMedia(storage, image));
  return {
    id: row.id,
    type,
    title: row.title,
    images: media.map((m) => m.src),
    media,
    sort_date: row.sort_date,
    created_at: row.created_at,
    likes_count: row.likes_count,
    is_liked: row.is_liked,
    comments_count: row.comments_count,
    shares_count: row.shares_count,
    user_id: row.user_id,
    user_image: row.image ?? USER_PLACEHOLDER_IMAGE,
    first_name: row.first_name,
    last_name: row.last_name,
    user: { id: row.user_id, first_name: row.first_name, last_name: row.last_name, avatar: row.image },
    shared_by_user_id: null,
    sharer_image: null,
    sharer_first_name: null,
    sharer_last_name: null,
    added_money: row.added_money,
    from_date: row.from_date,
    to_date: row.to_date,
    location: row.location,
    address: row.address,
    url: row.url,
    is_cancelled: row.is_cancelled === true,
    event_types: row.event_types ?? [],
    associations: row.associations ?? [],
    edited_at: row.edited_at,
    moderation_state: row.moderation_state,
    maxValueEvent: LIMITS.visibleTags,
    maxValueAssoc: LIMITS.visibleTags,
    shared_item: null,
  };
}
