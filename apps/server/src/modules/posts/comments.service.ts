import { type Comment, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { byTimeAndId, keysetPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { visibleItem } from '../items/items.service.ts';
import { News, recordComment } from '../notifications/notifications.service.ts';
import { type CommentRow, insertComment, selectComments } from './posts.queries.ts';

const PAGE = 20;

export function toComment(row: CommentRow): Comment {
  const image = row.image ?? USER_PLACEHOLDER_IMAGE;
  return {
    id: row.id,
    text: row.text,
    timestamp: row.created_at,
    user: {
      id: row.user_id,
      first_name: row.first_name,
      last_name: row.last_name,
      avatar: row.image,
      name: `${row.first_name} ${row.last_name}`.trim(),
      image,
    },
    edited_at: row.edited_at,
    moderation_state: row.moderation_state,
  };
}

/** A page of comments, oldest first: the visibility check and the page, two statements. */
export async function listComments(ctx: AppContext, viewer: Viewer, postId: number, cursor: string | undefined) {
  await visibleItem(ctx, viewer, postId);
  return keysetPage({ cursor }, ({ after, limit }) => selectComments(ctx.db, viewer.user.id, postId, after, limit), {
    size: PAGE,
    key: byTimeAndId,
    keyOf: (row) => ({ at: row.created_at, id: row.id }),
    toItems: (rows) => rows.map(toComment),
  });
}

export async function addComment(ctx: AppContext, viewer: Viewer, postId: number, text: string): Promise<Comment> {
  const item = await visibleItem(ctx, viewer, postId);
  await ctx.limiter.consume(['contentPerMember', viewer.user.id]);
  const news = new News();
  const at = new Date(ctx.clock.now());
  const id = await ctx.db.transaction(async (tx) => {
    const commentId = await insertComment(tx, postId, viewer.user.id, text, at);
    await recordComment(tx, news, { commenterId: viewer.user.id, ownerId: item.userId, postId, commentId, text, at });
    return commentId;
  });
  await news.send(ctx);
  const u = viewer.user;
  return toComment({
    id,
    text,
    created_at: new Date(ctx.clock.now()).toISOString(),
    user_id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    image: u.image,
    edited_at: null,
    moderation_state: null,
  });
}
