import { type SQL, sql } from 'drizzle-orm';
import { type Param, utcText } from '../../db/sql.ts';
import type { StoredImage } from '../media/media.service.ts';
import { visibleTo } from './items.policy.ts';

/*
 * Item hydration, one of the items module's two SQL exports (the other is items.policy.ts): the timeline,
 * a member's items, the events lists and the suggestions build their page statements around `hydrated`, so a
 * page and its cards are one statement. Its rows become cards through items.service.ts (`toFeedItems`).
 */

/** One post, event or share as the hydration statement builds it (JSON made by PostgreSQL). */
export interface ItemJson {
  id: number;
  kind: 'post' | 'event' | 'share';
  title: string | null;
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
  is_cancelled: boolean | null;
  event_types: string[] | null;
  associations: string[] | null;
  edited_at: string | null;
  moderation_state: 'held' | 'removed' | null;
}

/** A hydrated row: the item, the original it shares (if any), and what the source query passed along. */
export interface HydratedRow {
  item: ItemJson;
  original: ItemJson | null;
  /** The source's sort key, as text with microseconds (keyset cursors). */
  sort_date: string;
  /** How many rows the source found before the page was cut (size + 1 means another page exists). */
  found: number;
}

/**
 * An item as one JSON object: its author, counters, the viewer's like, images and event details, each
 * gathered by an indexed sub-select. `p`, `u` and `ed` name the post, its author and its event details.
 */
function itemJson(viewerId: Param<string>, p: string, u: string, ed: string): SQL {
  const [post, user, event] = [sql.raw(p), sql.raw(u), sql.raw(ed)];
  return sql`json_build_object(
    'id', ${post}.id, 'kind', ${post}.kind, 'title', ${post}.title, 'user_id', ${post}.user_id,
    'first_name', ${user}.first_name, 'last_name', ${user}.last_name, 'image', ${user}.image,
    'sort_date', ${utcText(sql`${post}.sort_date`)}, 'created_at', ${utcText(sql`${post}.created_at`, 'ms')},
    'likes_count', ${post}.likes_count, 'comments_count', ${post}.comments_count, 'shares_count', ${post}.shares_count,
    'is_liked', exists (select 1 from likes l where l.post_id = ${post}.id and l.user_id = ${viewerId}),
    'images', coalesce((select json_agg(json_build_object('storageKey', pi.storage_key,
        'variantWidths', pi.variant_widths, 'width', pi.width, 'height', pi.height, 'placeholder', pi.placeholder)
        order by pi.position) from post_images pi where pi.post_id = ${post}.id), '[]'::json),
    'from_date', ${utcText(sql`${event}.from_date`, 's')}, 'to_date', ${utcText(sql`${event}.to_date`, 's')},
    'location', ${event}.location, 'address', ${event}.address, 'added_money', ${event}.added_money, 'url', ${event}.url,
    'is_cancelled', ${event}.cancelled_at is not null,
    'edited_at', ${utcText(sql`${post}.edited_at`, 'ms')},
    'moderation_state', case when ${post}.removed_at is not null then 'removed'
        when ${post}.held_at is not null then 'held' end,
    'event_types', (select array_agg(et.name order by et.name) from event_event_types eet
        join event_types et on et.id = eet.event_type_id where eet.post_id = ${post}.id),
    'associations', (select array_agg(a.abr order by a.abr) from event_associations ea
        join associations a on a.id = ea.association_id where ea.post_id = ${post}.id))`;
}

/**
 * The hydration statement over a source of rows `(id, sort_date, ord, found)`: each item with the original
 * it shares, in `ord` order, up to `limit` rows. The timeline passes its page query as the source, so a page
 * is one statement; `checkVisible` applies the policy to sources that are plain id lists.
 */
export function hydrated(viewerId: Param<string>, source: SQL, options: { limit?: SQL; checkVisible: boolean }): SQL {
  return sql`
    select ${itemJson(viewerId, 'p', 'u', 'ed')} as item,
      case when o.id is null then null else ${itemJson(viewerId, 'o', 'ou', 'oed')} end as original,
      src.sort_date, src.found
    from (${source}) src
    join posts p on p.id = src.id
    join users u on u.id = p.user_id
    left join event_details ed on ed.post_id = p.id
    left join posts o on o.id = p.shared_post_id
    left join users ou on ou.id = o.user_id
    left join event_details oed on oed.post_id = o.id
    where ${options.checkVisible ? visibleTo(viewerId) : sql`true`}
      ${options.limit === undefined ? sql`` : sql`and src.ord <= ${options.limit}`}
    order by src.ord`;
}
