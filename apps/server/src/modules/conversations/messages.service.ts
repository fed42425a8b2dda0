import {
  CONVERSATION_MESSAGES,
  MESSAGES,
  type SendMessageResponse,
  type sendMessageRequestSchema,
} from '@corral/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { AppError, retryLater } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { deleteStoredImage, type StoredImage, storeImage } from '../media/media.service.ts';
import { pushMessage, pushMessageDeleted } from './conversations.live.ts';
import { toConversation, toMessage } from './conversations.mapper.ts';
import {
  DAY_MS,
  HOUR_MS,
  isSuspended,
  pairKey,
  readOnlyReason,
  type StartFacts,
  startRefusal,
} from './conversations.policy.ts';
import * as q from './conversations.queries.ts';

/*
 * Sending and deleting messages (docs/decisions/029-direct-messages.md). A send is checked, its photos are
 * processed, then one transaction locks the conversation, checks again and writes; the live events go after
 * the commit. A client id names a message: the same one again answers the message already sent.
 */

export type MessageInput = z.output<typeof sendMessageRequestSchema> & { files: Buffer[] };

/** A send's answer, and whether it made a new message (201) or found the one sent before (200). */
export interface SendOutcome {
  created: boolean;
  answer: SendMessageResponse;
}

const now = (ctx: AppContext) => new Date(ctx.clock.now());
const conversationNotFound = () => new AppError(404, CONVERSATION_MESSAGES.notFound);
const refuse = (message: string) => new AppError(403, message);

/** The insert met the sender's message with the same client id: the transaction ends, nothing written. */
class SameClientId extends Error {}

/** A message needs words or a photo; its text is kept without the white space around it. */
/** Characters that show nothing (white space, zero-width and other format characters): a body of only these is empty. */
const INVISIBLE = /[\s\p{Cf}]/gu;

function bodyOf(input: MessageInput): string {
  const body = input.body.trim();
  if (!body.replace(INVISIBLE, '') && input.files.length === 0)
    throw new AppError(422, CONVERSATION_MESSAGES.bodyRequired, { body: [CONVERSATION_MESSAGES.bodyRequired] });
  return body;
}

/** Every send counts against the member's message limits (a resend too), and each photo as an upload. */
async function countSend(ctx: AppContext, viewer: Viewer, photos: number) {
  const id = viewer.user.id;
  await ctx.limiter.consume(
    ['messagesPerMemberMinute', id],
    ['messagesPerMemberHour', id],
    ...Array.from({ length: photos }, () => ['mediaUploadsPerMember', id] as const),
  );
  if (isSuspended(viewer.user.suspendedUntil, ctx.clock.now())) throw refuse(CONVERSATION_MESSAGES.suspended);
}

/**
 * The sender's message with this client id, if they sent one: answered again when it is in the conversation
 * this send is for (`belongs`), a 409 when the id named a message of another conversation.
 */
async function resent(
  ctx: AppContext,
  viewer: Viewer,
  clientId: string,
  belongs: (message: { conversationId: number; pairKey: string | null }) => boolean,
): Promise<SendOutcome | null> {
  const found = await q.selectMessageByClientId(ctx.db, viewer.user.id, clientId);
  if (!found) return null;
  if (!belongs(found))
    throw new AppError(409, CONVERSATION_MESSAGES.clientIdReused, {
      client_id: [CONVERSATION_MESSAGES.clientIdReused],
    });
  const views = await q.selectMemberViews(ctx.db, found.conversationId, found.id);
  return { created: false, answer: answerFor(ctx, viewer, views) };
}

function answerFor(ctx: AppContext, viewer: Viewer, views: q.MemberViewRow[]): SendMessageResponse {
  const mine = views.find((view) => view.viewer_id === viewer.user.id);
  if (!mine?.message) throw new Error('the sent message is not in its conversation');
  return {
    message: toMessage(ctx.storage, mine.message, viewer.user.id),
    conversation: toConversation(ctx.storage, mine),
  };
}

/** Refuses a send in a conversation the viewer may not write in now; 404 when they are not a member. */
function assertMaySend(viewer: Viewer, facts: q.SendFacts | undefined): asserts facts is q.SendFacts {
  if (!facts) throw conversationNotFound();
  const reason = readOnlyReason({
    blocked: facts.blocked,
    otherLive: facts.other_live,
    requestedByViewer: !facts.accepted && facts.started_by === viewer.user.id,
    requestSent: facts.request_sent,
  });
  if (reason) throw refuse(reason);
}

/**
 * The message, written in the viewer's conversation once its lock is held and the rules hold: it is the last,
 * and a reply to a request accepts it. Throws SameClientId when the sender already has a message with the id.
 */
async function write(tx: Tx, viewer: Viewer, conversationId: number, message: PreparedMessage) {
  const facts = await q.selectSendFacts(tx, viewer.user.id, conversationId, true);
  assertMaySend(viewer, facts);
  const accepting = !facts.accepted && facts.started_by !== viewer.user.id;
  const senderId = viewer.user.id;
  // Without photos, the message and what it changes are one statement (issue 20: a round trip less each).
  if (message.images.length === 0) {
    const messageId = await q.insertSentMessage(tx, { conversationId, senderId, accepting, ...message });
    if (messageId === null) throw new SameClientId();
    return { conversationId, messageId };
  }
  const messageId = await q.insertMessage(tx, { conversationId, senderId, ...message });
  if (messageId === null) throw new SameClientId();
  await q.recordSent(tx, { conversationId, messageId, senderId, accepting, at: message.at });
  return { conversationId, messageId };
}

interface PreparedMessage {
  clientId: string;
  body: string;
  images: StoredImage[];
  at: Date;
}

/**
 * Processes the photos, runs the transaction that writes the message, then pushes it to both members. What
 * is not written leaves no photo behind; a concurrent send of the same client id answers the one that won, and
 * so does a resend refused now (the first send went through): `again` finds it.
 */
async function deliver(
  ctx: AppContext,
  viewer: Viewer,
  input: MessageInput,
  body: string,
  transaction: (tx: Tx, message: PreparedMessage) => Promise<{ conversationId: number; messageId: number }>,
  again: () => Promise<SendOutcome | null>,
): Promise<SendOutcome> {
  const images: StoredImage[] = [];
  let written: { conversationId: number; messageId: number };
  try {
    for (const file of input.files) images.push(await storeImage(ctx, file));
    const message = { clientId: input.client_id, body, images, at: now(ctx) };
    written = await ctx.db.transaction((tx) => transaction(tx, message));
  } catch (error) {
    await Promise.all(images.map((image) => deleteStoredImage(ctx, image.storageKey)));
    if (!(error instanceof SameClientId || error instanceof AppError)) throw error;
    const outcome = await again();
    if (!outcome) throw error;
    return outcome;
  }
  const views = await pushMessage(ctx, written.conversationId, written.messageId);
  return { created: true, answer: answerFor(ctx, viewer, views) };
}

/** POST /conversations/{id}/messages: a message in one of the viewer's conversations. */
/** The policy's facts for the viewer starting a conversation, from the recipient's row and the configured age. */
export function startFactsOf(ctx: AppContext, viewer: Viewer, facts: q.StartFacts, at: number): StartFacts {
  return {
    blocked: facts.blocked,
    friends: facts.friends,
    policy: facts.policy,
    mutualFriend: facts.mutual_friend,
    senderPhoneVerified: viewer.user.phoneNumberVerified,
    senderAgeMs: at - viewer.user.createdAt.getTime(),
    minAccountAgeMs: ctx.config.messageStrangerMinAgeHours * HOUR_MS,
    startedToday: facts.started_today,
  };
}

export async function sendMessage(
  ctx: AppContext,
  viewer: Viewer,
  conversationId: number,
  input: MessageInput,
): Promise<SendOutcome> {
  const body = bodyOf(input);
  await countSend(ctx, viewer, input.files.length);
  const again = () => resent(ctx, viewer, input.client_id, (found) => found.conversationId === conversationId);
  if (input.files.length > 0) {
    // A resend answers, and a refusal comes, before any photo is processed; checked again under the lock.
    // Without photos the transaction's own checks answer the same (deliver asks `again` when it refuses), and the
    // statements saved are round trips of every send (issue 20).
    const before = await again();
    if (before) return before;
    assertMaySend(viewer, await q.selectSendFacts(ctx.db, viewer.user.id, conversationId, false));
  }
  return deliver(ctx, viewer, input, body, (tx, message) => write(tx, viewer, conversationId, message), again);
}

/**
 * Whether the viewer may start a conversation with the recipient now, or the pair's conversation when they
 * have one (whose own rules then apply). 404 for a recipient who is not a live member.
 */
async function planStart(
  ctx: AppContext,
  tx: Tx,
  viewer: Viewer,
  recipientId: string,
): Promise<{ existing: number } | { friends: boolean }> {
  const at = ctx.clock.now();
  const facts = await q.selectStartFacts(
    tx,
    viewer.user.id,
    recipientId,
    pairKey(viewer.user.id, recipientId),
    new Date(at - DAY_MS),
  );
  if (!facts) throw new AppError(404, MESSAGES.http.notFound);
  if (facts.conversation_id !== null) return { existing: Number(facts.conversation_id) };
  const refusal = startRefusal(startFactsOf(ctx, viewer, facts, at));
  if (refusal?.status === 429) {
    // The oldest start of the last day leaves the count a day after it was made.
    const frees = facts.oldest_start ? Date.parse(facts.oldest_start) + DAY_MS : at + DAY_MS;
    throw retryLater(429, refusal.message, Math.max(1, Math.ceil((frees - at) / 1000)));
  }
  if (refusal) throw new AppError(refusal.status, refusal.message);
  return { friends: facts.friends };
}

/**
 * POST /conversations: the pair's conversation, made if new (a request unless they are friends), and its
 * first message; when the pair already has one, the message goes there under its rules. A member's starts
 * take turns, so the daily cap counts exactly; two members starting at once end in one conversation.
 */
export async function startConversation(
  ctx: AppContext,
  viewer: Viewer,
  input: MessageInput & { recipient_id: string },
): Promise<SendOutcome> {
  const me = viewer.user.id;
  const recipientId = input.recipient_id;
  if (recipientId === me)
    throw new AppError(400, CONVERSATION_MESSAGES.self, { recipient_id: [CONVERSATION_MESSAGES.self] });
  const body = bodyOf(input);
  await countSend(ctx, viewer, input.files.length);
  const pair = pairKey(me, recipientId);
  const again = () => resent(ctx, viewer, input.client_id, (found) => found.pairKey === pair);
  if (input.files.length > 0) {
    // As in sendMessage: only photos are worth checking for before the transaction, which checks again.
    const before = await again();
    if (before) return before;
    const plan = await planStart(ctx, ctx.db, viewer, recipientId);
    if ('existing' in plan) assertMaySend(viewer, await q.selectSendFacts(ctx.db, me, plan.existing, false));
  }
  return deliver(
    ctx,
    viewer,
    input,
    body,
    async (tx, message) => {
      await q.lockStartsOf(tx, me);
      const current = await planStart(ctx, tx, viewer, recipientId);
      if ('existing' in current) return write(tx, viewer, current.existing, message);
      const made = await q.insertConversationWithMembers(tx, {
        pairKey: pair,
        startedBy: me,
        recipientId,
        recipientBox: current.friends ? 'inbox' : 'requests',
        accepted: current.friends,
        at: message.at,
      });
      // The recipient started theirs meanwhile: this message goes there (a reply, which accepts it).
      if (made === null) {
        const existing = await planStart(ctx, tx, viewer, recipientId);
        if (!('existing' in existing)) throw new Error('the pair has no conversation after a conflict on its key');
        return write(tx, viewer, existing.existing, message);
      }
      return write(tx, viewer, made, message);
    },
    again,
  );
}

/**
 * DELETE /messages/{id}: the sender's own message shows as deleted to both; its text goes at once, its
 * photos leave the storage after the commit. Deleting it again changes nothing. Another's message, or one
 * of a conversation the viewer is not in, answers 404.
 */
export async function deleteMessage(ctx: AppContext, viewer: Viewer, messageId: number): Promise<void> {
  const found = await q.selectMessageOfMember(ctx.db, viewer.user.id, messageId);
  if (!found || found.sender_id !== viewer.user.id) throw new AppError(404, CONVERSATION_MESSAGES.messageNotFound);
  if (found.deleted) return;
  const conversationId = Number(found.conversation_id);
  const keys = await ctx.db.transaction((tx) => q.deleteMessageContent(tx, messageId, now(ctx)));
  await Promise.all(keys.map((key) => deleteStoredImage(ctx, key)));
  await pushMessageDeleted(ctx, await q.selectMemberIds(ctx.db, conversationId), conversationId, messageId);
}
