import type { AppContext } from '../../app-context.ts';
import { pushTo } from '../stream/live.ts';
import { toConversation, toMessage } from './conversations.mapper.ts';
import * as q from './conversations.queries.ts';

/*
 * The live events of direct messages (ADR 029, "Live"), pushed after their change committed, to each member's
 * topic (every tab and device, through Redis across processes). What each member receives is read as they see
 * it, in one statement for both members.
 */

const countsOf = (row: q.MemberViewRow) => ({ inbox: row.unread_inbox, requests: row.unread_requests });

/**
 * A message was sent: each member (the sender's other tabs too) gets it with the conversation as they see it
 * and their unread counts. Answers the members' views, for the sender's answer.
 */
export async function pushMessage(ctx: AppContext, conversationId: number, messageId: number) {
  const views = await q.selectMemberViews(ctx.db, conversationId, messageId);
  // Both at once: neither member's event waits for the other's publication (a round trip to Redis).
  await Promise.all(
    views.map((view) =>
      view.message
        ? pushTo(ctx, view.viewer_id, {
            type: 'message',
            message: toMessage(ctx.storage, view.message, view.viewer_id),
            conversation: toConversation(ctx.storage, view),
            unread: countsOf(view),
          })
        : undefined,
    ),
  );
  return views;
}

/** A message was deleted by its sender (or removed): both members' views show it so. */
export async function pushMessageDeleted(ctx: AppContext, memberIds: string[], conversationId: number, id: number) {
  for (const userId of memberIds)
    await pushTo(ctx, userId, { type: 'message_deleted', conversation_id: conversationId, message_id: id });
}

/**
 * The reader read up to a message: their other tabs hear it (with their counts), and the other member too
 * once the conversation is accepted (their "Seen"). Answers the members' views.
 */
export async function pushRead(
  ctx: AppContext,
  input: { conversationId: number; readerId: string; messageId: number; toOther: boolean },
) {
  const views = await q.selectMemberViews(ctx.db, input.conversationId);
  for (const view of views)
    if (view.viewer_id === input.readerId || input.toOther)
      await pushTo(ctx, view.viewer_id, {
        type: 'message_read',
        conversation_id: input.conversationId,
        user_id: input.readerId,
        message_id: input.messageId,
        unread: countsOf(view),
      });
  return views;
}

/** The conversation changed for its members (accepted): each gets it as they see it. Answers the views. */
export async function pushConversation(ctx: AppContext, conversationId: number) {
  const views = await q.selectMemberViews(ctx.db, conversationId);
  for (const view of views)
    await pushTo(ctx, view.viewer_id, {
      type: 'conversation',
      conversation: toConversation(ctx.storage, view),
      id: conversationId,
    });
  return views;
}

/** The member removed the conversation from their boxes: their other tabs drop it. */
export async function pushRemoved(ctx: AppContext, userId: string, conversationId: number) {
  await pushTo(ctx, userId, { type: 'conversation', conversation: null, id: conversationId });
}
