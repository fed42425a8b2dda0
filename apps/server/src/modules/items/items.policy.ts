import { type SQL, sql } from 'drizzle-orm';
import type { Param } from '../../db/sql.ts';

/**
 * Whom the rule is asked about: a value (the viewer's id), or a column when one statement asks it for many
 * members at once (each follower of an event, each recipient of a notification).
 */
export type ViewerRef = Param<string> | SQL;

/**
 * Who may see what (architecture), as the one SQL condition every query about posts, events and shares
 * uses, in whichever module (the items module's SQL export, beside items.hydrate.ts). An item of `alias` is
 * visible to the viewer when it is not deleted, its author is not deleted, and the viewer is the author, a
 * friend of the author, or the author's profile is public and the item is not a private event. A share is
 * visible only if what it shares is visible too (a share always points at an original, never at another
 * share).
 */
export function visibleTo(viewerId: ViewerRef, alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(${ownVisible(viewerId, p)} and ${originalVisible(viewerId, p)})`;
}

/**
 * `visibleTo` for an item whose author is already known to be the viewer or a live friend of the
 * viewer (the per-friend timeline plan checks its authors once, outside the per-author walks): only
 * the item's own deletion and, for a share, its original remain. Being a plain filter, it keeps each
 * per-author index walk in order, so the walk stops after a page of rows instead of reading them all.
 */
export function visibleFromKnownAuthor(viewerId: ViewerRef, alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.deleted_at is null and ${originalVisible(viewerId, p)})`;
}

/** The item itself: not deleted, by a live author the viewer is, befriends, or who is public (not a private event). */
function ownVisible(viewerId: ViewerRef, a: SQL): SQL {
  return sql`
    ${a}.deleted_at is null and exists (
      select 1 from users au where au.id = ${a}.user_id and au.deleted_at is null and (
        au.id = ${viewerId}
        or exists (select 1 from friendships vf where vf.user_id = ${viewerId} and vf.friend_id = au.id)
        or (not au.is_private
            and not exists (select 1 from event_details ved where ved.post_id = ${a}.id and ved.is_private))))`;
}

/** Not a share, or a share whose original is visible. */
function originalVisible(viewerId: ViewerRef, p: SQL): SQL {
  return sql`(${p}.shared_post_id is null or exists (
    select 1 from posts vsp where vsp.id = ${p}.shared_post_id and ${ownVisible(viewerId, sql.raw('vsp'))}))`;
}
