import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  type Conversation,
  type ConversationBox,
  type ConversationsResponse,
  type ConversationWithResponse,
  MESSAGES,
  type MessagesResponse,
  type OkResponse,
} from '@corral/contract';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { type CursorKey, decodeCursor, isRowId } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import { byTimeAndId, cutPage } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { deleteStoredImage, type LiveImageCheck } from '../media/media.service.ts';
import { pushConversation, pushRead, pushRemoved } from './conversations.live.ts';
import { toConversation, toMessage } from './conversations.mapper.ts';
import { DAY_MS, pairKey, startRefusal } from './conversations.policy.ts';
import * as q from './conversations.queries.ts';
import { startFactsOf } from './messages.service.ts';

/*
 * Direct messages (docs/decisions/029-direct-messages.md): the boxes, a conversation's messages, read markers,
 * accepting and removing conversations, and what other modules ask of them (the chat icon's counts, whether
 * a photo is served, the purge). Sending and deleting messages: messages.service.ts.
 */

export { deleteMessage, type SendOutcome, sendMessage, startConversation } from './messages.service.ts';

const now = (ctx: AppContext) => new Date(ctx.clock.now());
const conversationNotFound = () => new AppError(404, CONVERSATION_MESSAGES.notFound);

/** Messages page by id alone (ids grow with time): the cursor is the last id shown. */
const byMessageId: CursorKey<number> = {
  write: (id) => [id],
  read: ([id]) => (isRowId(id) ? id : null),
};

/**
 * The chat icon's counts: the member's listed conversations with unread messages, in the inbox and in requests
 * (one statement). The stream sends them with `ready`.
 */
export function messageUnreadCounts(ctx: AppContext, userId: string): Promise<q.UnreadCounts> {
  return q.selectUnreadCounts(ctx.db, userId);
}

/** GET /conversations?box=: a page of the box, newest activity first, with the unread counts (one statement). */
export async function listConversations(
  ctx: AppContext,
  viewer: Viewer,
  query: { box: ConversationBox; cursor?: string | undefined },
): Promise<ConversationsResponse> {
  const size = CONVERSATION_LIMITS.conversationsPageSize;
  const after = decodeCursor(query.cursor, byTimeAndId);
  const rows = await q.selectConversationPage(ctx.db, viewer.user.id, query.box, after, size + 1);
  const listed = rows.filter((row): row is q.ConversationPageRow & q.ConversationRow => row.id !== null);
  const page = cutPage(listed, {
    size,
    key: byTimeAndId,
    keyOf: (row) => ({ at: row.sort_at, id: Number(row.id) }),
    toItems: (items) => items.map((row) => toConversation(ctx.storage, row)),
  });
  return { ...page, unread: { inbox: rows[0]?.unread_inbox ?? 0, requests: rows[0]?.unread_requests ?? 0 } };
}

/**
 * GET /conversations/{id}/messages?cursor=: newest first, none the viewer cleared, with the conversation (one
 * statement). 404 for a conversation the viewer is not in, as for one that does not exist.
 */
export async function listMessages(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: number,
  cursor: string | undefined,
): Promise<MessagesResponse> {
  const size = CONVERSATION_LIMITS.messagesPageSize;
  const before = decodeCursor(cursor, byMessageId);
  const row = await q.selectMessagePage(ctx.db, viewer.user.id, conversationId, before, size + 1);
  if (!row) throw conversationNotFound();
  const page = cutPage(row.messages, {
    size,
    key: byMessageId,
    keyOf: (message) => Number(message.id),
    toItems: (messages) => messages.map((message) => toMessage(ctx.storage, message, viewer.user.id)),
  });
  return { ...page, conversation: toConversation(ctx.storage, row) };
}

/**
 * GET /conversations/with/{user_id}: the viewer's conversation with the member, if any, and whether the viewer
 * may write to them now (in it, or to start one). 404 for a member who is not live and shares none.
 */
export async function conversationWith(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
): Promise<ConversationWithResponse> {
  const me = viewer.user.id;
  if (userId === me) return { data: null, can_start: false, reason: CONVERSATION_MESSAGES.self };
  const pair = pairKey(me, userId);
  const row = await q.selectConversationOfPair(ctx.db, me, pair);
  if (row) {
    const data = toConversation(ctx.storage, row);
    return { data, can_start: data.can_send, reason: data.read_only_reason };
  }
  const at = ctx.clock.now();
  const facts = await q.selectStartFacts(ctx.db, me, userId, pair, new Date(at - DAY_MS));
  if (!facts) throw new AppError(404, MESSAGES.http.notFound);
  const refusal = startRefusal(startFactsOf(ctx, viewer, facts, at));
  if (refusal?.status === 404) throw new AppError(404, refusal.message);
  return { data: null, can_start: refusal === null, reason: refusal?.message ?? null };
}

/** The conversation's facts for the viewer, its lock held; 404 when the viewer is not a member. */
async function lockedFacts(tx: Tx, viewer: Viewer, conversationId: number) {
  const facts = await q.selectSendFacts(tx, viewer.user.id, conversationId, true);
  if (!facts) throw conversationNotFound();
  return facts;
}

function viewOf(ctx: AppContext, viewer: Viewer, views: q.MemberViewRow[]): Conversation {
  const mine = views.find((view) => view.viewer_id === viewer.user.id);
  if (!mine) throw conversationNotFound();
  return toConversation(ctx.storage, mine);
}

/**
 * POST /conversations/{id}/read: the viewer read up to a message of the conversation (a marker only moves
 * forward). Their other tabs hear it; the other member only once the conversation is accepted, so the sender
 * of a request that waits learns nothing of its reading.
 */
export async function markRead(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: number,
  messageId: number,
): Promise<Conversation> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const facts = await lockedFacts(tx, viewer, conversationId);
    if (!(await q.messageIsIn(tx, conversationId, messageId)))
      throw new AppError(404, CONVERSATION_MESSAGES.messageNotFound);
    return { moved: await q.updateReadMarker(tx, conversationId, viewer.user.id, messageId), facts };
  });
  const views = outcome.moved
    ? await pushRead(ctx, { conversationId, readerId: viewer.user.id, messageId, toOther: outcome.facts.accepted })
    : await q.selectMemberViews(ctx.db, conversationId);
  return viewOf(ctx, viewer, views);
}

/**
 * POST /conversations/{id}/accept: the recipient of a request accepts it; both rows go to the inbox and both
 * members hear it. Accepting again changes nothing; the request's sender cannot accept it (403), nor can
 * either side across a block.
 */
export async function acceptRequest(ctx: AppContext, viewer: Viewer, conversationId: number): Promise<Conversation> {
  const accepted = await ctx.db.transaction(async (tx) => {
    const facts = await lockedFacts(tx, viewer, conversationId);
    if (facts.accepted) return false;
    if (facts.started_by === viewer.user.id) throw new AppError(403, CONVERSATION_MESSAGES.requestWaiting);
    if (facts.blocked) throw new AppError(403, CONVERSATION_MESSAGES.blocked);
    await q.acceptConversation(tx, conversationId, viewer.user.id, now(ctx));
    return true;
  });
  const views = accepted
    ? await pushConversation(ctx, conversationId)
    : await q.selectMemberViews(ctx.db, conversationId);
  return viewOf(ctx, viewer, views);
}

/**
 * DELETE /conversations/{id}: the conversation leaves the viewer's boxes and its messages so far their view
 * (a request's "Delete"); the other member's view is untouched. A new message lists it again.
 */
export async function removeConversation(ctx: AppContext, viewer: Viewer, conversationId: number): Promise<OkResponse> {
  await ctx.db.transaction(async (tx) => {
    const facts = await lockedFacts(tx, viewer, conversationId);
    await q.clearConversation(tx, conversationId, viewer.user.id, Number(facts.last_message_id ?? 0));
  });
  await pushRemoved(ctx, viewer.user.id, conversationId);
  return { status: true, message: CONVERSATION_MESSAGES.removed };
}

/**
 * Something between two members changed what their conversation lets them do (a block or its end, from the
 * safety module, after its commit): each member hears the conversation as they now see it (`can_send`,
 * `read_only_reason`). Nothing when the pair has none.
 */
export async function conversationOfPairChanged(ctx: AppContext, a: string, b: string): Promise<void> {
  const id = await q.selectConversationIdOfPair(ctx.db, pairKey(a, b));
  if (id !== null) await pushConversation(ctx, id);
}

/** GET /media serves a message's photo while the message is live (not deleted or removed) and its sender too. */
export const isLiveMessageImage: LiveImageCheck = (ctx, { storageKey }) =>
  q.selectMessageImageIsLive(ctx.db, storageKey);

/**
 * The purge of deleted members (a step of modules/auth's purge): their messages stay in place, emptied and
 * from no one, their photos leave the storage, conversations left with no member go.
 */
export async function purgeMembersMessages(ctx: AppContext, tx: Tx, userIds: readonly string[]): Promise<void> {
  const keys = await q.purgeMessagesOf(tx, userIds);
  await Promise.all(keys.map((key) => deleteStoredImage(ctx, key)));
}
