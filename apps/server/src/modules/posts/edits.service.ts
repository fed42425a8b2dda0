import { type Comment, EDIT_MESSAGES, FEED_MESSAGES, type FeedItem, MESSAGES, type Revision } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { getItem, type VisibleItem, visibleItem } from '../items/items.service.ts';
import { News, recordCommentDeleted, recordTextEdited } from '../notifications/notifications.service.ts';
import { toComment } from './comments.service.ts';
import * as q from './edits.queries.ts';
import { selectAuthorOf } from './posts.queries.ts';

/*
 * ADR 028 "Edits": a member edits the text of their own posts, shares and comments, and deletes their own
 * comments and the comments on their own items. Whatever the viewer may not see answers 404, as if missing;
 * what they see but did not write answers 403 with the reason. Each edit keeps the version it replaces.
 */

const notFound = () => new AppError(404, MESSAGES.http.notFound);
const now = (ctx: AppContext) => new Date(ctx.clock.now());

/** The item, if the viewer may see it (404) and wrote it (403): the share's row for a share, not its original. */
export async function ownItem(ctx: AppContext, viewer: Viewer, id: number): Promise<VisibleItem> {
  const item = await visibleItem(ctx, viewer, id);
  if (item.userId !== viewer.user.id) throw new AppError(403, EDIT_MESSAGES.notYourPost);
  return item;
}

async function visibleComment(ctx: AppContext, viewer: Viewer, id: number) {
  const comment = await q.selectVisibleComment(ctx.db, viewer.user.id, id);
  if (!comment) throw notFound();
  return comment;
}

/**
 * PATCH /posts/{id}: a post's text, or a share's comment. An event has its own form (PATCH /events/{id}); a
 * share without a comment has no text of its own; a post keeps text or photos, a share its comment. The same
 * text again changes nothing and keeps no revision.
 */
export async function editPost(ctx: AppContext, viewer: Viewer, id: number, input: string): Promise<FeedItem> {
  const item = await ownItem(ctx, viewer, id);
  if (item.kind === 'event') throw new AppError(400, EDIT_MESSAGES.eventEditedOnItsPage);
  const title = input.trim();
  await ctx.limiter.consume(['editsPerMember', viewer.user.id]);
  const originalAuthor =
    item.kind === 'share' && item.sharedPostId ? await selectAuthorOf(ctx.db, item.sharedPostId) : null;
  await ctx.db.transaction(async (tx) => {
    const current = await q.lockOwnPost(tx, viewer.user.id, id);
    if (!current) throw notFound();
    if (current.kind === 'share' && current.title === null) throw new AppError(400, EDIT_MESSAGES.shareWithoutComment);
    if (!title && current.kind === 'share') throw blank(EDIT_MESSAGES.shareCommentEmpty);
    if (!title && !current.has_images) throw blank(FEED_MESSAGES.postEmpty);
    if ((current.title ?? '') === title) return;
    await q.replacePostTitle(tx, id, { title: title || null, at: now(ctx) });
    // The original's author was told of the share with its comment: the bell quotes the new one.
    if (originalAuthor) await recordTextEdited(tx, { ownerId: originalAuthor, cause: `share:${id}`, text: title });
  });
  return getItem(ctx, viewer, id);
}

const blank = (message: string) => new AppError(422, message, { title: [message] });

/** PATCH /comments/{id}: one's own comment's text; the same text again changes nothing. */
export async function editComment(ctx: AppContext, viewer: Viewer, id: number, input: string): Promise<Comment> {
  const comment = await visibleComment(ctx, viewer, id);
  if (comment.userId !== viewer.user.id) throw new AppError(403, EDIT_MESSAGES.notYourComment);
  const text = input.trim();
  await ctx.limiter.consume(['editsPerMember', viewer.user.id]);
  await ctx.db.transaction(async (tx) => {
    const current = await q.lockOwnComment(tx, viewer.user.id, id);
    if (!current) throw notFound();
    if (current.text === text) return;
    await q.replaceCommentText(tx, id, { text, at: now(ctx) });
    await recordTextEdited(tx, { ownerId: comment.postUserId, cause: `comment:${id}`, text });
  });
  const row = await q.selectComment(ctx.db, id);
  if (!row) throw notFound();
  return toComment(row);
}

/**
 * DELETE /comments/{id}: by its author, or by the author of the item it is on. It leaves the thread and the
 * item's count in one transaction, and the bell of the item's author with it.
 */
export async function deleteComment(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const comment = await visibleComment(ctx, viewer, id);
  if (comment.userId !== viewer.user.id && comment.postUserId !== viewer.user.id)
    throw new AppError(403, EDIT_MESSAGES.cannotDeleteComment);
  const news = new News();
  await ctx.db.transaction(async (tx) => {
    if (!(await q.softDeleteComment(tx, id, now(ctx)))) throw notFound();
    await recordCommentDeleted(tx, news, { ownerId: comment.postUserId, commentId: id });
  });
  await news.send(ctx);
}

/** GET /posts/{id}/revisions: the earlier versions, newest first, for whoever may see the item. */
export async function postRevisions(ctx: AppContext, viewer: Viewer, id: number): Promise<Revision[]> {
  const revisions = await q.selectPostRevisions(ctx.db, viewer.user.id, id);
  if (!revisions) throw notFound();
  return revisions;
}

/** GET /comments/{id}/revisions: as for posts, for whoever may see the comment. */
export async function commentRevisions(ctx: AppContext, viewer: Viewer, id: number): Promise<Revision[]> {
  const revisions = await q.selectCommentRevisions(ctx.db, viewer.user.id, id);
  if (!revisions) throw notFound();
  return revisions;
}
