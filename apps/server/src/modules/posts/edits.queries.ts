import type { Revision } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement, selectRows, type Tx, utcText } from '../../db/sql.ts';
import { authorShown, commentShown, type ViewerRef, visibleTo } from '../items/items.policy.ts';
import type { CommentRow } from './posts.queries.ts';

/*
 * Edits and deletions of one's own posts, shares and comments (ADR 028 "Edits"): the earlier version goes to
 * post_revisions / comment_revisions with when it was written, in the transaction that changes the row.
 */

/**
 * A comment `c` the viewer may see, as the thread shows them (selectComments, ADR 028): not deleted or removed,
 * held only to its writer and staff, by a live member neither suspended nor blocked either way, on an item
 * the viewer may see (items.policy).
 */
export const commentVisibleTo = (viewer: ViewerRef, c = 'c') => {
  const a = sql.raw(c);
  return sql`(${commentShown(viewer, c)}
    and exists (select 1 from users cu where cu.id = ${a}.user_id and ${authorShown(viewer, 'cu')})
    and exists (select 1 from posts p where p.id = ${a}.post_id and ${visibleTo(viewer)}))`;
};

export interface VisibleComment {
  id: number;
  userId: string;
  postId: number;
  /** Who wrote the item the comment is on. */
  postUserId: string;
}

const visibleComment = preparedStatement<
  { viewer: string; id: number },
  { id: string; user_id: string; post_id: string; post_user_id: string }
>(
  ({ viewer, id }) => sql`
    select c.id, c.user_id, c.post_id, (select p.user_id from posts p where p.id = c.post_id) as post_user_id
    from comments c where c.id = ${id} and ${commentVisibleTo(viewer)}`,
);

/** The comment if the viewer may see it, else null (the caller answers 404 either way). */
export async function selectVisibleComment(db: Tx, viewerId: string, id: number): Promise<VisibleComment | null> {
  const [row] = await visibleComment(db, { viewer: viewerId, id });
  return row
    ? { id: Number(row.id), userId: row.user_id, postId: Number(row.post_id), postUserId: row.post_user_id }
    : null;
}

/** The author's live post or share, locked until the transaction ends (two edits at once keep both versions). */
export async function lockOwnPost(tx: Tx, userId: string, id: number) {
  const [row] = await selectRows<{
    kind: 'post' | 'event' | 'share';
    title: string | null;
    has_images: boolean;
  }>(
    tx,
    sql`select p.kind, p.title, exists (select 1 from post_images pi where pi.post_id = p.id) as has_images
      from posts p where p.id = ${id} and p.user_id = ${userId} and p.deleted_at is null for update`,
  );
  return row ?? null;
}

/**
 * The version being replaced becomes a revision, written when it was (its last edit, or the post itself), and
 * the post says when it was edited.
 */
export async function replacePostTitle(tx: Tx, id: number, change: { title: string | null; at: Date }) {
  await tx.execute(sql`
    insert into post_revisions (post_id, title, written_at)
    select p.id, p.title, coalesce(p.edited_at, p.created_at) from posts p where p.id = ${id}`);
  await tx.execute(sql`update posts set title = ${change.title}, edited_at = ${change.at} where id = ${id}`);
}

/** The author's live comment, locked until the transaction ends. */
export async function lockOwnComment(tx: Tx, userId: string, id: number) {
  const [row] = await selectRows<{ text: string }>(
    tx,
    sql`select c.text from comments c where c.id = ${id} and c.user_id = ${userId} and c.deleted_at is null for update`,
  );
  return row ?? null;
}

/** As replacePostTitle, for a comment. */
export async function replaceCommentText(tx: Tx, id: number, change: { text: string; at: Date }) {
  await tx.execute(sql`
    insert into comment_revisions (comment_id, text, written_at)
    select c.id, c.text, coalesce(c.edited_at, c.created_at) from comments c where c.id = ${id}`);
  await tx.execute(sql`update comments set text = ${change.text}, edited_at = ${change.at} where id = ${id}`);
}

const oneComment = preparedStatement<{ id: number }, CommentRow>(
  ({ id }) => sql`
    select c.id, c.text, ${utcText(sql`c.created_at`, 'ms')} as created_at,
      u.id as user_id, u.first_name, u.last_name, u.image, ${utcText(sql`c.edited_at`, 'ms')} as edited_at,
      case when c.removed_at is not null then 'removed' when c.held_at is not null then 'held' end as moderation_state
    from comments c join users u on u.id = c.user_id
    where c.id = ${id}`,
);

/** One comment as the thread shows it (the caller knows the viewer may see it). */
export async function selectComment(db: Tx, id: number): Promise<CommentRow | null> {
  const [row] = await oneComment(db, { id });
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Soft-deletes a live comment and takes it out of its item's count; answers whether it was there. */
export async function softDeleteComment(tx: Tx, id: number, at: Date): Promise<boolean> {
  const rows = await selectRows<{ post_id: string }>(
    tx,
    sql`update comments set deleted_at = ${at} where id = ${id} and deleted_at is null returning post_id`,
  );
  const postId = rows[0]?.post_id;
  if (postId === undefined) return false;
  await tx.execute(sql`update posts set comments_count = greatest(0, comments_count - 1) where id = ${postId}`);
  return true;
}

const revisionsJson = (table: 'post_revisions' | 'comment_revisions', text: 'title' | 'text', key: string, of: SQL) =>
  sql`coalesce((select json_agg(json_build_object('text', r.${sql.raw(text)},
      'written_at', ${utcText(sql`r.written_at`, 'ms')}) order by r.written_at desc, r.id desc)
    from ${sql.raw(table)} r where r.${sql.raw(key)} = ${of}), '[]'::json)`;

/**
 * An item's earlier versions, newest first, if the viewer may see it (one statement; no row: 404). A share
 * without a comment shows its original's text on its card, so it answers its original's versions.
 */
const postRevisions = preparedStatement<{ viewer: string; id: number }, { data: Revision[] }>(
  ({ viewer, id }) => sql`
    select ${revisionsJson(
      'post_revisions',
      'title',
      'post_id',
      sql`case when p.kind = 'share' and p.title is null then p.shared_post_id else p.id end`,
    )} as data
    from posts p where p.id = ${id} and ${visibleTo(viewer)}`,
);

export async function selectPostRevisions(db: Tx, viewerId: string, id: number): Promise<Revision[] | null> {
  const [row] = await postRevisions(db, { viewer: viewerId, id });
  return row ? row.data : null;
}

const commentRevisions = preparedStatement<{ viewer: string; id: number }, { data: Revision[] }>(
  ({ viewer, id }) => sql`
    select ${revisionsJson('comment_revisions', 'text', 'comment_id', sql`c.id`)} as data
    from comments c where c.id = ${id} and ${commentVisibleTo(viewer)}`,
);

export async function selectCommentRevisions(db: Tx, viewerId: string, id: number): Promise<Revision[] | null> {
  const [row] = await commentRevisions(db, { viewer: viewerId, id });
  return row ? row.data : null;
}
