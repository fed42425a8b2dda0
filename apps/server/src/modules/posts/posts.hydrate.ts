import { type FeedItem, type FeedType, LIMITS, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type StoredImage, toImageMedia } from '../media/media.service.ts';
import { visibleTo } from './posts.policy.ts';

interface Row {
  id: string | number;
  kind: 'post' | 'event' | 'share';
  title: string | null;
  shared_post_id: string | number | null;
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  sort_date: string;
  created_at: string;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  is_liked: boolean;
  images: StoredImage[];
  from_date: string | null;
  to_date: string | null;
  location: string | null;
  address: string | null;
  added_money: number | null;
  url: string | null;
  event_types: string[] | null;
  associations: string[] | null;
}

/** One query for a whole set of ids: authors, counters, the viewer's like, images and event details. */
async function selectRows(ctx: AppContext, viewerId: string, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map();
  const result = await ctx.db.execute(sql`
    select p.id, p.kind, p.title, p.shared_post_id, p.user_id, u.first_name, u.last_name, u.image,
      to_char(p.sort_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_date,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      p.likes_count, p.comments_count, p.shares_count,
      exists (select 1 from likes l where l.post_id = p.id and l.user_id = ${viewerId}) as is_liked,
      coalesce((select json_agg(json_build_object('storageKey', pi.storage_key, 'variantWidths', pi.variant_widths,
          'width', pi.width, 'height', pi.height, 'placeholder', pi.placeholder) order by pi.position)
        from post_images pi where pi.post_id = p.id), '[]'::json) as images,
      to_char(ed.from_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as from_date,
      to_char(ed.to_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as to_date,
      ed.location, ed.address, ed.added_money, ed.url,
      (select array_agg(et.name order by et.name) from event_event_types eet join event_types et on et.id = eet.event_type_id
        where eet.post_id = p.id) as event_types,
      (select array_agg(a.abr order by a.abr) from event_associations ea join associations a on a.id = ea.association_id
        where ea.post_id = p.id) as associations
    from posts p
    join users u on u.id = p.user_id
    left join event_details ed on ed.post_id = p.id
    where p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${visibleTo(viewerId)}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/**
 * Feed items for a page, in the order asked, without what the viewer may not see: one query for the
 * items and one for the originals that shares point at (docs/decisions/005-share-items.md).
 */
export async function hydrateFeedItems(ctx: AppContext, viewerId: string, ids: number[]): Promise<FeedItem[]> {
  const rows = await selectRows(ctx, viewerId, ids);
  const originalIds = [
    ...new Set([...rows.values()].flatMap((row) => (row.shared_post_id ? [Number(row.shared_post_id)] : []))),
  ];
  const originals = await selectRows(ctx, viewerId, originalIds);
  const items: FeedItem[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    if (row.kind !== 'share') {
      items.push(toItem(ctx, row, row.kind === 'event' ? '4' : '1'));
      continue;
    }
    const original = originals.get(Number(row.shared_post_id));
    if (!original) continue;
    const isEvent = original.kind === 'event';
    if (row.title) {
      // '2' / '5': the sharer's comment, with the original inside.
      items.push({ ...toItem(ctx, row, isEvent ? '5' : '2'), shared_item: toItem(ctx, original, isEvent ? '4' : '1') });
    } else {
      // '3' / '6': the original's card, re-shared: its own id, counters and date, the sharer named.
      const sharer = toItem(ctx, row, isEvent ? '6' : '3');
      items.push({
        ...toItem(ctx, original, isEvent ? '6' : '3'),
        id: sharer.id,
        sort_date: sharer.sort_date,
        likes_count: sharer.likes_count,
        is_liked: sharer.is_liked,
        comments_count: sharer.comments_count,
        shares_count: sharer.shares_count,
        shared_by_user_id: row.user_id,
        sharer_image: row.image ?? USER_PLACEHOLDER_IMAGE,
        sharer_first_name: row.first_name,
        sharer_last_name: row.last_name,
      });
    }
  }
  return items;
}

function toItem(ctx: AppContext, row: Row, type: FeedType): FeedItem {
  const media = row.images.map((image) => toImageMedia(ctx.storage, image));
  const userImage = row.image ?? USER_PLACEHOLDER_IMAGE;
  return {
    id: Number(row.id),
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
    user_image: userImage,
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
    event_types: row.event_types ?? [],
    associations: row.associations ?? [],
    maxValueEvent: LIMITS.visibleTags,
    maxValueAssoc: LIMITS.visibleTags,
    shared_item: null,
  };
}
