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
 * share). Trust and safety (ADR 028, "Visibility") narrows it: never a removed item; a held one only to its
 * author and staff; nothing of a suspended author; nothing across a block, either way.
 */
export function visibleTo(viewerId: ViewerRef, alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(${ownVisible(viewerId, p)} and ${originalVisible(viewerId, p)})`;
}

/**
 * `visibleTo` for an item whose author is already known to be the viewer or a friend of the viewer
 * whom `authorShown` lets through (the per-friend timeline plan checks its authors once, outside the
 * per-author walks): only the item's own deletion, removal or hold and, for a share, its original
 * remain. Being a plain filter, it keeps each
 * per-author index walk in order, so the walk stops after a page of rows instead of reading them all.
 */
export function visibleFromKnownAuthor(viewerId: ViewerRef, alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.deleted_at is null and ${notModerated(viewerId, p)} and ${originalVisible(viewerId, p)})`;
}

/**
 * The author checks `visibleFromKnownAuthor` leaves to its caller, for a member row `u` (alias): live, not
 * suspended, and no block either way with the viewer.
 */
export function authorShown(viewerId: ViewerRef, alias = 'u'): SQL {
  const u = sql.raw(alias);
  return sql`(${u}.deleted_at is null and ${notSuspended(u)} and ${notBlocked(viewerId, sql`${u}.id`)})`;
}

/**
 * No block between the viewer and a member, in either direction: a block hides each from the other everywhere
 * (profiles, search, suggestions, lists, notifications), as if missing. Two primary-key probes.
 */
export function notBlocked(viewerId: ViewerRef, memberId: SQL): SQL {
  return sql`(not exists (select 1 from blocks vbk where vbk.blocker_id = ${viewerId} and vbk.blocked_id = ${memberId})
    and not exists (select 1 from blocks vbd where vbd.blocker_id = ${memberId} and vbd.blocked_id = ${viewerId}))`;
}

/** The viewer did not mute the member: a mute takes the muted member off the muter's timeline and bell only. */
export function notMuted(viewerId: ViewerRef, memberId: SQL): SQL {
  return sql`not exists (select 1 from mutes vmu where vmu.muter_id = ${viewerId} and vmu.muted_id = ${memberId})`;
}

/**
 * The timeline's mute rule for an item of `alias`: neither its author nor, for a share, the original's author
 * is muted by the viewer. Not part of `visibleTo`: a muted member's items stay on their profile and by link.
 */
export function notMutedItem(viewerId: ViewerRef, alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(${notMuted(viewerId, sql`${p}.user_id`)} and (${p}.shared_post_id is null or not exists (
    select 1 from posts vmo join mutes vmm on vmm.muted_id = vmo.user_id
    where vmo.id = ${p}.shared_post_id and vmm.muter_id = ${viewerId})))`;
}

/**
 * A comment `c` (alias) as its thread shows it, apart from its writer and its item (the callers join those, and
 * ask `authorShown` of the writer): not deleted or removed, held for review only to its writer and staff.
 */
export function commentShown(viewerId: ViewerRef, alias = 'c'): SQL {
  const c = sql.raw(alias);
  return sql`(${c}.deleted_at is null and ${c}.removed_at is null
    and (${c}.held_at is null or ${c}.user_id = ${viewerId} or ${isStaff(viewerId)}))`;
}

/**
 * The event `p` (alias) matches the viewer's interests (architecture, "Home timeline"): one of its event types or
 * its association is one of theirs. Asked of each event by index probes (its types, its association, against the
 * viewer's few), each a scalar subquery with LIMIT 1 that PostgreSQL cannot turn into the set of every event
 * matching them: as a hashed subplan it read 12,500 events' rows at 100,000 events, for a page of 10.
 */
export function matchesInterests(viewerId: ViewerRef, alias = 'p'): SQL {
  const p = sql.raw(alias);
  // The viewer's interests are read once (uncorrelated: an InitPlan), each event's by its primary key.
  return sql`coalesce(
    (select true from event_event_types vit where vit.post_id = ${p}.id
       and vit.event_type_id = any (array(select vut.event_type_id from user_event_types vut where vut.user_id = ${viewerId}))
     limit 1)
    or (select true from event_associations via where via.post_id = ${p}.id
          and via.association_id = any (array(select vua.association_id from user_associations vua where vua.user_id = ${viewerId}))
        limit 1),
    false)`;
}

/** A moderator or an admin: they see items held for review (ADR 028). */
export function isStaff(viewerId: ViewerRef): SQL {
  return sql`exists (select 1 from users vst where vst.id = ${viewerId} and vst.role <> 'member')`;
}

/** Not suspended now (a suspension hides the member's content until it ends or is lifted). */
const notSuspended = (u: SQL) => sql`(${u}.suspended_until is null or ${u}.suspended_until <= now())`;

/**
 * What moderation leaves of an item `a`: never a removed one (moderators see it in the queue, from its
 * snapshot), a held one only to its author and staff.
 */
const notModerated = (viewerId: ViewerRef, a: SQL) =>
  sql`${a}.removed_at is null and (${a}.held_at is null or ${a}.user_id = ${viewerId} or ${isStaff(viewerId)})`;

/**
 * The item itself: not deleted, removed or held (but to its author and staff), by a live author, neither
 * suspended nor blocked either way, whom the viewer is, befriends, or who is public (not a private event).
 */
function ownVisible(viewerId: ViewerRef, a: SQL): SQL {
  return sql`
    ${a}.deleted_at is null and ${notModerated(viewerId, a)} and exists (
      select 1 from users au where au.id = ${a}.user_id and ${authorShown(viewerId, 'au')} and (
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
