import { sql } from 'drizzle-orm';
import { literal, preparedStatement, selectRows, type Tx, utcText } from '../../db/sql.ts';
import { notBlocked } from '../items/items.policy.ts';

/** Whom a block or a mute names, as its message says them. */
export interface NamedMember {
  first_name: string;
  last_name: string;
}

/** A member others may find (live, onboarded, phone verified): `u` is the member row. */
const findable = sql`u.deleted_at is null and u.is_onboard and u.phone_number_verified`;

/**
 * The member `memberId` as the viewer may block or unblock them: findable, and not hiding from the viewer
 * behind a block of their own (that member answers 404, as if missing; the viewer's own block does not hide
 * them from these calls, or nobody could unblock). Undefined otherwise.
 */
export async function selectBlockable(tx: Tx, viewerId: string, memberId: string): Promise<NamedMember | undefined> {
  const [row] = await selectRows<NamedMember>(
    tx,
    sql`select u.first_name, u.last_name from users u
      where u.id = ${memberId} and ${findable}
        and not exists (select 1 from blocks b where b.blocker_id = u.id and b.blocked_id = ${viewerId})`,
  );
  return row;
}

/**
 * The member `memberId` as the viewer may mute them: findable and no block either way; or, to unmute
 * (`muted`), already muted by the viewer whatever came since. Undefined otherwise (404).
 */
export async function selectMutable(
  tx: Tx,
  viewerId: string,
  memberId: string,
  { orMuted }: { orMuted: boolean },
): Promise<NamedMember | undefined> {
  const muted = sql`exists (select 1 from mutes m where m.muter_id = ${viewerId} and m.muted_id = u.id)`;
  const [row] = await selectRows<NamedMember>(
    tx,
    sql`select u.first_name, u.last_name from users u
      where u.id = ${memberId} and ${findable}
        and (${notBlocked(viewerId, sql`u.id`)} ${orMuted ? sql`or ${muted}` : sql``})`,
  );
  return row;
}

/** Answers whether the block is new (false: it was already there). */
export async function insertBlock(tx: Tx, blockerId: string, blockedId: string, at: Date): Promise<boolean> {
  const rows = await selectRows<{ blocker_id: string }>(
    tx,
    sql`insert into blocks (blocker_id, blocked_id, created_at) values (${blockerId}, ${blockedId}, ${at})
      on conflict do nothing returning blocker_id`,
  );
  return rows.length > 0;
}

export async function deleteBlock(tx: Tx, blockerId: string, blockedId: string): Promise<void> {
  await tx.execute(sql`delete from blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`);
}

export async function insertMute(tx: Tx, muterId: string, mutedId: string, at: Date): Promise<void> {
  await tx.execute(
    sql`insert into mutes (muter_id, muted_id, created_at) values (${muterId}, ${mutedId}, ${at}) on conflict do nothing`,
  );
}

export async function deleteMute(tx: Tx, muterId: string, mutedId: string): Promise<void> {
  await tx.execute(sql`delete from mutes where muter_id = ${muterId} and muted_id = ${mutedId}`);
}

export interface ListedMember {
  id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  since: string;
}

/**
 * The most members each list shows. Blocks and mutes are rate limited (blocksPerMember), so a list reaches
 * this only over years; the bound keeps the one statement small all the same.
 */
export const LISTED_MAX = 500;

/** The `table`'s rows of `viewer` (`by`) with the live members they name (`whom`), newest first, as JSON. */
const listed = (table: 'blocks' | 'mutes', by: string, whom: string, viewer: unknown) => sql`
  coalesce((select json_agg(x order by x.at desc, x.id) from (
    select u.id, u.first_name, u.last_name, u.image as avatar, ${utcText(sql`r.created_at`, 'ms')} as since,
      r.created_at as at
    from ${sql.raw(table)} r join users u on u.id = r.${sql.raw(whom)} and u.deleted_at is null
    where r.${sql.raw(by)} = ${viewer}
    order by r.created_at desc limit ${literal(LISTED_MAX)}) x), '[]'::json)`;

const blocksAndMutes = preparedStatement<{ viewer: string }, { blocked: ListedMember[]; muted: ListedMember[] }>(
  ({ viewer }) => sql`
    select ${listed('blocks', 'blocker_id', 'blocked_id', viewer)} as blocked,
      ${listed('mutes', 'muter_id', 'muted_id', viewer)} as muted`,
);

/** GET /me/blocks: whom the viewer blocked and muted, newest first, in one statement. */
export async function selectBlocksAndMutes(db: Tx, viewerId: string) {
  const [row] = await blocksAndMutes(db, { viewer: viewerId });
  return { blocked: row?.blocked ?? [], muted: row?.muted ?? [] };
}
