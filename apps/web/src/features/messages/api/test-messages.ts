import type { Conversation, Message, MessagesResponse } from '@corral/contract';
import type { MessagesData } from './messages-cache.ts';

/** The viewer of the messages tests, and the member they write to. */
export const ME = 'member-me';
export const OTHER = 'member-other';

export function message(id: number, changes: Partial<Message> = {}): Message {
  return {
    id,
    conversation_id: 7,
    sender_id: OTHER,
    body: `Message ${id}`,
    images: [],
    state: 'sent',
    client_id: null,
    created_at: new Date(Date.UTC(2026, 2, 2, 12, id)).toISOString(),
    ...changes,
  };
}

export function conversation(changes: Partial<Conversation> = {}): Conversation {
  return {
    id: 7,
    other: { id: OTHER, first_name: 'Wade', last_name: 'Hollis', avatar: null },
    box: 'inbox',
    status: 'accepted',
    requested_by_me: false,
    last_message: null,
    last_message_at: new Date(Date.UTC(2026, 2, 2, 12)).toISOString(),
    unread: 0,
    other_last_read_id: null,
    can_send: true,
    read_only_reason: null,
    ...changes,
  };
}

/** An answer of GET /conversations/7/messages: the messages given newest first. */
export const page = (
  messages: Message[],
  nextCursor: string | null = null,
  about: Conversation = conversation(),
): MessagesResponse => ({ data: messages, next_cursor: nextCursor, conversation: about });

/** Cached pages, the first the newest. */
export const messagesData = (...pages: MessagesResponse[]): MessagesData => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});
