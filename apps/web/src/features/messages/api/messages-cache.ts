import type { Conversation, Message, MessagesResponse, StreamEvent } from '@corral/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../../lib/query-keys.ts';

/**
 * The one place that edits a conversation's cached messages (`conversationKeys.messages(id)`, an infinite
 * query whose first page is the newest): the live stream's events, and the answers of this tab's own sends,
 * deletions and reads. Only conversations whose messages are loaded change; the others are fetched when opened.
 * The inbox's lists and the chat icon's counts are not touched here.
 */

export type MessagesData = InfiniteData<MessagesResponse, string | null>;

const messagesOf = (queryClient: QueryClient, conversationId: number) =>
  queryClient.getQueryData<MessagesData>(conversationKeys.messages(conversationId));

function update(
  queryClient: QueryClient,
  conversationId: number,
  change: (data: MessagesData) => MessagesData | undefined,
): void {
  queryClient.setQueryData<MessagesData>(conversationKeys.messages(conversationId), (data) =>
    data ? (change(data) ?? data) : data,
  );
}

const sameMessage = (a: Message, b: Message) =>
  a.id === b.id || (a.client_id !== null && a.client_id === b.client_id && a.sender_id === b.sender_id);

/** `data` with `change` applied to every page's conversation. */
function withConversation(data: MessagesData, change: (conversation: Conversation) => Conversation): MessagesData {
  return { ...data, pages: data.pages.map((page) => ({ ...page, conversation: change(page.conversation) })) };
}

/**
 * A message sent or received: put in its conversation's newest page at its place (newest first), replacing the
 * copy already there (the same id, or the same sender's `client_id`: a resend, or this tab's own send arriving
 * back through the stream), and the conversation as it now stands.
 */
export function putMessage(queryClient: QueryClient, message: Message, conversation?: Conversation): void {
  update(queryClient, message.conversation_id, (data) => {
    let replaced = false;
    const pages = data.pages.map((page) => {
      if (!page.data.some((entry) => sameMessage(entry, message))) return page;
      const kept = page.data.filter((entry) => !sameMessage(entry, message));
      if (replaced) return { ...page, data: kept };
      replaced = true;
      return { ...page, data: insertByNewest(kept, message) };
    });
    const [first, ...rest] = pages;
    if (!first) return undefined;
    const next = {
      ...data,
      pages: replaced ? pages : [{ ...first, data: insertByNewest(first.data, message) }, ...rest],
    };
    return conversation ? withConversation(next, () => conversation) : next;
  });
}

/** `messages` (newest first) with `message` at its place by id. */
function insertByNewest(messages: Message[], message: Message): Message[] {
  const index = messages.findIndex((entry) => entry.id < message.id);
  return index < 0 ? [...messages, message] : [...messages.slice(0, index), message, ...messages.slice(index)];
}

/**
 * A message deleted by its sender or removed by a moderator: it keeps its place, emptied. The stream does not
 * say which of the two, so a message not deleted here is marked deleted until the page is fetched again.
 */
export function putMessageGone(
  queryClient: QueryClient,
  conversationId: number,
  messageId: number,
  state: 'deleted' | 'removed' = 'deleted',
): void {
  const gone = (message: Message): Message =>
    message.id === messageId ? { ...message, state, body: '', images: [] } : message;
  update(queryClient, conversationId, (data) => ({
    ...data,
    pages: data.pages.map((page) =>
      page.data.some((message) => message.id === messageId)
        ? {
            ...page,
            data: page.data.map(gone),
            conversation: withLastMessage(page.conversation, gone),
          }
        : { ...page, conversation: withLastMessage(page.conversation, gone) },
    ),
  }));
}

const withLastMessage = (conversation: Conversation, change: (message: Message) => Message): Conversation =>
  conversation.last_message ? { ...conversation, last_message: change(conversation.last_message) } : conversation;

/** The conversation as it now stands (accepted, blocked, read-only…), in its cached messages. */
export function putConversation(queryClient: QueryClient, conversation: Conversation): void {
  update(queryClient, conversation.id, (data) => withConversation(data, () => conversation));
}

/**
 * A member read up to `messageId`: the other member's marker moves forward ("Seen"); the viewer's own read (in
 * this tab or another) leaves nothing unread.
 */
export function putRead(queryClient: QueryClient, conversationId: number, userId: string, messageId: number): void {
  const data = messagesOf(queryClient, conversationId);
  const other = data?.pages[0]?.conversation.other?.id;
  update(queryClient, conversationId, (current) =>
    withConversation(current, (conversation) =>
      userId === other
        ? { ...conversation, other_last_read_id: Math.max(conversation.other_last_read_id ?? 0, messageId) }
        : { ...conversation, unread: 0 },
    ),
  );
}

/**
 * What a live stream event does to cached messages (the inbox's lists and counts are not touched here):
 * - `message`: put into its conversation (deduplicated by id, and by client id against this tab's own send);
 * - `message_deleted`: emptied in place, then fetched again (deleted or removed, the event does not say);
 * - `message_read`: the other member's "Seen" marker, or the viewer's own unread count;
 * - `conversation`: its new state; a conversation removed from the viewer's boxes is fetched again (its
 *   history is cleared for them).
 * Other events change nothing here (a fresh `ready` refetches every conversation query: stream-events.ts).
 */
export function applyMessageStreamEvent(queryClient: QueryClient, event: StreamEvent): void {
  switch (event.type) {
    case 'message':
      putMessage(queryClient, event.message, event.conversation);
      return;
    case 'message_deleted':
      putMessageGone(queryClient, event.conversation_id, event.message_id);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(event.conversation_id) });
      return;
    case 'message_read':
      putRead(queryClient, event.conversation_id, event.user_id, event.message_id);
      return;
    case 'conversation':
      if (event.conversation) putConversation(queryClient, event.conversation);
      else void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(event.id) });
      return;
    default:
      return;
  }
}
