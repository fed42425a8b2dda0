import {
  isFullName,
  LIMITS,
  MESSAGES,
  type MeResponse,
  type PagedFeed,
  type PageQuery,
  type Profile,
  type ProfileCounts,
  type updateMeRequestSchema,
} from '@corral/contract';
import type { z } from 'zod';
import type { MediaStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserRow, Viewer } from '../../lib/viewer.ts';
import { toCurrentUser } from '../auth/auth.mapper.ts';
import { dropFollowsNoLongerSeen } from '../events/events.service.ts';
import { itemPage } from '../items/items.service.ts';
import { deleteStoredImage, type LiveImageCheck, type StoredImage, storeImage } from '../media/media.service.ts';
import { toProfile } from './profiles.mapper.ts';
import {
  type MemberChanges,
  selectAvatarIsLive,
  selectMemberForUpdate,
  selectMemberPage,
  selectProfile,
  selectProfileAccess,
  updateMember,
} from './profiles.queries.ts';

/** Missing, deleted and hidden answer alike, byte for byte, so private profiles cannot be probed. */
const notFound = () => new AppError(404, MESSAGES.http.notFound);
const now = (ctx: AppContext) => new Date(ctx.clock.now());

/** GET /users/:id: who the member is, how the viewer stands with them, and their counts when allowed. */
export async function profile(ctx: AppContext, viewer: Viewer, memberId: string): Promise<Profile> {
  const row = await selectProfile(ctx.db, viewer.user.id, memberId);
  if (!row) throw notFound();
  return toProfile(row);
}

/** GET /user/get/:id (spec "Profile counts"): the counts object, or 404 when the viewer may not see it. */
export async function profileCounts(ctx: AppContext, viewer: Viewer, memberId: string): Promise<ProfileCounts> {
  const shown = await profile(ctx, viewer, memberId);
  if (!shown.counts) throw notFound();
  return shown.counts;
}

/**
 * GET /user/posts-and-events/:id: the member's own posts, events and shares, newest first, as the
 * timeline's cards, never an item the viewer may not see. Two statements: may the viewer see the profile
 * (404 otherwise), then the page, hydrated. `page` (OFFSET) stays for clients written against the spec.
 */
export function memberItems(ctx: AppContext, viewer: Viewer, memberId: string, query: PageQuery): Promise<PagedFeed> {
  const size = LIMITS.timelinePageSize;
  // A bad cursor is a 400 before the profile is looked at (keysetPage reads it first).
  return itemPage(ctx, query, size, async ({ after, offset }) => {
    if ((await selectProfileAccess(ctx.db, viewer.user.id, memberId)) !== 'visible') throw notFound();
    return selectMemberPage(ctx.db, viewer.user.id, memberId, after, size, offset);
  });
}

const answer = (user: UserRow, viewer: Viewer): MeResponse => ({
  user: toCurrentUser(user, viewer.token),
  is_private: user.isPrivate,
  message_policy: user.messagePolicy,
});

/** GET /me: the member's own settings (names, privacy, who may message them), as PATCH /me answers them. */
export const me = (viewer: Viewer): MeResponse => answer(viewer.user, viewer);

/**
 * PATCH /me: the member's names (sign-up's rules, checked together with the name kept when only one is
 * sent), whether the account is private and who may start a conversation with the member (ADR 029). Only
 * these fields are read.
 */
export async function updateMe(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof updateMeRequestSchema>,
): Promise<MeResponse> {
  const changes: MemberChanges = {};
  if (input.first_name !== undefined || input.last_name !== undefined) {
    const firstName = input.first_name ?? viewer.user.firstName;
    const lastName = input.last_name ?? viewer.user.lastName;
    if (!isFullName(firstName, lastName))
      throw new AppError(422, MESSAGES.signUp.nameRequired, { first_name: [MESSAGES.signUp.nameRequired] });
    Object.assign(changes, { firstName, lastName, name: `${firstName} ${lastName}`.trim() });
  }
  if (input.is_private !== undefined) changes.isPrivate = input.is_private;
  if (input.message_policy !== undefined) changes.messagePolicy = input.message_policy;
  if (Object.keys(changes).length === 0) return answer(viewer.user, viewer);
  const user = await ctx.db.transaction(async (tx) => {
    const updated = await updateMember(tx, viewer.user.id, changes, now(ctx));
    // Made private: non-friends may no longer see the member's events, so their follows go (ADR 025).
    if (updated && changes.isPrivate) await dropFollowsNoLongerSeen(tx, { ownerId: viewer.user.id });
    return updated;
  });
  if (!user) throw notFound();
  return answer(user, viewer);
}

/** A stored image's storage key from the URL a member's `image` holds, when it is one of ours. */
function storedKeyOf(ctx: AppContext, url: string | null): string | null {
  const match = url ? /(i\/[0-9a-f]{32})\/(\d+)\.webp$/.exec(url) : null;
  if (!match?.[1] || ctx.storage.publicUrl(`${match[1]}/${match[2]}.webp`) !== url) return null;
  return match[1];
}

/**
 * The URL a profile photo is shown from: the smallest variant (320 px wide, or the photo's own width when
 * narrower), enough for the largest avatar on screen at twice its CSS size. `users.image` holds this URL,
 * as every reader of the member row (sessions, feed items, friends, comments) shows it as it stands.
 */
export const avatarUrl = (storage: MediaStorage, image: StoredImage) =>
  storage.publicUrl(`${image.storageKey}/${Math.min(...image.variantWidths)}.webp`);

/**
 * POST /me/avatar: the photo goes through the image pipeline (bytes checked, metadata stripped, WebP
 * variants under a random key) and becomes the member's; the photo it replaces is deleted once the new one
 * is saved. Counted against the member's media uploads.
 */
export async function uploadAvatar(ctx: AppContext, viewer: Viewer, bytes: Buffer): Promise<MeResponse> {
  await ctx.limiter.consume(['mediaUploadsPerMember', viewer.user.id]);
  const stored = await storeImage(ctx, bytes);
  let replaced: string | null;
  let user: UserRow | undefined;
  try {
    ({ replaced, user } = await ctx.db.transaction(async (tx) => {
      const before = await selectMemberForUpdate(tx, viewer.user.id);
      if (!before) throw notFound();
      const after = await updateMember(tx, viewer.user.id, { image: avatarUrl(ctx.storage, stored) }, now(ctx));
      return { replaced: storedKeyOf(ctx, before.image), user: after };
    }));
  } catch (error) {
    await deleteStoredImage(ctx, stored.storageKey);
    throw error;
  }
  if (replaced) await deleteStoredImage(ctx, replaced);
  if (!user) throw notFound();
  return answer(user, viewer);
}

/** Whether the media key (`i/<key>/<width>.webp`) is a live member's profile photo (GET /media serves it). */
export const isLiveAvatar: LiveImageCheck = (ctx, { mediaKey }) =>
  selectAvatarIsLive(ctx.db, ctx.storage.publicUrl(mediaKey));
