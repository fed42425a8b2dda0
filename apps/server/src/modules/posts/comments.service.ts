import { type Comment, USER_PLACEHOLDER_IMAGE } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { keysetPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { type CommentRow, insertComment, selectComments } from './posts.queries.ts';
import { visibleItem } from './posts.service.ts';

const PAGE = 20;

function toComment(row: CommentRow): Comment {
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
  };
}

/** A page of comments, oldest first: the visibility check and the page, two statements. */
export async function listComments(ctx: AppContext, viewer: Viewer, postId: number, cursor: string | undefined) {
  await visibleItem(ctx, viewer, postId);
  return keysetPage(
    cursor,
    PAGE,
    (after, limit) => selectComments(ctx.db, postId, after, limit),
    (row) => ({ at: row.created_at, id: row.id }),
    toComment,
  );
}

export async function addComment(ctx: AppContext, viewer: Viewer, postId: number, text: string): Promise<Comment> {
  await visibleItem(ctx, viewer, postId);
  await ctx.limiter.consume(['contentPerMember', viewer.user.id]);
  const id = await ctx.db.transaction((tx) =>
    insertComment(tx, postId, viewer.user.id, text, new Date(ctx.clock.now())),
  );
  const u = viewer.user;
  return toComment({
    id,
    text,
    created_at: new Date(ctx.clock.now()).toISOString(),
    user_id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    image: u.image,
  });
}
