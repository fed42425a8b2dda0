import { CONVERSATION_LIMITS } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { literal, preparedStatement } from '../../db/sql.ts';
import type { MissedEvents } from '../stream/stream.service.ts';
import { toConversation, toMessage } from './conversations.mapper.ts';
import {
  type ConversationRow,
  MESSAGE_JSON,
  type MessageRow,
  UNREAD_COUNTS,
  VIEW_COLUMNS,
  VIEW_FROM,
} from './conversations.queries.ts';

/*
 * What a resuming stream missed of direct messages (ADR 029, "Live"): the messages created in the member's
 * listed conversations since a time, each as the `message` event it would have had live. The stream remembers
 * `message:<id>`, so a message that the bus brings as well goes out once.
 * The view's SQL and the mapper are the module's own (conversations.queries.ts, conversations.mapper.ts), so
 * what a member is shown is decided in one place.
 */

/** Messages a resume replays in all: the newest, when more were missed (the web refetches what it lacks). */
export const MISSED_MESSAGES_MAX = 200;

type MissedRow = ConversationRow & { unread_inbox: number; unread_requests: number; messages: MessageRow[] };

/**
 * One statement. `picked`: in each listed conversation that had a message since the time (the member's row
 * carries the conversation's last message time), its newest page of messages after what the member cleared
 * (messages_conversation_idx), those created since; the newest `MISSED_MESSAGES_MAX` of all. Then each of
 * those conversations as the member sees it, with its picked messages, and the member's unread counts.
 */
const missed = preparedStatement<{ viewer: string; since: string }, MissedRow>(
  ({ viewer, since }) => sql`
    with picked as (
      select cm.conversation_id, r.id from conversation_members cm
      cross join lateral (
        select m.id, m.created_at from messages m
        where m.conversation_id = cm.conversation_id and m.id > cm.cleared_message_id
        order by m.id desc limit ${literal(CONVERSATION_LIMITS.messagesPageSize)}) r
      where cm.user_id = ${viewer} and cm.listed and cm.box in ('inbox', 'requests')
        and cm.last_message_at >= ${since}::timestamptz and r.created_at >= ${since}::timestamptz
      order by r.id desc limit ${literal(MISSED_MESSAGES_MAX)})
    select ${VIEW_COLUMNS},
      n.unread_inbox, n.unread_requests,
      (select json_agg(x.message order by x.id) from (
        select m.id, ${MESSAGE_JSON} as message from picked p
        join messages m on m.id = p.id left join users su on su.id = m.sender_id
        where p.conversation_id = c.id) x) as messages
    from ${VIEW_FROM} cross join (${UNREAD_COUNTS(viewer)}) n
    where cm.user_id = ${viewer} and cm.conversation_id in (select conversation_id from picked)`,
);

/**
 * The messages created in a member's listed conversations since a time, oldest first: at most a page per
 * conversation and `MISSED_MESSAGES_MAX` in all, each with the conversation as the member sees it now and
 * their unread counts (as a live `message` event). Messages the member cleared are not theirs to replay.
 */
export const missedMessages: MissedEvents = async (ctx, userId, since) => {
  const rows = await missed(ctx.db, { viewer: userId, since: since.toISOString() });
  return rows
    .flatMap((row) => {
      const conversation = toConversation(ctx.storage, row);
      const unread = { inbox: row.unread_inbox, requests: row.unread_requests };
      return (row.messages ?? []).map((message) => ({
        message: toMessage(ctx.storage, message, userId),
        conversation,
        unread,
      }));
    })
    .sort((a, b) => a.message.id - b.message.id)
    .map((event) => ({ type: 'message' as const, ...event }));
};
