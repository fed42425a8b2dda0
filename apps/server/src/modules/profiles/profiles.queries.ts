import type { MessagePolicy } from '@corral/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import {
  literal,
  type Param,
  type Placeholders,
  preparedStatement,
  preparedStatements,
  type Tx,
  utcText,
} from '../../db/sql.ts';
import type { Keyset } from '../../lib/keyset.ts';
import type { UserRow } from '../../lib/viewer.ts';
import { haulRecordJson } from '../haul/haul-record.ts';
import { type HydratedRow, hydrated } from '../items/items.hydrate.ts';
import { notBlocked, visibleTo } from '../items/items.policy.ts';

/** A live member as the viewer stands with them, with the counts their profile shows. */
export interface ProfileRow {
  id: string;
  first_name: string;
  last_name: string;
  image: string | null;
  is_private: boolean;
  is_self: boolean;
  is_friend: boolean;
  /** The pending request the viewer sent them, or the one they sent the viewer. */
  sent_request_id: string | null;
  received_request_id: string | null;
  is_muted: boolean;
  event_count: number;
  friends_count: number;
  mutual_count: number;
  /** The hauling board's record (ADR 030), worked out when the counts are. */
  hauling: {
    completed_hauls: number;
    rating: number | string | null;
    reviews_count: number;
    late_cancellations: number;
  } | null;
}

/** Whether the viewer is the member or one of their friends: the SQL twin of profiles.policy.ts. */
const isSelfOrFriend = (viewer: Param<string>) => sql`(u.id = ${viewer}
  or exists (select 1 from friendships vf where vf.user_id = ${viewer} and vf.friend_id = u.id))`;

/**
 * One member's profile for one viewer, in one statement: who they are, how the viewer stands with them
 * (self, friends, a pending request either way) and their counts (events the viewer may see, live friends,
 * live friends the two share). The counts are worked out only when the viewer may see them (a public
 * profile, or the viewer is the member or a friend); otherwise they come back 0 and the service shows none.
 * No row for a missing or deleted member.
 */
/**
 * Members others may find (live, onboarded, phone verified, no block either way: ADR 028), and oneself
 * whatever the setup steps.
 */
const findable = (viewer: Param<string>) =>
  sql`u.deleted_at is null and (u.id = ${viewer} or (u.is_onboard and u.phone_number_verified
    and ${notBlocked(viewer, sql`u.id`)}))`;

const profileOf = preparedStatement<{ viewer: string; id: string }, ProfileRow>(
  ({ viewer, id }) => sql`
    select u.id, u.first_name, u.last_name, u.image, u.is_private,
      u.id = ${viewer} as is_self,
      exists (select 1 from friendships f where f.user_id = ${viewer} and f.friend_id = u.id) as is_friend,
      (select r.id from friend_requests r where r.sender_id = ${viewer} and r.recipient_id = u.id) as sent_request_id,
      (select r.id from friend_requests r where r.sender_id = u.id and r.recipient_id = ${viewer}) as received_request_id,
      exists (select 1 from mutes m where m.muter_id = ${viewer} and m.muted_id = u.id) as is_muted,
      case when not u.is_private or ${isSelfOrFriend(viewer)} then (
        select count(*)::int from posts p
        where p.user_id = u.id and p.kind = 'event' and p.deleted_at is null and ${visibleTo(viewer)}
      ) else 0 end as event_count,
      case when not u.is_private or ${isSelfOrFriend(viewer)} then (
        select count(*)::int from friendships f join users fu on fu.id = f.friend_id and fu.deleted_at is null
        where f.user_id = u.id
      ) else 0 end as friends_count,
      case when u.id <> ${viewer} and (not u.is_private or ${isSelfOrFriend(viewer)}) then (
        select count(*)::int from friendships a
        join friendships b on b.user_id = u.id and b.friend_id = a.friend_id
        join users m on m.id = a.friend_id and m.deleted_at is null
        where a.user_id = ${viewer}
      ) else 0 end as mutual_count,
      case when not u.is_private or ${isSelfOrFriend(viewer)} then ${haulRecordJson(sql`u.id`)} end as hauling
    from users u
    where u.id = ${id} and ${findable(viewer)}`,
);

export async function selectProfile(db: Tx, viewerId: string, memberId: string): Promise<ProfileRow | undefined> {
  const [row] = await profileOf(db, { viewer: viewerId, id: memberId });
  return row;
}

const profileAccess = preparedStatement<{ viewer: string; id: string }, { visible: boolean }>(
  ({ viewer, id }) => sql`
    select not u.is_private or ${isSelfOrFriend(viewer)} as visible
    from users u where u.id = ${id} and ${findable(viewer)}`,
);

/**
 * Whether the viewer may see a member's posts and events: 'visible', 'hidden' (a private profile of
 * someone not a friend) or 'missing' (no such live member). The callers answer 404 for both of the last.
 */
export async function selectProfileAccess(
  db: Tx,
  viewerId: string,
  memberId: string,
): Promise<'visible' | 'hidden' | 'missing'> {
  const [row] = await profileAccess(db, { viewer: viewerId, id: memberId });
  if (!row) return 'missing';
  return row.visible ? 'visible' : 'hidden';
}

interface PageValues extends Record<string, unknown> {
  viewer: string;
  member: string;
  at: string;
  id: number;
  offset: number;
}
type PageShape = { withCursor: boolean; size: number; legacyOffset: boolean };

/**
 * A member's own rows (posts, events, shares) newest first, walked through `posts_user_sort_idx` in order
 * (`desc nulls last` to match it), keeping only what the viewer may see (items.policy.ts), then hydrated
 * like the timeline's pages: one statement. The page size is written in (generic plans, ADR 008).
 */
function buildMemberPage({ withCursor, size, legacyOffset }: PageShape, v: Placeholders<PageValues>) {
  const page = sql`
    select id, ${utcText(sql`p.sort_date`)} as sort_date, row_number() over (order by p.sort_date desc, p.id desc) as ord,
      count(*) over () as found
    from (
      select p.id, p.sort_date from posts p
      where p.user_id = ${v.member} and p.deleted_at is null
        ${withCursor ? sql`and (p.sort_date, p.id) < (${v.at}::timestamptz, ${v.id})` : sql``}
        and ${visibleTo(v.viewer)}
      order by p.sort_date desc nulls last, p.id desc nulls last
      limit ${literal(size + 1)} ${legacyOffset ? sql`offset ${v.offset}` : sql``}) p`;
  return hydrated(v.viewer, page, { limit: literal(size), checkVisible: false });
}

// ?page= (OFFSET, for clients written against the spec) is planned on each run with its values.
const memberPage = preparedStatements<PageShape, PageValues, HydratedRow>(buildMemberPage, (shape) => ({
  named: !shape.legacyOffset,
}));

/** Up to `size` hydrated rows of a member's page; `found` says whether there was one more. */
export function selectMemberPage(
  db: Tx,
  viewerId: string,
  memberId: string,
  cursor: Keyset | null,
  size: number,
  offset = 0,
): Promise<HydratedRow[]> {
  const shape: PageShape = { withCursor: cursor !== null, size, legacyOffset: offset > 0 };
  return memberPage(shape)(db, {
    viewer: viewerId,
    member: memberId,
    at: cursor?.at ?? '',
    id: cursor?.id ?? 0,
    offset,
  });
}

/** What PATCH /me and POST /me/avatar may write about the member themselves. */
export interface MemberChanges {
  firstName?: string;
  lastName?: string;
  /** better-auth's `name`: kept as the first and last name together. */
  name?: string;
  isPrivate?: boolean;
  /** Who may start a conversation with the member (docs/decisions/029-direct-messages.md). */
  messagePolicy?: MessagePolicy;
  image?: string;
}

/** Writes the changes and answers the member's row as it now is (undefined if the member is gone). */
export async function updateMember(
  db: Tx,
  userId: string,
  changes: MemberChanges,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** The member's row, locked until the transaction ends (two photo uploads at once replace one another in turn). */
export async function selectMemberForUpdate(db: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

const liveAvatar = preparedStatement<{ url: string }, { live: boolean }>(
  ({ url }) => sql`select exists (select 1 from users where image = ${url} and deleted_at is null) as live`,
);

/** Whether some live member's photo is the image at `url`. */
export async function selectAvatarIsLive(db: Tx, url: string): Promise<boolean> {
  const [row] = await liveAvatar(db, { url });
  return row?.live === true;
}
