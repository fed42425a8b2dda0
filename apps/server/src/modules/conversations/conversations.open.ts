import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/sql.ts';
import { pushMessage } from './conversations.live.ts';
import { pairKey } from './conversations.policy.ts';
import * as q from './conversations.queries.ts';

/*
 * A conversation opened by something other than a member writing (a haul booking, ADR 030): consent to talk
 * was given by the act itself, so the stranger rules of ADR 029 (message policy, new account, daily cap, a
 * request's allowance) do not apply. Blocks are the caller's to have refused already.
 */

/** What was written, to deliver with `deliverOpened` once the caller's transaction has committed. */
export interface OpenedConversation {
  conversationId: number;
  messageId: number;
}

/**
 * In the caller's transaction: the pair's conversation (found by its key, or made accepted with both in the
 * inbox), accepted if it was a request, and `firstMessageFromA` posted in it as a normal message of `aId`
 * (`clientId` names it, so a retried caller does not post it twice). Locks the conversation until the end of
 * the transaction, as a send does.
 */
export async function openConversationFor(
  ctx: AppContext,
  tx: Tx,
  aId: string,
  bId: string,
  firstMessageFromA: string,
  clientId: string = randomUUID(),
): Promise<OpenedConversation> {
  const at = new Date(ctx.clock.now());
  const pair = pairKey(aId, bId);
  let conversationId = await q.selectConversationIdOfPair(tx, pair);
  if (conversationId === null) {
    const made = await q.insertConversation(tx, { pairKey: pair, startedBy: aId, accepted: true, at });
    if (made !== null) {
      await q.insertMembers(
        tx,
        made,
        [
          { userId: aId, box: 'inbox' },
          { userId: bId, box: 'inbox' },
        ],
        at,
      );
    }
    // Made by the pair meanwhile: the unique key kept one, which is theirs.
    conversationId = made ?? (await q.selectConversationIdOfPair(tx, pair));
    if (conversationId === null) throw new Error('the pair has no conversation after a conflict on its key');
  }
  const facts = await q.selectSendFacts(tx, aId, conversationId, true);
  if (!facts) throw new Error('the member is not in the conversation of their pair');
  if (!facts.accepted) await q.acceptConversation(tx, conversationId, aId, at);
  const messageId = await q.insertMessage(tx, {
    conversationId,
    senderId: aId,
    clientId,
    body: firstMessageFromA,
    images: [],
    at,
  });
  if (messageId === null) {
    const sent = await q.selectMessageByClientId(tx, aId, clientId);
    if (!sent) throw new Error('the message of this client id is missing');
    return { conversationId: sent.conversationId, messageId: sent.id };
  }
  await q.recordSent(tx, { conversationId, messageId, senderId: aId, accepting: false, at });
  return { conversationId, messageId };
}

/** After the commit: both members receive the message live, as any message (and the conversation's change). */
export async function deliverOpened(ctx: AppContext, opened: OpenedConversation): Promise<void> {
  await pushMessage(ctx, opened.conversationId, opened.messageId);
}
