import { type BlockedMember, MESSAGES, type MeBlocksResponse, MODERATION_MESSAGES } from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { conversationOfPairChanged } from '../conversations/conversations.service.ts';
import { endTiesOnBlock } from '../friends/friends.service.ts';
import { cancelBookingsOnBlock } from '../haul/bookings.service.ts';
import { News } from '../notifications/notifications.service.ts';
import {
  deleteBlock,
  deleteMute,
  insertBlock,
  insertMute,
  type ListedMember,
  type NamedMember,
  selectBlockable,
  selectBlocksAndMutes,
  selectMutable,
} from './safety.queries.ts';

/*
 * Blocks and mutes (docs/decisions/028-trust-and-safety.md). The rows are all this module writes; what they
 * hide is asked where each thing is read: items.policy.ts (`visibleTo`, `notBlocked`, `notMutedItem`) for
 * items, comments, profiles, search, suggestions and notifications, the friends module for requests.
 */

const notFound = () => new AppError(404, MESSAGES.http.notFound);
const now = (ctx: AppContext) => new Date(ctx.clock.now());
const nameOf = (member: NamedMember) => `${member.first_name} ${member.last_name}`.trim();

/** Neither call may name the viewer; both count against the member's blocks budget. */
async function guard(ctx: AppContext, viewer: Viewer, memberId: string) {
  if (memberId === viewer.user.id) throw new AppError(400, MODERATION_MESSAGES.cannotBlockSelf);
  await ctx.limiter.consume(['blocksPerMember', viewer.user.id]);
}

/**
 * POST /users/:id/block. In one transaction: the block, the end of the pair's friendship and of pending
 * requests either way (with their notifications and the live events an unfriend and a decline send),
 * each one's follows of the other's events, and their live hauling bookings with each other. Blocking again changes nothing. A member who blocked the viewer
 * answers 404, as if missing.
 */
export async function block(ctx: AppContext, viewer: Viewer, memberId: string) {
  await guard(ctx, viewer, memberId);
  const news = new News();
  const member = await ctx.db.transaction(async (tx) => {
    const found = await selectBlockable(tx, viewer.user.id, memberId);
    if (!found) throw notFound();
    if (await insertBlock(tx, viewer.user.id, memberId, now(ctx))) {
      await endTiesOnBlock(tx, news, viewer.user.id, memberId);
      await cancelBookingsOnBlock(tx, news, viewer.user.id, memberId, now(ctx));
    }
    return found;
  });
  await news.send(ctx);
  // Their conversation, if any, turns read-only for both at once (ADR 029).
  await conversationOfPairChanged(ctx, viewer.user.id, memberId);
  return { status: true as const, message: MODERATION_MESSAGES.blocked(nameOf(member)), is_blocked: true };
}

/** DELETE /users/:id/block: what was hidden shows again; the friendship and follows that ended stay ended. */
export async function unblock(ctx: AppContext, viewer: Viewer, memberId: string) {
  await guard(ctx, viewer, memberId);
  const member = await ctx.db.transaction(async (tx) => {
    const found = await selectBlockable(tx, viewer.user.id, memberId);
    if (!found) throw notFound();
    await deleteBlock(tx, viewer.user.id, memberId);
    return found;
  });
  await conversationOfPairChanged(ctx, viewer.user.id, memberId);
  return { status: true as const, message: MODERATION_MESSAGES.unblocked(nameOf(member)), is_blocked: false };
}

/** POST /users/:id/mute: silently, their posts and shares leave the viewer's timeline and their notifications the bell. */
export async function mute(ctx: AppContext, viewer: Viewer, memberId: string) {
  await guard(ctx, viewer, memberId);
  const member = await ctx.db.transaction(async (tx) => {
    const found = await selectMutable(tx, viewer.user.id, memberId, { orMuted: false });
    if (!found) throw notFound();
    await insertMute(tx, viewer.user.id, memberId, now(ctx));
    return found;
  });
  return { status: true as const, message: MODERATION_MESSAGES.muted(nameOf(member)), is_muted: true };
}

/** DELETE /users/:id/mute. */
export async function unmute(ctx: AppContext, viewer: Viewer, memberId: string) {
  await guard(ctx, viewer, memberId);
  const member = await ctx.db.transaction(async (tx) => {
    const found = await selectMutable(tx, viewer.user.id, memberId, { orMuted: true });
    if (!found) throw notFound();
    await deleteMute(tx, viewer.user.id, memberId);
    return found;
  });
  return { status: true as const, message: MODERATION_MESSAGES.unmuted(nameOf(member)), is_muted: false };
}

const toBlockedMember = (row: ListedMember): BlockedMember => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  avatar: row.avatar,
  since: row.since,
});

/** GET /me/blocks: the members the viewer blocked and muted, newest first (one statement). */
export async function blocksAndMutes(ctx: AppContext, viewer: Viewer): Promise<MeBlocksResponse> {
  const { blocked, muted } = await selectBlocksAndMutes(ctx.db, viewer.user.id);
  return { blocked: blocked.map(toBlockedMember), muted: muted.map(toBlockedMember) };
}
