import { FEED_MESSAGES, type FeedItem, type LikeResponse, MESSAGES } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { getItem, visibleItem } from '../items/items.service.ts';
import { deleteStoredImage, type LiveImageCheck, type StoredImage, storeImage } from '../media/media.service.ts';
import { News, recordItemDeleted, recordLike, recordShare } from '../notifications/notifications.service.ts';
import { ownItem } from './edits.service.ts';
import * as q from './posts.queries.ts';

/** GET /posts/:id answers the item as the items module shows it. */
export { getItem };

const notFound = () => new AppError(404, MESSAGES.http.notFound);
const now = (ctx: AppContext) => new Date(ctx.clock.now());

/** A post with text and up to 10 photos: the photos are processed first, the rows written in one transaction. */
export async function createPost(
  ctx: AppContext,
  viewer: Viewer,
  input: { title: string; files: Buffer[] },
): Promise<FeedItem> {
  const title = input.title.trim();
  if (!title && input.files.length === 0)
    throw new AppError(422, FEED_MESSAGES.postEmpty, { title: [FEED_MESSAGES.postEmpty] });
  await ctx.limiter.consume(
    ['contentPerMember', viewer.user.id],
    ...input.files.map(() => ['mediaUploadsPerMember', viewer.user.id] as const),
  );
  const stored: StoredImage[] = [];
  try {
    for (const file of input.files) stored.push(await storeImage(ctx, file));
    const id = await ctx.db.transaction((tx) => q.insertPost(tx, viewer.user.id, title || null, stored, now(ctx)));
    return await getItem(ctx, viewer, id);
  } catch (error) {
    // Nothing is left behind: the photos of a post that was not written are deleted again.
    await Promise.all(stored.map((image) => deleteStoredImage(ctx, image.storageKey)));
    throw error;
  }
}

/**
 * DELETE /posts/{id}: the author's post, event or share leaves every list and count at once: a share stops
 * counting on its original, and what was said about the item (its likes, comments and shares, the share
 * itself) leaves the bells it was in. Like an edit: 404 for what the viewer may not see, 403 for another's.
 */
export async function deletePost(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await ownItem(ctx, viewer, id);
  const news = new News();
  const keys = await ctx.db.transaction(async (tx) => {
    const deleted = await q.softDeleteOwnPost(tx, viewer.user.id, id, now(ctx));
    if (!deleted) throw notFound();
    await recordItemDeleted(tx, news, { postId: id });
    return q.imageKeysOf(tx, id);
  });
  await news.send(ctx);
  await Promise.all(keys.map((key) => deleteStoredImage(ctx, key)));
}

export async function toggleLike(ctx: AppContext, viewer: Viewer, id: number): Promise<LikeResponse> {
  const item = await visibleItem(ctx, viewer, id);
  const news = new News();
  const answer = await ctx.db.transaction(async (tx) => {
    const outcome = await q.toggleLike(tx, id, viewer.user.id, now(ctx));
    if (outcome.changed)
      await recordLike(tx, news, {
        likerId: viewer.user.id,
        ownerId: item.userId,
        postId: id,
        liked: outcome.is_liked,
        at: now(ctx),
      });
    return { is_liked: outcome.is_liked, likes_count: outcome.likes_count };
  });
  await news.send(ctx);
  return answer;
}

export async function shareItem(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  comment: string | undefined,
): Promise<FeedItem> {
  const item = await visibleItem(ctx, viewer, id);
  // Sharing a share shares its original.
  const originalId = item.kind === 'share' && item.sharedPostId ? item.sharedPostId : item.id;
  await ctx.limiter.consume(['contentPerMember', viewer.user.id]);
  const news = new News();
  const text = comment?.trim() || null;
  const shareId = await ctx.db.transaction(async (tx) => {
    const id = await q.insertShare(tx, viewer.user.id, originalId, text, now(ctx));
    const ownerId = originalId === item.id ? item.userId : await q.selectAuthorOf(tx, originalId);
    if (ownerId)
      await recordShare(tx, news, {
        sharerId: viewer.user.id,
        ownerId,
        postId: originalId,
        shareId: id,
        comment: text,
        at: now(ctx),
      });
    return id;
  });
  await news.send(ctx);
  return getItem(ctx, viewer, shareId);
}

/** A member's account is being deleted: what they liked, commented on and shared stops counting them now. */
export async function forgetInteractionsOf(tx: Tx, userId: string): Promise<void> {
  await q.subtractInteractionsOf(tx, userId);
}

/**
 * Whether a stored image may still be served: its post and its author are live. A deleted member's photos
 * answer 404 at once; the purge removes the files later.
 */
export const isLiveImage: LiveImageCheck = (ctx, { storageKey }) => q.selectImageIsLive(ctx.db, storageKey);
