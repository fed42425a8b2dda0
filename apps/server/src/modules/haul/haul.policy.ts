import type { HAUL_VISIBILITIES } from '@corral/contract';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/sql.ts';
import { notBlocked, type ViewerRef } from '../items/items.policy.ts';

export type HaulVisibility = (typeof HAUL_VISIBILITIES)[number];

/*
 * Who sees an offer or a request (docs/decisions/030-hauling-board.md, "Visibility"): its owner always; anyone
 * else only without a block either way, when the owner is a live member, and by the visibility's friendship
 * distance (the profile words: friends, friends of friends, everyone). Friends are the `friendships` rows the
 * friends module keeps (both directions); a friend of a friend is a live member both are friends with, as
 * conversations' "friends of friends" policy reads it. Blocks are items.policy's `notBlocked` (ADR 028).
 */

/** The rule as one SQL condition, for a viewer (value or column), an owner column and a visibility column. */
export function haulVisibleTo(viewerId: ViewerRef, ownerId: SQL, visibility: SQL): SQL {
  return sql`(${ownerId} = ${viewerId} or (
    exists (select 1 from users hvu where hvu.id = ${ownerId} and hvu.deleted_at is null
      and (hvu.suspended_until is null or hvu.suspended_until <= now()))
    and ${notBlocked(viewerId, ownerId)}
    and (${visibility} = 'everyone'
      or exists (select 1 from friendships hvf where hvf.user_id = ${viewerId} and hvf.friend_id = ${ownerId})
      or (${visibility} = 'friends_of_friends' and exists (
        select 1 from friendships hva
        join friendships hvb on hvb.user_id = ${ownerId} and hvb.friend_id = hva.friend_id
        join users hvm on hvm.id = hva.friend_id and hvm.deleted_at is null
        where hva.user_id = ${viewerId})))))`;
}

/** Whether the viewer may see a haul of `ownerId` with `visibility` (one statement). */
export async function canSeeHaul(db: Tx, viewerId: string, ownerId: string, visibility: HaulVisibility) {
  const [row] = await selectRows<{ ok: boolean }>(
    db,
    sql`select ${haulVisibleTo(viewerId, sql`${ownerId}::text`, sql`${visibility}::text`)} as ok`,
  );
  return row?.ok === true;
}
