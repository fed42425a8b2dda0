import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx, utcText } from '../../db/sql.ts';

/*
 * What a member's export holds, read in one snapshot (the worker runs these in one REPEATABLE READ
 * transaction). Each function answers one file's JSON, built by PostgreSQL. Only what the member wrote or
 * uploaded, or what is about them; of other members only what the member sees of them in the app (an id and
 * a name), never their private data. This module reads other modules' tables, read-only, on purpose: an
 * export is a copy of everything, and asking each module's service would read it in many snapshots
 * (docs/decisions/035-data-export.md).
 */

const t = (column: string) => utcText(sql.raw(column), 'ms');
const name = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);
/** Another member as the app shows them; a purged or deleted one as "A deleted member". */
const member = (alias: string) =>
  sql`case when ${sql.raw(alias)}.id is null or ${sql.raw(alias)}.deleted_at is not null
      then json_build_object('id', null, 'name', 'A deleted member')
      else json_build_object('id', ${sql.raw(alias)}.id, 'name', ${name(alias)}) end`;

async function one(tx: Tx, query: SQL): Promise<unknown> {
  const [row] = await selectRows<{ data: unknown }>(tx, query);
  return row?.data ?? null;
}
const list = (tx: Tx, query: SQL) => one(tx, query).then((data) => data ?? []);

export const profile = (tx: Tx, userId: string) =>
  one(
    tx,
    sql`select json_build_object(
        'id', u.id, 'email', u.email, 'email_verified', u.email_verified,
        'first_name', u.first_name, 'last_name', u.last_name,
        'date_of_birth', u.date_of_birth, 'gender', u.gender, 'transport_id', u.transport_id,
        'phone_number', case when u.phone_number_verified then u.phone_number end,
        'phone_number_verified', u.phone_number_verified,
        'onboarded', u.is_onboard, 'private_profile', u.is_private, 'who_can_message', u.message_policy,
        'role', u.role, 'suspended_until', ${t('u.suspended_until')}, 'joined_at', ${t('u.created_at')},
        'profile_photo_url', u.image,
        'event_types', coalesce((select json_agg(et.name order by et.sort_order, et.id)
          from user_event_types uet join event_types et on et.id = uet.event_type_id where uet.user_id = u.id), '[]'),
        'associations', coalesce((select json_agg(a.name order by a.sort_order, a.id)
          from user_associations ua join associations a on a.id = ua.association_id where ua.user_id = u.id), '[]'),
        'sign_in_methods', coalesce((select json_agg(ac.provider_id order by ac.provider_id)
          from accounts ac where ac.user_id = u.id), '[]'),
        'calendar_feed', exists (select 1 from calendar_feeds cf where cf.user_id = u.id)
      ) as data from users u where u.id = ${userId}`,
  );

/**
 * The names of an item's photos in the zip, in order, without their extension: the worker adds it once it
 * knows which file of the photo is stored (its original, .jpg or .png, or a WebP variant).
 */
const imageFiles = (post: string) =>
  sql`coalesce((select json_agg('images/' || ${sql.raw(post)}.kind || '-' || ${sql.raw(post)}.id || '-'
      || (pi.position + 1) order by pi.position)
    from post_images pi where pi.post_id = ${sql.raw(post)}.id), '[]')`;

const moderation = (alias: string) =>
  sql`'held_for_review', ${sql.raw(alias)}.held_at is not null,
    'removed_by_moderator', ${sql.raw(alias)}.removed_at is not null`;

export const posts = (tx: Tx, userId: string) =>
  list(
    tx,
    sql`select json_agg(json_build_object(
        'id', p.id, 'kind', p.kind, 'text', p.title, 'shared_item_id', p.shared_post_id,
        'created_at', ${t('p.created_at')}, 'edited_at', ${t('p.edited_at')},
        'likes', p.likes_count, 'comments', p.comments_count, 'shares', p.shares_count, ${moderation('p')},
        'images', ${imageFiles('p')},
        'earlier_versions', coalesce((select json_agg(json_build_object('text', r.title, 'written_at', ${t('r.written_at')})
          order by r.written_at, r.id) from post_revisions r where r.post_id = p.id), '[]')
      ) order by p.created_at, p.id) as data
      from posts p where p.user_id = ${userId} and p.kind in ('post', 'share') and p.deleted_at is null`,
  );

export const comments = (tx: Tx, userId: string) =>
  list(
    tx,
    sql`select json_agg(json_build_object(
        'id', c.id, 'on_item_id', c.post_id, 'text', c.text,
        'created_at', ${t('c.created_at')}, 'edited_at', ${t('c.edited_at')}, ${moderation('c')},
        'earlier_versions', coalesce((select json_agg(json_build_object('text', r.text, 'written_at', ${t('r.written_at')})
          order by r.written_at, r.id) from comment_revisions r where r.comment_id = c.id), '[]')
      ) order by c.created_at, c.id) as data
      from comments c where c.user_id = ${userId} and c.deleted_at is null`,
  );

export const likes = (tx: Tx, userId: string) =>
  list(
    tx,
    sql`select json_agg(json_build_object('item_id', l.post_id, 'liked_at', ${t('l.created_at')})
        order by l.created_at, l.post_id) as data
      from likes l join posts p on p.id = l.post_id and p.deleted_at is null where l.user_id = ${userId}`,
  );

export const events = (tx: Tx, userId: string) =>
  one(
    tx,
    sql`select json_build_object(
      'created', coalesce((select json_agg(json_build_object(
        'id', p.id, 'title', p.title, 'kind', ed.kind, 'from', ${t('ed.from_date')}, 'to', ${t('ed.to_date')},
        'time_zone', ed.time_zone, 'location', ed.location, 'address', ed.address, 'added_money', ed.added_money,
        'url', ed.url, 'private', ed.is_private, 'circuit', ci.name, 'tour', ed.tour,
        'in_calendar_feed', ed.sync, 'confirmation', ed.confirmation, 'cancelled_at', ${t('ed.cancelled_at')},
        'created_at', ${t('p.created_at')}, 'edited_at', ${t('p.edited_at')}, ${moderation('p')},
        'event_types', coalesce((select json_agg(et.name order by et.sort_order, et.id)
          from event_event_types eet join event_types et on et.id = eet.event_type_id where eet.post_id = p.id), '[]'),
        'associations', coalesce((select json_agg(a.name order by a.sort_order, a.id)
          from event_associations ea join associations a on a.id = ea.association_id where ea.post_id = p.id), '[]'),
        'performances', coalesce((select json_agg(json_build_object('name', ep.name, 'starts_at', ${t('ep.starts_at')})
          order by ep.position) from event_performances ep where ep.post_id = p.id), '[]'),
        'likes', p.likes_count, 'comments', p.comments_count, 'shares', p.shares_count,
        'image', (${imageFiles('p')})->0
      ) order by ed.from_date, p.id)
      from posts p join event_details ed on ed.post_id = p.id left join circuits ci on ci.id = ed.circuit_id
      where p.user_id = ${userId} and p.kind = 'event' and p.deleted_at is null), '[]'),
      'followed', coalesce((select json_agg(json_build_object('event_id', f.post_id, 'followed_at', ${t('f.created_at')})
          order by f.created_at, f.post_id)
        from event_follows f join posts p on p.id = f.post_id and p.deleted_at is null
        where f.user_id = ${userId}), '[]')
    ) as data`,
  );

export const friends = (tx: Tx, userId: string) =>
  list(
    tx,
    sql`select json_agg(json_build_object('member', ${member('u')}, 'since', ${t('f.created_at')})
        order by f.created_at, f.friend_id) as data
      from friendships f join users u on u.id = f.friend_id
      where f.user_id = ${userId} and u.deleted_at is null`,
  );

export const friendRequests = (tx: Tx, userId: string) =>
  one(
    tx,
    sql`select json_build_object(
      'sent', coalesce((select json_agg(json_build_object('to', ${member('u')}, 'sent_at', ${t('r.created_at')})
        order by r.created_at, r.id)
        from friend_requests r join users u on u.id = r.recipient_id
        where r.sender_id = ${userId} and u.deleted_at is null), '[]'),
      'received', coalesce((select json_agg(json_build_object('from', ${member('u')}, 'received_at', ${t('r.created_at')})
        order by r.created_at, r.id)
        from friend_requests r join users u on u.id = r.sender_id
        where r.recipient_id = ${userId} and u.deleted_at is null), '[]')
    ) as data`,
  );

/** The member's notifications as stored: what happened, about which item, by whom (an id), when. */
export const notifications = (tx: Tx, userId: string) =>
  list(
    tx,
    sql`select json_agg(json_build_object(
        'id', n.id, 'kind', n.kind, 'by_member_id', case when n.actor_id = n.user_id then null else n.actor_id end,
        'members_behind_it', n.actors, 'item_id', n.post_id, 'info', n.info, 'read', n.is_read,
        'created_at', ${t('n.created_at')}, 'updated_at', ${t('n.updated_at')}
      ) order by n.created_at, n.id) as data
      from notifications n where n.user_id = ${userId}`,
  );

/**
 * The conversations the member is in, with every message they can read in the app: all of their own (their
 * photos in images/) and the other side's since the member last cleared the conversation, neither deleted nor
 * removed by a moderator (the other side's photos are counted, not copied).
 */
export const messages = (tx: Tx, userId: string) =>
  list(
    tx,
    sql`select json_agg(json_build_object(
        'id', c.id, 'with', ${member('o')}, 'started_by_me', c.started_by = ${userId},
        'accepted_at', ${t('c.accepted_at')}, 'box', cm.box,
        'messages', coalesce((select json_agg(json_build_object(
            'id', m.id, 'from', case when m.sender_id = ${userId} then 'me' else 'them' end,
            'text', m.body, 'sent_at', ${t('m.created_at')},
            'deleted', m.deleted_at is not null, 'removed_by_moderator', m.removed_at is not null,
            'images', case when m.sender_id = ${userId} then coalesce((select json_agg('images/message-' || m.id || '-'
                || (mi.position + 1) order by mi.position) from message_images mi where mi.message_id = m.id), '[]')
              else '[]' end,
            'their_photos', case when m.sender_id = ${userId} then 0
              else (select count(*) from message_images mi where mi.message_id = m.id) end
          ) order by m.id)
          from messages m where m.conversation_id = c.id
            and (m.sender_id = ${userId}
              or (m.id > cm.cleared_message_id and m.deleted_at is null and m.removed_at is null))), '[]')
      ) order by c.created_at, c.id) as data
      from conversation_members cm
      join conversations c on c.id = cm.conversation_id
      left join conversation_members om on om.conversation_id = c.id and om.user_id <> ${userId}
      left join users o on o.id = om.user_id
      where cm.user_id = ${userId}`,
  );

export const hauls = (tx: Tx, userId: string) =>
  one(
    tx,
    sql`select json_build_object(
      'horses', coalesce((select json_agg(json_build_object('id', h.id, 'name', h.name, 'coggins_on', h.coggins_on,
          'health_certificate_on', h.health_certificate_on, 'created_at', ${t('h.created_at')}) order by h.id)
        from horses h where h.owner_id = ${userId}), '[]'),
      'offers', coalesce((select json_agg(json_build_object('id', o.id, 'event_id', o.event_id, 'from_place', pl.name || ', ' || pl.region_code,
          'depart_from', ${t('o.depart_from')}, 'depart_until', ${t('o.depart_until')}, 'arrive_by', ${t('o.arrive_by')},
          'stalls', o.stalls_total, 'stalls_free', o.stalls_free, 'stall_kind', o.stall_kind, 'seats', o.seats,
          'tack_room', o.tack_room, 'rate_type', o.rate_type, 'price', o.price, 'price_unit', o.price_unit,
          'cap_per_horse', o.cap_per_horse, 'usdot_number', o.usdot_number, 'mc_number', o.mc_number,
          'insurance_expires_on', o.insurance_expires_on, 'booking_mode', o.booking_mode, 'visibility', o.visibility,
          'detour_km', o.detour_km, 'notes', o.notes, 'closed_at', ${t('o.closed_at')},
          'removed_by_moderator', o.removed_at is not null, 'created_at', ${t('o.created_at')},
          'bookings', coalesce((select json_agg(json_build_object('id', b.id, 'rider', ${member('r')},
              'stalls', b.stalls, 'status', b.status, 'requested_at', ${t('b.created_at')}) order by b.id)
            from haul_bookings b left join users r on r.id = b.rider_id where b.offer_id = o.id), '[]')
        ) order by o.id) from haul_offers o join places pl on pl.id = o.origin_place_id where o.driver_id = ${userId}), '[]'),
      'requests', coalesce((select json_agg(json_build_object('id', q.id, 'event_id', q.event_id, 'from_place', pl.name || ', ' || pl.region_code,
          'depart_from', ${t('q.depart_from')}, 'depart_until', ${t('q.depart_until')}, 'horses', q.horses,
          'visibility', q.visibility, 'notes', q.notes, 'closed_at', ${t('q.closed_at')},
          'removed_by_moderator', q.removed_at is not null, 'created_at', ${t('q.created_at')}) order by q.id)
        from haul_requests q join places pl on pl.id = q.origin_place_id where q.rider_id = ${userId}), '[]'),
      'bookings', coalesce((select json_agg(json_build_object('id', b.id, 'offer_id', b.offer_id, 'event_id', o.event_id,
          'driver', ${member('d')}, 'stalls', b.stalls, 'pickup_address', b.pickup_address, 'message', b.message,
          'status', b.status, 'requested_at', ${t('b.created_at')}, 'answered_at', ${t('b.answered_at')},
          'cancelled_by_me', b.cancelled_by = ${userId}, 'cancel_reason', case when b.cancelled_by = ${userId} then b.cancel_reason end,
          'cancelled_at', ${t('b.cancelled_at')}, 'completed_at', ${t('b.completed_at')},
          'horses', coalesce((select json_agg(bh.horse_id order by bh.horse_id) from haul_booking_horses bh where bh.booking_id = b.id), '[]')
        ) order by b.id)
        from haul_bookings b join haul_offers o on o.id = b.offer_id left join users d on d.id = o.driver_id
        where b.rider_id = ${userId}), '[]'),
      'reviews_written', coalesce((select json_agg(json_build_object('id', v.id, 'booking_id', v.booking_id,
          'about', ${member('s')}, 'rating', v.rating, 'comment', v.comment, 'created_at', ${t('v.created_at')},
          'removed_by_moderator', v.removed_at is not null) order by v.id)
        from haul_reviews v left join users s on s.id = v.subject_id where v.author_id = ${userId}), '[]'),
      'saved_searches', coalesce((select json_agg(json_build_object('id', s.id, 'event_id', s.event_id,
          'near_place', pl.name || ', ' || pl.region_code, 'horses', s.horses, 'rate_type', s.rate_type,
          'created_at', ${t('s.created_at')}) order by s.id)
        from haul_saved_searches s join places pl on pl.id = s.near_place_id where s.user_id = ${userId}), '[]')
    ) as data`,
  );

export const blocksAndMutes = (tx: Tx, userId: string) =>
  one(
    tx,
    sql`select json_build_object(
      'blocked', coalesce((select json_agg(json_build_object('member', ${member('u')}, 'since', ${t('b.created_at')})
        order by b.created_at) from blocks b join users u on u.id = b.blocked_id where b.blocker_id = ${userId}), '[]'),
      'muted', coalesce((select json_agg(json_build_object('member', ${member('u')}, 'since', ${t('m.created_at')})
        order by m.created_at) from mutes m join users u on u.id = m.muted_id where m.muter_id = ${userId}), '[]')
    ) as data`,
  );

/** Reports the member filed: what, why, their words and where it stands (never who else reported it). */
export const reports = (tx: Tx, userId: string) =>
  list(
    tx,
    sql`select json_agg(json_build_object('id', r.id, 'about', r.target_type, 'item_id', r.post_id,
        'comment_id', r.comment_id, 'message_id', r.message_id, 'hauling_id', r.haul_id,
        'member_id', r.target_user_id, 'reason', r.reason, 'text', r.text, 'status', r.status,
        'created_at', ${t('r.created_at')}) order by r.created_at, r.id) as data
      from reports r where r.user_id = ${userId}`,
  );

/**
 * A photo to copy into images/: its name there without extension (as the JSON files name it), where it is
 * stored and the width of its largest variant (the file copied when no original is stored).
 */
export interface ImageToCopy {
  name: string;
  storage_key: string;
  width: number;
}

/** The member's own photos: of their posts, shares and events, and of the messages they sent. */
export async function images(tx: Tx, userId: string): Promise<ImageToCopy[]> {
  return selectRows<ImageToCopy>(
    tx,
    sql`select 'images/' || p.kind || '-' || p.id || '-' || (pi.position + 1) as name,
        pi.storage_key, (select max(w) from unnest(pi.variant_widths) w) as width
      from posts p join post_images pi on pi.post_id = p.id
      where p.user_id = ${userId} and p.deleted_at is null
      union all
      select 'images/message-' || m.id || '-' || (mi.position + 1), mi.storage_key,
        (select max(w) from unnest(mi.variant_widths) w)
      from messages m join message_images mi on mi.message_id = m.id
      where m.sender_id = ${userId} and m.deleted_at is null
      order by 1`,
  );
}
