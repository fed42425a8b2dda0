import type { CaseConversation, CaseHaul, ReportTargetType } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { literal, selectRows, type Tx, utcText } from '../../db/sql.ts';
import { haulVisibleTo } from '../haul/haul.policy.ts';
import { authorShown, commentShown } from '../items/items.policy.ts';
import type { StoredImage } from '../media/media.service.ts';

/**
 * The reported thing as members saw it when its case opened (moderation_cases.snapshot). Cases opened by
 * migration 0010 from the reports made before the queue hold only `kind`, `title` and `created_at`.
 */
export interface Snapshot {
  kind?: 'post' | 'event' | 'share' | 'comment' | 'user' | 'message' | 'haul_offer' | 'haul_request' | 'haul_review';
  title?: string | null;
  text?: string | null;
  images?: string[];
  created_at?: string | null;
  author?: { id: string; first_name: string; last_name: string; avatar: string | null };
  /** For a comment: the item it is on. */
  post_id?: number | null;
  /** For a message: its conversation around it, as the reporter saw it. */
  conversation?: CaseConversation;
  /** For a hauling offer, request or review: what members saw of it (ADR 028 "Hauling items"). */
  haul?: CaseHaul;
}

/** An item's words, photos and author now, to snapshot (a share shows its original's photos). */
export interface ItemSnapshotRow {
  id: string;
  kind: 'post' | 'event' | 'share';
  title: string | null;
  original_title: string | null;
  created_at: string;
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  images: StoredImage[];
}

export async function selectItemSnapshot(db: Tx, postId: number): Promise<ItemSnapshotRow | undefined> {
  const [row] = await selectRows<ItemSnapshotRow>(
    db,
    sql`
      select p.id, p.kind, p.title, o.title as original_title, ${utcText(sql`p.created_at`, 'ms')} as created_at,
        p.user_id, u.first_name, u.last_name, u.image,
        coalesce((select json_agg(json_build_object('storageKey', pi.storage_key, 'variantWidths', pi.variant_widths,
            'width', pi.width, 'height', pi.height, 'placeholder', pi.placeholder) order by pi.position)
          from post_images pi where pi.post_id = coalesce(p.shared_post_id, p.id)), '[]'::json) as images
      from posts p join users u on u.id = p.user_id left join posts o on o.id = p.shared_post_id
      where p.id = ${postId}`,
  );
  return row;
}

export interface CommentSnapshotRow {
  id: string;
  post_id: string;
  text: string;
  created_at: string;
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
}

/**
 * A comment the reporter may see, with what its snapshot keeps: not deleted or removed, held only for its
 * author and staff, by a member the items policy shows the viewer (live, not suspended, no block either way).
 * Whether its item is visible is asked of the items module.
 */
export async function selectVisibleComment(
  db: Tx,
  viewerId: string,
  commentId: number,
): Promise<CommentSnapshotRow | undefined> {
  const [row] = await selectRows<CommentSnapshotRow>(
    db,
    sql`
      select c.id, c.post_id, c.text, ${utcText(sql`c.created_at`, 'ms')} as created_at,
        c.user_id, u.first_name, u.last_name, u.image
      from comments c join users u on u.id = c.user_id
      where c.id = ${commentId} and ${commentShown(viewerId)} and ${authorShown(viewerId, 'u')}`,
  );
  return row;
}

export interface MemberSnapshotRow {
  id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  created_at: string;
}

export async function selectMemberSnapshot(db: Tx, userId: string): Promise<MemberSnapshotRow | undefined> {
  const [row] = await selectRows<MemberSnapshotRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.image, ${utcText(sql`u.created_at`, 'ms')} as created_at
      from users u where u.id = ${userId}`,
  );
  return row;
}

/*
 * Direct messages (ADR 029) are read here from their tables, not through the conversations module: what the
 * reporter saw of their own conversation is what the snapshot keeps.
 */

/** A photo of a message, as media stores it. */
const messageImagesJson = (m: string) =>
  sql`coalesce((select json_agg(json_build_object('storageKey', mi.storage_key, 'variantWidths', mi.variant_widths,
      'width', mi.width, 'height', mi.height, 'placeholder', mi.placeholder) order by mi.position)
    from message_images mi where mi.message_id = ${sql.raw(m)}.id), '[]'::json)`;

export interface ReportableMessageRow {
  id: string;
  conversation_id: string;
  /** Messages up to this one are gone from the reporter's view. */
  cleared_message_id: string;
  body: string;
  created_at: string;
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  images: StoredImage[];
}

/**
 * A message the reporter may report: in a conversation they are a member of, after what they cleared from
 * their view, neither deleted nor removed, from a live account (a deleted member's messages show no words).
 */
export async function selectReportableMessage(
  db: Tx,
  viewerId: string,
  messageId: number,
): Promise<ReportableMessageRow | undefined> {
  const [row] = await selectRows<ReportableMessageRow>(
    db,
    sql`
      select m.id, m.conversation_id, cm.cleared_message_id, m.body, ${utcText(sql`m.created_at`, 'ms')} as created_at,
        u.id as user_id, u.first_name, u.last_name, u.image, ${messageImagesJson('m')} as images
      from messages m
      join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${viewerId}
      join users u on u.id = m.sender_id
      where m.id = ${messageId} and m.id > cm.cleared_message_id and m.deleted_at is null and m.removed_at is null
        and u.deleted_at is null`,
  );
  return row;
}

export interface ContextMessageRow {
  id: string;
  /** Null when the sender's account is deleted (or purged). */
  sender_id: string | null;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  body: string;
  state: 'sent' | 'deleted' | 'removed';
  created_at: string;
  images: StoredImage[];
}

/**
 * The reported message and up to `around` messages on each side of it in its conversation, oldest first, as
 * the reporter sees them: none they cleared from their view; a deleted or removed message, or one from a
 * deleted account, keeps its place without words or photos.
 */
export function selectMessageContext(
  db: Tx,
  c: { conversationId: number; messageId: number; clearedMessageId: number; around: number },
): Promise<ContextMessageRow[]> {
  // `u` is joined only while the sender's account is live.
  const shown = sql`m.deleted_at is null and m.removed_at is null and u.id is not null`;
  return selectRows<ContextMessageRow>(
    db,
    sql`
      select m.id, u.id as sender_id, u.first_name, u.last_name, u.image,
        case when ${shown} then m.body else '' end as body,
        case when m.removed_at is not null then 'removed' when m.deleted_at is not null then 'deleted' else 'sent' end
          as state,
        ${utcText(sql`m.created_at`, 'ms')} as created_at,
        case when ${shown} then ${messageImagesJson('m')} else '[]'::json end as images
      from (
        (select b.id from messages b where b.conversation_id = ${c.conversationId} and b.id < ${c.messageId}
          and b.id > ${c.clearedMessageId} order by b.id desc limit ${literal(c.around)})
        union all select ${c.messageId}::bigint
        union all
        (select a.id from messages a where a.conversation_id = ${c.conversationId} and a.id > ${c.messageId}
          order by a.id limit ${literal(c.around)})
      ) w
      join messages m on m.id = w.id
      left join users u on u.id = m.sender_id and u.deleted_at is null
      order by m.id`,
  );
}

/** What a report is about: the row it points at (a post or event, a comment, a message, a member). */
export interface ReportTarget {
  type: ReportTargetType;
  postId: number | null;
  commentId: number | null;
  messageId: number | null;
  /** A hauling offer's, request's or review's row (target type haul_*). */
  haulId: number | null;
  /** The author of the item or the sender of the message, or the reported member. */
  subjectId: string;
}

/**
 * A member's report, weighed from their record now: (upheld + 2) / (upheld + dismissed + 2), so a new reporter
 * counts 1 and one whose reports are dismissed again and again counts less (ADR 028). Answers the report's id
 * and weight, or null when they already reported it (one report per member per thing, by unique indexes).
 */
export async function insertReport(
  tx: Tx,
  r: { target: ReportTarget; reporterId: string; reason: string; text: string | null; at: Date },
): Promise<{ id: number; weight: number } | null> {
  const { target } = r;
  const [row] = await selectRows<{ id: string; weight: number }>(
    tx,
    sql`
      insert into reports (target_type, post_id, comment_id, message_id, haul_id, target_user_id, user_id, reason, text,
        weight, created_at)
      select ${target.type}::text, ${target.commentId === null ? target.postId : null}::bigint,
        ${target.commentId}::bigint, ${target.messageId}::bigint, ${target.haulId}::bigint,
        ${target.type === 'user' ? target.subjectId : null}::text,
        u.id,
        ${r.reason}::text, ${r.text}::text, (u.reports_upheld + 2)::real / (u.reports_upheld + u.reports_dismissed + 2),
        ${r.at}::timestamptz
      from users u where u.id = ${r.reporterId}
      on conflict do nothing
      returning id, weight`,
  );
  return row ? { id: Number(row.id), weight: Number(row.weight) } : null;
}

/** The open case of each kind of target, as the partial unique indexes of migrations 0010 and 0011 define it. */
function openCaseConflict(target: ReportTarget): SQL {
  if (target.type === 'user') return sql`(subject_user_id) where status = 'open' and target_type = 'user'`;
  if (target.haulId !== null) return sql`(target_type, haul_id) where status = 'open' and haul_id is not null`;
  if (target.messageId !== null) return sql`(message_id) where status = 'open'`;
  if (target.commentId !== null) return sql`(comment_id) where status = 'open'`;
  return sql`(post_id) where status = 'open' and target_type <> 'user' and comment_id is null`;
}

export interface CaseTally {
  id: number;
  reporters: number;
  weight: number;
  held: boolean;
}

/**
 * Joins the target's open case, or opens one with the snapshot: one statement, so two first reports at once
 * make one case (the second waits on the unique index and joins). Answers the case's tally after the report.
 */
export async function joinOpenCase(
  tx: Tx,
  c: { target: ReportTarget; snapshot: Snapshot; weight: number; at: Date },
): Promise<CaseTally> {
  const { target } = c;
  const [row] = await selectRows<{ id: string; reporters: number; weight: number; held: boolean }>(
    tx,
    sql`
      insert into moderation_cases (target_type, post_id, comment_id, message_id, haul_id, subject_user_id, snapshot,
        reporters, weight, first_reported_at, last_reported_at)
      values (${target.type}, ${target.postId}, ${target.commentId}, ${target.messageId}, ${target.haulId},
        ${target.subjectId},
        ${JSON.stringify(c.snapshot)}::jsonb, 1, ${c.weight}, ${c.at}, ${c.at})
      on conflict ${openCaseConflict(target)} do update set reporters = moderation_cases.reporters + 1,
        weight = moderation_cases.weight + excluded.weight, last_reported_at = excluded.last_reported_at
      returning id, reporters, weight, held_at is not null as held`,
  );
  if (!row) throw new Error('the case was neither opened nor joined');
  return { id: Number(row.id), reporters: row.reporters, weight: Number(row.weight), held: row.held };
}

export async function linkReport(tx: Tx, reportId: number, caseId: number): Promise<void> {
  await tx.execute(sql`update reports set case_id = ${caseId} where id = ${reportId}`);
}

/**
 * Holds the case's item for review, once: answers false when another report held it first. The item (a post,
 * event or share, or a comment) is then seen only by its author and staff (items.policy.ts). A hauling offer
 * or request is held by setting its `removed_at` (the haul module's lists and reads hide it from all but its
 * owner), which a dismissal or a restore clears (ADR 028 "Hauling items"). Members, messages and reviews are
 * never held (the caller asks only for items, offers and requests).
 */
export async function holdCase(tx: Tx, caseId: number, target: ReportTarget, at: Date): Promise<boolean> {
  if (target.type === 'user' || target.type === 'message' || target.type === 'haul_review') return false;
  const held = await selectRows<{ id: string }>(
    tx,
    sql`update moderation_cases set held_at = ${at} where id = ${caseId} and held_at is null returning id`,
  );
  if (held.length === 0) return false;
  if (target.type === 'haul_offer' || target.type === 'haul_request')
    await tx.execute(
      sql`update ${haulTable(target.type)} set removed_at = ${at} where id = ${target.haulId} and removed_at is null`,
    );
  else if (target.commentId !== null)
    await tx.execute(sql`update comments set held_at = ${at} where id = ${target.commentId} and held_at is null`);
  else if (target.postId !== null)
    await tx.execute(sql`update posts set held_at = ${at} where id = ${target.postId} and held_at is null`);
  return true;
}

/*
 * The hauling board (ADR 030): offers, requests and reviews are read here from their tables, as members saw
 * them, for the reports' resolution and the cases' snapshots.
 */

/** The table of a hauling target. */
export const haulTable = (type: 'haul_offer' | 'haul_request' | 'haul_review'): SQL =>
  sql.raw(type === 'haul_offer' ? 'haul_offers' : type === 'haul_request' ? 'haul_requests' : 'haul_reviews');

interface HaulOwnerColumns {
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  /** Whether the reporter may see it (the board's visibility rule: haul.policy.ts). */
  visible: boolean;
}

interface HaulLegColumns extends HaulOwnerColumns {
  id: string;
  event_id: string;
  event_title: string;
  event_from: string | null;
  event_to: string | null;
  origin_name: string;
  origin_region_code: string;
  depart_from: string;
  depart_until: string;
  visibility: string;
  notes: string;
  created_at: string;
}

export interface HaulOfferSnapshotRow extends HaulLegColumns {
  arrive_by: string;
  stalls_total: number;
  stalls_free: number;
  stall_kind: string;
  rate_type: string;
  price: number;
  price_unit: string;
}

export interface HaulRequestSnapshotRow extends HaulLegColumns {
  horses: number;
}

/** The columns an offer and a request share (`h` the row, `u` its owner, `hp` its event, `hd` its details, `pl` its origin). */
const legColumns = (viewerId: string, owner: string) => sql`
  h.id, h.event_id, coalesce(hp.title, '') as event_title,
  ${utcText(sql`hd.from_date`, 's')} as event_from, ${utcText(sql`hd.to_date`, 's')} as event_to,
  pl.name as origin_name, pl.region_code as origin_region_code,
  ${utcText(sql`h.depart_from`, 'ms')} as depart_from, ${utcText(sql`h.depart_until`, 'ms')} as depart_until,
  h.visibility, h.notes, ${utcText(sql`h.created_at`, 'ms')} as created_at,
  u.id as user_id, u.first_name, u.last_name, u.image,
  ${haulVisibleTo(viewerId, sql.raw(`h.${owner}`), sql`h.visibility`)} as visible`;

const legJoins = (owner: string) => sql`
  join users u on u.id = ${sql.raw(`h.${owner}`)}
  join posts hp on hp.id = h.event_id
  left join event_details hd on hd.post_id = h.event_id
  join places pl on pl.id = h.origin_place_id`;

/** An offer not removed (nor held), with whether the reporter may see it; its event's visibility is asked of items. */
export async function selectHaulOfferSnapshot(
  db: Tx,
  viewerId: string,
  offerId: number,
): Promise<HaulOfferSnapshotRow | undefined> {
  const [row] = await selectRows<HaulOfferSnapshotRow>(
    db,
    sql`
      select ${legColumns(viewerId, 'driver_id')}, ${utcText(sql`h.arrive_by`, 'ms')} as arrive_by, h.stalls_total,
        h.stalls_free, h.stall_kind, h.rate_type, h.price, h.price_unit
      from haul_offers h ${legJoins('driver_id')}
      where h.id = ${offerId} and h.removed_at is null`,
  );
  return row;
}

/** A request not removed (nor held), with whether the reporter may see it. */
export async function selectHaulRequestSnapshot(
  db: Tx,
  viewerId: string,
  requestId: number,
): Promise<HaulRequestSnapshotRow | undefined> {
  const [row] = await selectRows<HaulRequestSnapshotRow>(
    db,
    sql`
      select ${legColumns(viewerId, 'rider_id')}, h.horses
      from haul_requests h ${legJoins('rider_id')}
      where h.id = ${requestId} and h.removed_at is null`,
  );
  return row;
}

export interface HaulReviewSnapshotRow {
  id: string;
  booking_id: string;
  rating: number;
  comment: string;
  created_at: string;
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  subject_id: string;
  subject_first_name: string;
  subject_last_name: string;
  subject_image: string | null;
  /** Shown to its subject: both sides reviewed, or `revealDays` since the booking completed (ADR 030). */
  shown: boolean;
}

/** A review not removed, by a live author, with its subject and whether it is shown yet. */
export async function selectHaulReviewSnapshot(
  db: Tx,
  reviewId: number,
  revealDays: number,
  now: Date,
): Promise<HaulReviewSnapshotRow | undefined> {
  const [row] = await selectRows<HaulReviewSnapshotRow>(
    db,
    sql`
      select r.id, r.booking_id, r.rating, r.comment, ${utcText(sql`r.created_at`, 'ms')} as created_at,
        u.id as user_id, u.first_name, u.last_name, u.image,
        s.id as subject_id, s.first_name as subject_first_name, s.last_name as subject_last_name,
        s.image as subject_image,
        (exists (select 1 from haul_reviews o where o.booking_id = r.booking_id and o.author_id <> r.author_id)
          or b.completed_at <= ${now}::timestamptz - make_interval(days => ${revealDays}::int)) as shown
      from haul_reviews r
      join haul_bookings b on b.id = r.booking_id
      join users u on u.id = r.author_id and u.deleted_at is null
      join users s on s.id = r.subject_id
      where r.id = ${reviewId} and r.removed_at is null`,
  );
  return row;
}
