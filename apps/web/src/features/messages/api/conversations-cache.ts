import type { Conversation, ConversationBox, ConversationsResponse, ConversationWithResponse } from '@corral/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** A box as the cache holds it: the infinite query of GET /conversations?box=, page after page. */
/**
 * The boxes, each once (the type holds the list to the contract's). Not CONVERSATION_BOXES: this module is in
 * every social page's first load (the chat icon's count), and the contract's module carries all the texts.
 */
const BOXES = Object.keys({ inbox: true, requests: true } satisfies Record<ConversationBox, true>) as ConversationBox[];

export type BoxData = InfiniteData<ConversationsResponse, string | null>;

/** The chat icon's counts: conversations with unread messages in each box. */
export type MessagesUnread = ConversationsResponse['unread'];

/** Newest activity first, as the server orders a box (the id breaks ties, newest first too). */
export function comesBefore(a: Conversation, b: Conversation): boolean {
  const at = Date.parse(a.last_message_at);
  const bt = Date.parse(b.last_message_at);
  return at === bt ? a.id > b.id : at > bt;
}

const mapPages = (data: BoxData, change: (page: ConversationsResponse) => ConversationsResponse): BoxData => ({
  ...data,
  pages: data.pages.map(change),
});

const holds = (data: BoxData | undefined, id: number) =>
  data?.pages.some((page) => page.data.some((conversation) => conversation.id === id)) ?? false;

/** The box without a conversation (moved to the other box, or removed); the same object when it is not there. */
export function withoutConversation(data: BoxData | undefined, id: number): BoxData | undefined {
  if (!data || !holds(data, id)) return data;
  return mapPages(data, (page) => ({ ...page, data: page.data.filter((conversation) => conversation.id !== id) }));
}

/**
 * The box with a conversation in its place by last activity, replacing its old copy. It goes among the pages
 * loaded; one older than all of them while more pages wait on the server is left for those pages to bring.
 */
export function withConversation(data: BoxData | undefined, conversation: Conversation): BoxData | undefined {
  if (!data || data.pages.length === 0) return data;
  const pages = data.pages.map((page) => ({ ...page, data: page.data.filter((c) => c.id !== conversation.id) }));
  const at = pages.findIndex((page) => page.data.some((other) => comesBefore(conversation, other)));
  if (at !== -1) {
    const page = pages[at] as ConversationsResponse;
    const index = page.data.findIndex((other) => comesBefore(conversation, other));
    pages[at] = { ...page, data: [...page.data.slice(0, index), conversation, ...page.data.slice(index)] };
  } else {
    const last = pages.at(-1) as ConversationsResponse;
    if (last.next_cursor !== null) return holds(data, conversation.id) ? { ...data, pages } : data;
    pages[pages.length - 1] = { ...last, data: [...last.data, conversation] };
  }
  return { ...data, pages };
}

/** The box with one conversation changed in place (a read marker, its unread count). */
export function patchConversation(
  data: BoxData | undefined,
  id: number,
  change: (conversation: Conversation) => Conversation,
): BoxData | undefined {
  if (!data || !holds(data, id)) return data;
  return mapPages(data, (page) => ({
    ...page,
    data: page.data.map((conversation) => (conversation.id === id ? change(conversation) : conversation)),
  }));
}

/** A conversation as the cache last saw it, in either box. */
export function cachedConversation(queryClient: QueryClient, id: number): Conversation | undefined {
  for (const box of BOXES) {
    const data = queryClient.getQueryData<BoxData>(conversationKeys.box(box));
    for (const page of data?.pages ?? []) {
      const found = page.data.find((conversation) => conversation.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A conversation as the server now shows it (a new message, accepted, read-only): in its box at its place,
 * out of the other box, and on the answer of GET /conversations/with/{its member}. Call it with every answer
 * that carries a conversation (a send, an accept) and with the stream's.
 */
export function putConversation(queryClient: QueryClient, conversation: Conversation): void {
  for (const box of BOXES) {
    queryClient.setQueryData<BoxData>(conversationKeys.box(box), (data) =>
      box === conversation.box ? withConversation(data, conversation) : withoutConversation(data, conversation.id),
    );
  }
  if (conversation.other) {
    queryClient.setQueryData<ConversationWithResponse>(conversationKeys.with(conversation.other.id), (answer) =>
      answer ? { ...answer, data: conversation } : answer,
    );
  }
}

/** A conversation gone from the member's boxes (Delete, or removed in another tab). */
export function removeConversation(queryClient: QueryClient, id: number): void {
  const other = cachedConversation(queryClient, id)?.other;
  for (const box of BOXES) {
    queryClient.setQueryData<BoxData>(conversationKeys.box(box), (data) => withoutConversation(data, id));
  }
  if (other) void queryClient.invalidateQueries({ queryKey: conversationKeys.with(other.id) });
}

/** One conversation changed in whichever box holds it. */
export function patchCachedConversation(
  queryClient: QueryClient,
  id: number,
  change: (conversation: Conversation) => Conversation,
): void {
  for (const box of BOXES) {
    queryClient.setQueryData<BoxData>(conversationKeys.box(box), (data) => patchConversation(data, id, change));
  }
}

/** The chat icon's counts, as the last answer or stream event gave them. */
export function putMessagesUnread(queryClient: QueryClient, unread: MessagesUnread): void {
  queryClient.setQueryData<MessagesUnread>(conversationKeys.unread(), {
    inbox: Math.max(0, unread.inbox),
    requests: Math.max(0, unread.requests),
  });
}
