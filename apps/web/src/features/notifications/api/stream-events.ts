import {
  STREAM_EVENT_TYPES as CONTRACT_STREAM_EVENT_TYPES,
  type StreamEvent,
  type StreamEventType,
} from '@corral/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  accountKeys,
  conversationKeys,
  friendKeys,
  haulKeys,
  itemKeys,
  notificationKeys,
  profileKeys,
  safetyKeys,
} from '../../../lib/query-keys.ts';
import { putUnread } from './notifications-cache.ts';

/** The SSE event names the stream sends (its `event:` field), one per kind of `streamEventSchema`. */
export const STREAM_EVENT_TYPES: readonly StreamEventType[] = CONTRACT_STREAM_EVENT_TYPES;

/** The chat icon's counts: conversations with unread messages in the inbox and in requests. */
export type MessagesUnread = { inbox: number; requests: number };

/**
 * What one stream event does to the query cache. The boxes and conversations of direct messages change by
 * their own handler (features/messages/api/messages-stream.ts, composed with this one by the social layout);
 * here, the chat icon's counts the events carry.
 */
export type CacheAction =
  | { kind: 'unread'; unread: number }
  | { kind: 'messagesUnread'; unread: MessagesUnread }
  /** `answeredBefore`: only the queries whose last answer arrived before then (Date.now() time), and not in flight. */
  | { kind: 'invalidate'; queryKey: QueryKey; answeredBefore?: number };

const invalidate = (queryKey: QueryKey, answeredBefore?: number): CacheAction => ({
  kind: 'invalidate',
  queryKey,
  answeredBefore,
});

/**
 * The cache actions of a stream event: counts are put as they come, lists are fetched again (only those on
 * screen at once; the others when next shown). `connectedAt` is when the connection that brought the event was
 * asked for.
 */
export function cacheActionsFor(event: StreamEvent, connectedAt?: number): CacheAction[] {
  switch (event.type) {
    case 'notification':
      return [
        { kind: 'unread', unread: event.unread },
        invalidate(notificationKeys.pages()),
        // A moderator's decision: the account menu's 'Account standing' shows it from now on.
        ...(event.notification.kind === 'moderation' || event.notification.kind === 'appeal'
          ? [invalidate(safetyKeys.standing())]
          : []),
        // The member's export is ready (or failed): the Account page's section shows its link at once.
        ...(event.notification.kind === 'data_export' ? [invalidate(accountKeys.dataExport())] : []),
      ];
    case 'unread':
      return [{ kind: 'unread', unread: event.unread }];
    case 'ready': {
      // A fresh start (not resumed): events may have been missed while away, so anything they touch is
      // fetched again. `friendKeys.all` holds the requests too; `conversationKeys.all` the boxes and the
      // conversations (a resumed stream replays the messages it missed instead). Only lists answered before
      // this connection was asked for: those answered since, or still on their way (a page's first load: the
      // stream opens with the lists it shows), are as new as the stream, and asking again would fetch each twice.
      const counts: CacheAction[] = [{ kind: 'unread', unread: event.unread }];
      if (isFields(event.messages)) counts.push({ kind: 'messagesUnread', unread: event.messages });
      return event.resumed
        ? counts
        : [
            ...counts,
            invalidate(notificationKeys.pages(), connectedAt),
            invalidate(friendKeys.all, connectedAt),
            invalidate(conversationKeys.all, connectedAt),
          ];
    }
    case 'friend_request':
      // The asker's profile, if open, turns to Confirm / Delete; the asker leaves the suggestions.
      return [
        invalidate(friendKeys.requests()),
        invalidate(profileKeys.profile(event.request.user.id)),
        invalidate(itemKeys.suggestions()),
      ];
    case 'friend_request_removed':
      return [invalidate(friendKeys.requests())];
    case 'friendship':
      return [
        invalidate(friendKeys.all),
        invalidate(profileKeys.profile(event.user_id)),
        // A private profile opens to a new friend (and closes to a former one).
        invalidate(itemKeys.profilePosts(event.user_id)),
        invalidate(itemKeys.timeline()),
        invalidate(itemKeys.suggestions()),
      ];
    case 'message':
    case 'message_read':
      return [{ kind: 'messagesUnread', unread: event.unread }];
    case 'message_deleted':
    case 'conversation':
      return [];
    case 'haul_booking':
      // A booking of the member's changed (the other side acted): the board, My hauls and the booking refetch.
      return [invalidate(haulKeys.all)];
  }
}

export function applyCacheActions(queryClient: QueryClient, actions: CacheAction[]): void {
  for (const action of actions) {
    if (action.kind === 'unread') putUnread(queryClient, action.unread);
    else if (action.kind === 'messagesUnread') {
      queryClient.setQueryData<MessagesUnread>(conversationKeys.unread(), {
        inbox: Math.max(0, action.unread.inbox),
        requests: Math.max(0, action.unread.requests),
      });
    } else {
      const { queryKey, answeredBefore } = action;
      void queryClient.invalidateQueries({
        queryKey,
        predicate: ({ state }) =>
          answeredBefore === undefined || (state.fetchStatus !== 'fetching' && state.dataUpdatedAt < answeredBefore),
      });
    }
  }
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isCounts = (value: unknown): value is MessagesUnread =>
  isFields(value) && isInt(value.inbox) && isInt(value.requests);
/** What the boxes read of a conversation: its id, its box and when it was last active. */
const isConversation = (value: unknown): value is Fields =>
  isFields(value) &&
  isInt(value.id) &&
  (value.box === 'inbox' || value.box === 'requests') &&
  typeof value.last_message_at === 'string' &&
  isInt(value.unread);

/**
 * What each kind must carry: the fields the cache actions read, checked by hand rather than with the
 * contract's `streamEventSchema`, because the stream opens with every social page and zod would then be
 * part of each one's first load (issue 10's budgets). A kind added to the contract fails to compile here.
 */
const HAS_FIELDS: { [Type in StreamEventType]: (body: Fields) => boolean } = {
  notification: (body) => isFields(body.notification) && isInt(body.notification.id) && isInt(body.unread),
  unread: (body) => isInt(body.unread),
  friend_request: (body) =>
    isFields(body.request) &&
    isInt(body.request.id) &&
    isFields(body.request.user) &&
    typeof body.request.user.id === 'string',
  friend_request_removed: (body) => isInt(body.id),
  friendship: (body) =>
    typeof body.user_id === 'string' &&
    (body.friendship_status === 'friends' || body.friendship_status === 'not_friends'),
  // `messages` (the chat icon's counts) is read when there: a ready without it still starts the stream.
  ready: (body) =>
    isInt(body.unread) && typeof body.resumed === 'boolean' && (body.messages === undefined || isCounts(body.messages)),
  message: (body) =>
    isFields(body.message) &&
    isInt(body.message.id) &&
    isConversation(body.conversation) &&
    body.message.conversation_id === body.conversation.id &&
    isCounts(body.unread),
  message_deleted: (body) => isInt(body.conversation_id) && isInt(body.message_id),
  message_read: (body) =>
    isInt(body.conversation_id) && typeof body.user_id === 'string' && isInt(body.message_id) && isCounts(body.unread),
  conversation: (body) => isInt(body.id) && (body.conversation === null || isConversation(body.conversation)),
  // Read by nothing but its kind (it refetches the board): a booking object is enough.
  haul_booking: (body) => isFields(body.booking),
};

const isStreamEventType = (type: string): type is StreamEventType => Object.hasOwn(HAS_FIELDS, type);

/**
 * An SSE message as a stream event: its `data` JSON, checked against the SSE `event` name it came under
 * and for the fields its kind carries; null for anything else (a newer server's event is skipped, not
 * fatal).
 */
export function parseStreamEvent(type: string, data: string): StreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  // The name on the wire is the type; a body may leave it out.
  if (!isFields(json) || !isStreamEventType(type)) return null;
  const body: Fields = { type, ...json };
  return body.type === type && HAS_FIELDS[type](body) ? (body as StreamEvent) : null;
}
