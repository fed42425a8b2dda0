import { and, eq, isNull, sql } from 'drizzle-orm';
import { comments, likes, postImages, posts } from '../../db/schema.ts';
import {
  literal,
  type Placeholders,
  preparedStatement,
  preparedStatements,
  selectRows,
  type Tx,
  utcText,
} from '../../db/sql.ts';
import { authorShown, commentShown } from '../items/items.policy.ts';
import type { StoredImage } from '../media/media.service.ts';

export async function insertPost(
  tx: Tx,
  userId: string,
  title: string | null,
  images: StoredImage[],
  now: Date,
): Promise<number> {
  const [post] = await tx
    .insert(posts)
    .values({ userId, kind: 'post', title, sortDate: now, createdAt: now })
    .returning({ id: posts.id });
  if (!post) throw new Error('the post was not inserted');
  if (images.length > 0) {
    await tx.insert(postImages).values(images.map((image, position) => ({ postId: post.id, position, ...image })));
  }
  return post.id;
}

export async function softDeleteOwnPost(tx: Tx, userId: string, id: number, now: Date) {
  const [post] = await tx
    .update(posts)
    .set({ deletedAt: now })
    .where(and(eq(posts.id, id), eq(posts.userId, userId), isNull(posts.deletedAt)))
    .returning({ id: posts.id, sharedPostId: posts.sharedPostId });
  if (post?.sharedPostId) await bumpCounter(tx, post.sharedPostId, 'shares_count', -1);
  return post ?? null;
}

export async function imageKeysOf(tx: Tx, postId: number): Promise<string[]> {
  const rows = await tx.select({ key: postImages.storageKey }).from(postImages).where(eq(postImages.postId, postId));
  return rows.map((row) => row.key);
}

type Counter = 'likes_count' | 'comments_count' | 'shares_count';

async function bumpCounter(tx: Tx, postId: number, counter: Counter, delta: 1 | -1): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`update posts set ${sql.raw(counter)} = greatest(0, ${sql.raw(counter)} + ${delta}) where id = ${postId} returning ${sql.raw(counter)} as n`,
  );
  return Number(row?.n ?? 0);
}

/** Like, or unlike when already liked. The counter moves only with a row that really came or went. */
/** Likes or unlikes; `changed` is false when a concurrent toggle by the same member got there first. */
export async function toggleLike(tx: Tx, postId: number, userId: string, at: Date) {
  const inserted = await tx
    .insert(likes)
    .values({ postId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ postId: likes.postId });
  if (inserted.length > 0)
    return { is_liked: true, likes_count: await bumpCounter(tx, postId, 'likes_count', 1), changed: true };
  const removed = await tx
    .delete(likes)
    .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
    .returning({ postId: likes.postId });
  if (removed.length > 0)
    return { is_liked: false, likes_count: await bumpCounter(tx, postId, 'likes_count', -1), changed: true };
  // A concurrent unlike by the same member removed it first: already counted, nothing left to do.
  const [post] = await tx.select({ n: posts.likesCount }).from(posts).where(eq(posts.id, postId));
  return { is_liked: false, likes_count: post?.n ?? 0, changed: false };
}

/** Who wrote an item (null once it is deleted). */
export async function selectAuthorOf(tx: Tx, postId: number): Promise<string | null> {
  const [post] = await tx
    .select({ userId: posts.userId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  return post?.userId ?? null;
}

export async function insertComment(tx: Tx, postId: number, userId: string, text: string, now: Date): Promise<number> {
  const [row] = await tx
    .insert(comments)
    .values({ postId, userId, text, createdAt: now })
    .returning({ id: comments.id });
  await bumpCounter(tx, postId, 'comments_count', 1);
  if (!row) throw new Error('the comment was not inserted');
  return row.id;
}

export interface CommentRow {
  id: number;
  text: string;
  created_at: string;
  user_id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  edited_at: string | null;
  moderation_state: 'held' | 'removed' | null;
}

type CommentValues = { viewer: string; post: number; at: string; id: number };
const commentsPage = preparedStatements<{ after: boolean; limit: number }, CommentValues, CommentRow>(
  ({ after, limit }, v: Placeholders<CommentValues>) => sql`
    select c.id, c.text, ${utcText(sql`c.created_at`)} as created_at,
      u.id as user_id, u.first_name, u.last_name, u.image, ${utcText(sql`c.edited_at`, 'ms')} as edited_at,
      case when c.removed_at is not null then 'removed' when c.held_at is not null then 'held' end as moderation_state
    from comments c join users u on u.id = c.user_id
    where c.post_id = ${v.post} and ${commentShown(v.viewer)} and ${authorShown(v.viewer, 'u')}
      ${after ? sql`and (c.created_at, c.id) > (${v.at}::timestamptz, ${v.id})` : sql``}
    order by c.created_at, c.id limit ${literal(limit)}`,
);

/**
 * Oldest first, after the (created_at, id) cursor, as the viewer may see them: not deleted or removed, held
 * ones only to their writer and staff, none by a deleted or suspended member or across a block (ADR 028).
 */
export async function selectComments(
  db: Tx,
  viewerId: string,
  postId: number,
  after: { at: string; id: number } | null,
  limit: number,
) {
  const statement = commentsPage({ after: after !== null, limit });
  const rows = await statement(db, { viewer: viewerId, post: postId, at: after?.at ?? '', id: after?.id ?? 0 });
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function insertShare(
  tx: Tx,
  userId: string,
  originalId: number,
  comment: string | null,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(posts)
    .values({ userId, kind: 'share', title: comment, sharedPostId: originalId, sortDate: now, createdAt: now })
    .returning({ id: posts.id });
  await bumpCounter(tx, originalId, 'shares_count', 1);
  if (!row) throw new Error('the share was not inserted');
  return row.id;
}

/**
 * Takes a deleted member's likes, comments and shares out of the counters of what they touched, at once;
 * the rows themselves go with the purge, which does not count them again.
 */
export async function subtractInteractionsOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    update posts p set likes_count = greatest(0, p.likes_count - l.n)
    from (select post_id, count(*)::int as n from likes where user_id = ${userId} group by post_id) l
    where p.id = l.post_id`);
  await tx.execute(sql`
    update posts p set comments_count = greatest(0, p.comments_count - c.n)
    from (select post_id, count(*)::int as n from comments where user_id = ${userId} and deleted_at is null
          group by post_id) c
    where p.id = c.post_id`);
  await tx.execute(sql`
    update posts p set shares_count = greatest(0, p.shares_count - s.n)
    from (select shared_post_id as post_id, count(*)::int as n from posts
          where user_id = ${userId} and kind = 'share' and deleted_at is null and shared_post_id is not null
          group by shared_post_id) s
    where p.id = s.post_id`);
}

const liveImage = preparedStatement<{ key: string }, { live: boolean }>(
  ({ key }) => sql`
    select exists (select 1 from post_images pi join posts p on p.id = pi.post_id join users u on u.id = p.user_id
                   where pi.storage_key = ${key} and p.deleted_at is null and u.deleted_at is null) as live`,
);

/** Whether the image stored under `storageKey` belongs to a live post of a live member. */
export async function selectImageIsLive(db: Tx, storageKey: string): Promise<boolean> {
  const [row] = await liveImage(db, { key: storageKey });
  return row?.live === true;
}
