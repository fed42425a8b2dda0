import type { Conversation, ConversationsResponse, Message } from '@corral/contract';
import type { BoxData } from './conversations-cache.ts';

/** Test data: conversations and their boxes as the server answers them. */

export const ME = 'member-1';

export function message(id: number, over: Partial<Message> = {}): Message {
  return {
    id,
    conversation_id: 1,
    sender_id: 'u-2',
    body: `Message ${id}`,
    images: [],
    state: 'sent',
    client_id: null,
    created_at: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}

/** A conversation with member `u-{id+1}`, last active `minute` minutes after 10:00. */
export function conversation(id: number, minute = id, over: Partial<Conversation> = {}): Conversation {
  const at = new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString();
  return {
    id,
    other: { id: `u-${id + 1}`, first_name: 'Ty', last_name: `Murray ${id}`, avatar: null },
    box: 'inbox',
    status: 'accepted',
    requested_by_me: false,
    last_message: message(id * 10, { conversation_id: id, sender_id: `u-${id + 1}`, created_at: at }),
    last_message_at: at,
    unread: 0,
    other_last_read_id: null,
    can_send: true,
    read_only_reason: null,
    ...over,
  };
}

export function page(
  conversations: Conversation[],
  next_cursor: string | null = null,
  unread = { inbox: 0, requests: 0 },
): ConversationsResponse {
  return { data: conversations, next_cursor, unread };
}

export function box(...pages: ConversationsResponse[]): BoxData {
  return { pages, pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)) };
}

export const ids = (data: BoxData | undefined) => data?.pages.map((p) => p.data.map((c) => c.id));
